import { describe, expect, it } from "vitest";
import { validate } from "../../../schemas/index.ts";
import { findSection, sectionSchema, sectionValue, settingsSections, withSectionValue } from "./sections.ts";

describe("settings sections", () => {
  it("cover every setting the spec lists", () => {
    const covered = settingsSections.flatMap((s) => ("pick" in s ? s.pick : [s.property]));
    for (const k of [
      "name",
      "logo",
      "cover",
      "coverPath",
      "coverVideo",
      "coverSlides",
      "coverBrands",
      "coverLocations",
      "coverTimeframe",
      "theme",
      "website",
      "tilesConfig",
      "signIn",
    ])
      expect(covered).toContain(k);
  });
  it("cut and put back a picked section", () => {
    const brand = findSection("brand")!;
    const d = { name: "Motors", cover: "/c.png" };
    expect(sectionValue(brand, d)).toEqual({ name: "Motors" });
    expect(withSectionValue(brand, d, { name: "Motors 2", website: "" })).toEqual({
      name: "Motors 2",
      cover: "/c.png",
    });
  });
  it("validate with the customer's messages", () => {
    const brand = findSection("brand")!;
    expect(validate(sectionSchema(brand), { name: "abc" })).toEqual([
      { path: "/name", message: "value should be minimum 4 characters" },
    ]);
  });
});
