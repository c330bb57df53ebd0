import { describe, expect, it } from "vitest";
import { featureTypes } from "../../../schemas/index.ts";
import { featureEditorPath, newFeatureForPage } from "./featureRoutes.ts";

const PAGE_NAMES = [
  "click-to-call",
  "click-to-email",
  "click-to-directions",
  "click-to-external-app",
  "custom-form",
  "texting",
  "link",
  "contact-us",
  "coupons",
  "events",
  "referral",
  "loyalty",
  "loyalty-repository",
  "click-to-link/glovebox",
  "click-to-feature",
  "menu",
  "branded-oem-app-select",
  "branded-book-your-service",
  "branded-roadside-assistance",
  "dealership-selector",
];

describe("feature routes", () => {
  it.each(PAGE_NAMES)("%s has an editor", (page) => {
    const feature = newFeatureForPage(page);
    expect(feature).not.toBeNull();
    expect(featureEditorPath("app1", feature!)).toBe(`/apps/app1/features/${page}?id=${feature!.id}`);
  });
  it("every registered type is reachable from the add menu", () => {
    expect(featureTypes().length).toBeGreaterThanOrEqual(22);
  });
  it("click-to-link carries its meta from the route", () => {
    expect(newFeatureForPage("click-to-link/inventory")?.meta).toBe("inventory");
  });
  it("keeps the query parameters of the console", () => {
    const f = { id: "f1", type: "Menu" };
    expect(featureEditorPath("a", f, "_e=demo1&id=old")).toBe("/apps/a/features/menu?_e=demo1&id=f1");
  });
});
