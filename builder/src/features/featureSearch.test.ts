import { describe, expect, it } from "vitest";
import { type FeatureEntry, searchFeatures } from "./featureSearch.ts";

const entries: FeatureEntry[] = [
  { type: "ClickToCall", label: "Click to call", description: "Calls your dealership in one tap" },
  { type: "ClickToText", label: "Texting", description: "Opens a text message to you" },
  { type: "Coupons", label: "Coupons", description: "Your current specials and offers" },
  { type: "ContactUs", label: "Contact us", description: "Departments with their phone numbers" },
];
const types = (q: string) => searchFeatures(entries, q).map((e) => e.type);

describe("searchFeatures (the feature picker's search)", () => {
  it("keeps every entry, in order, for an empty search", () => {
    expect(types("")).toEqual(["ClickToCall", "ClickToText", "Coupons", "ContactUs"]);
    expect(types("  ")).toEqual(["ClickToCall", "ClickToText", "Coupons", "ContactUs"]);
  });
  it("matches the beginnings of words, any case", () => {
    expect(types("coup")).toEqual(["Coupons"]);
    expect(types("CALL")).toEqual(["ClickToCall"]);
    expect(types("oupons")).toEqual([]);
  });
  it("needs every word typed", () => {
    expect(types("click call")).toEqual(["ClickToCall"]);
    expect(types("click email")).toEqual([]);
  });
  it("finds by description and type, after the entries whose name matches", () => {
    expect(types("text")).toEqual(["ClickToText"]);
    expect(types("phone")).toEqual(["ContactUs"]);
    expect(types("c")).toEqual(["ClickToCall", "Coupons", "ContactUs", "ClickToText"]);
    expect(types("ClickToText")).toEqual(["ClickToText"]);
  });
});
