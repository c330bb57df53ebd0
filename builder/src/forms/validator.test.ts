import { describe, expect, it } from "vitest";
import { getFeatureType } from "../../../schemas/index.ts";
import { validator } from "./validator.ts";

describe("RJSF validator", () => {
  it("builds on the product's ajv and resolves conditional schemas", () => {
    const schema = getFeatureType("ContactUs")!.schema as object;
    expect(validator.isValid(schema, { type: "ContactUs" }, schema)).toBe(false);
    const errors = validator.validateFormData({ title: "" }, getFeatureType("ClickToCall")!.schema as object);
    expect(errors.errors.length).toBeGreaterThan(0);
  });
});
