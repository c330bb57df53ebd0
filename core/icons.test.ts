import { describe, expect, it } from "vitest";
import { catalogName, visibleCatalog } from "./catalog.ts";
import { iconCategoryName, isColorfulIcon, visibleIconCategories } from "./icons.ts";

describe("'[colorful]' icons (spec §3)", () => {
  it.each([
    ["car[colorful]", true],
    ["[colorful]/gift.svg", true],
    ["car", false],
    ["colorful", false],
    ["", false],
    [undefined, false],
  ])("%j -> %s", (icon, expected) => {
    expect(isColorfulIcon(icon)).toBe(expected);
  });
});

describe("icon categories (spec §6, §9)", () => {
  const bank = [
    { category: "Automotive", icons: ["car"], automotive: true },
    { category: "Events", icons: ["star"] },
    { category: "Hospitality", icons: ["bed"] },
    { category: "Fitness", icons: ["dumbbell"] },
    { category: "Food & Drink", icons: ["cup"] },
    { category: "Retail", icons: ["bag"] },
    { category: "Brand kits", icons: ["logo"], adminOnly: true },
    { category: "Business", icons: ["briefcase"] },
  ];
  it("renames Events and Hospitality", () => {
    expect(iconCategoryName("Events")).toBe("Promotions");
    expect(iconCategoryName("Hospitality")).toBe("Hospitality and Retail");
    expect(iconCategoryName("Business")).toBe("Business");
  });
  it("hides Fitness, Food & Drink and Retail, and admin-only categories from non-admins", () => {
    expect(visibleIconCategories(bank).map((c) => c.category)).toEqual([
      "Automotive",
      "Promotions",
      "Hospitality and Retail",
      "Business",
    ]);
    expect(visibleIconCategories(bank, { isAdmin: true }).map((c) => c.category)).toContain("Brand kits");
  });
  it("hides automotive categories from Restaurant apps", () => {
    expect(visibleIconCategories(bank, { domainType: "Restaurant" }).map((c) => c.category)).toEqual([
      "Promotions",
      "Hospitality and Retail",
      "Business",
    ]);
  });
});

describe("catalogs (spec §6, §9)", () => {
  it.each([
    ["General_Int", "coupons", "General"],
    ["Tire_Rotation", "coupons", "Tires"],
    ["General", "coupons", "General"],
    ["General", "events", "Sale"],
    ["General_Int", "events", "Sale"],
    ["Service", "events", "Service"],
  ] as const)("%s in %s -> %s", (name, kind, label) => {
    expect(catalogName(name, kind)).toBe(label);
  });
  it("offers Restaurant apps only the Restaurants coupon category, and admin-only entries only to Admins", () => {
    const entries = [{ name: "General_Int" }, { name: "Restaurants" }, { name: "Internal", adminOnly: true }];
    expect(visibleCatalog(entries, "coupons", { domainType: "Restaurant" }).map((e) => e.label)).toEqual([
      "Restaurants",
    ]);
    expect(visibleCatalog(entries, "coupons").map((e) => e.label)).toEqual(["General", "Restaurants"]);
    expect(visibleCatalog(entries, "coupons", { isAdmin: true }).map((e) => e.label)).toContain("Internal");
    expect(visibleCatalog(entries, "events", { domainType: "Restaurant" }).map((e) => e.label)).toEqual([
      "Sale",
      "Restaurants",
    ]);
  });
});
