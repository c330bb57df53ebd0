import { describe, expect, it } from "vitest";
import { getFeatureType, Theme } from "../../../schemas/index.ts";
import { enhanceUiSchema } from "./enhanceUiSchema.ts";

describe("enhanceUiSchema", () => {
  it("gives timeframes, images, colours and icons their widgets", () => {
    const ui = enhanceUiSchema(getFeatureType("ContactUs")!.schema as object) as any;
    expect(ui.timeframe["ui:field"]).toBe("timeframe");
    expect(ui.icon["ui:widget"]).toBe("icon");
    expect(ui.groups.items.image["ui:widget"]).toBe("image");
    expect(ui.groups.items.methods.items["ui:field"]).toBe("contactMethod");
  });
  it("keeps what the registry's uiSchema already says", () => {
    const module = getFeatureType("Loyalty")!;
    const ui = enhanceUiSchema(module.schema as object, module.uiSchema) as any;
    expect(ui["ui:order"]).toEqual(module.uiSchema["ui:order"]);
    expect(ui.stampIcon["ui:widget"]).toBe("icon");
  });
  it("uses colour pickers for the theme", () => {
    const ui = enhanceUiSchema(Theme as object) as any;
    expect(ui.iconColor["ui:widget"]).toBe("color");
  });
  it("offers the theme's layout as pictures (the layout picker), not a list of code names", () => {
    const ui = enhanceUiSchema(Theme as object, { layout: { "ui:enumNames": ["SingleRow"] } }) as any;
    expect(ui.layout).toEqual({ "ui:enumNames": ["SingleRow"], "ui:widget": "layout" });
    expect(enhanceUiSchema({ type: "object", properties: { layout: { type: "string" } } }) as any).toEqual(
      {},
    );
  });
  it("gives a custom form's fields the field builder", () => {
    const ui = enhanceUiSchema(getFeatureType("Form")!.schema as object) as any;
    expect(ui.fields.items["ui:field"]).toBe("formField");
  });
});
