import { describe, expect, it } from "vitest";
import { getFeatureType } from "../../../schemas/index.ts";
import { editingSchema } from "./editingSchema.ts";

describe("editingSchema", () => {
  it("drops conditions and keeps every field", () => {
    const schema = getFeatureType("ContactUs")!.schema as any;
    const edited = editingSchema(schema) as any;
    const method = edited.properties.groups.items.properties.methods.items;
    expect(method.allOf).toBeUndefined();
    expect(Object.keys(method.properties)).toEqual(
      Object.keys(schema.properties.groups.items.properties.methods.items.properties),
    );
    expect(JSON.stringify(edited)).not.toContain('"if"');
  });
  it("is computed once per schema", () => {
    const schema = getFeatureType("Form")!.schema as object;
    expect(editingSchema(schema)).toBe(editingSchema(schema));
  });
});
