import { describe, expect, it } from "vitest";
import { newFeature } from "../../../core/index.ts";
import { AppDefinition, validate } from "../../../schemas/index.ts";
import { describeError, fieldWords, plainMessage, pointerMessage } from "./describeError.ts";

describe("describeError", () => {
  it("names the feature and the field of a save error, and says where the fix is", () => {
    const loyalty = { ...newFeature("Loyalty"), code: "12" };
    const definition = { name: "Test Motors", features: [newFeature("ClickToCall"), loyalty] } as Record<
      string,
      any
    >;
    definition.features[0].phone = "(555) 010-2030";
    const errors = validate(AppDefinition, structuredClone(definition));
    const codeError = errors.find((e) => e.path === "/features/1/code")!;
    expect(codeError.message).toBe("value should be minimum 5 characters");
    expect(describeError(definition, codeError, AppDefinition)).toEqual({
      text: "Loyalty card, Code: value should be minimum 5 characters",
      featureId: loyalty.id,
      field: "/code",
    });
  });

  it("names list items by their position and app-level fields alone", () => {
    const contact = newFeature("ContactUs");
    const definition = { name: "", features: [contact] };
    const located = describeError(definition, {
      path: "/features/0/groups/1/name",
      message: "value can't be empty",
    });
    expect(located.text).toMatch(/^Contact us, .+, item 2, .+: value can't be empty$/);
    expect(located.field).toBe("/groups/1/name");
    expect(
      describeError(definition, { path: "/name", message: "value can't be empty" }, AppDefinition),
    ).toEqual({
      text: "Name: value can't be empty",
      field: "/name",
    });
  });

  it("never shows the validator's wording", () => {
    expect(plainMessage("must be <= 100")).toBe("value should be at most 100");
    expect(plainMessage("must be >= 1")).toBe("value should be at least 1");
    expect(plainMessage("must NOT have additional properties")).toBe(
      "this field is not part of the form; remove it",
    );
    expect(plainMessage("must NOT have more than 3 items")).toBe("value should be maximum 3 items");
    expect(plainMessage("value can't be empty")).toBe("value can't be empty");
  });

  it("reads a field name from the schema titles, or from the key", () => {
    expect(fieldWords({ properties: { linkText: {} } }, "/linkText")).toBe("Link text");
    expect(fieldWords({ properties: { code: { title: "Code" } } }, "/code")).toBe("Code");
  });

  it("reads a pointer at the start of a server message", () => {
    expect(pointerMessage("/definition/features/5/code: value should be minimum 5 characters")).toEqual({
      path: "/features/5/code",
      message: "value should be minimum 5 characters",
    });
    expect(pointerMessage("Someone else saved this app")).toBeNull();
  });
});
