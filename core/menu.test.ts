import { describe, expect, it } from "vitest";
import { activePopUps, featuresHiddenByMenus, listedFeatures, menuFeatures, splitOverflow } from "./menu.ts";

const f = (id: string, type = "ClickToCall", extra: object = {}) => ({ id, type, title: id, ...extra });
const features = [
  f("call"),
  f("web", "WebLink"),
  f("popup", "PopUp"),
  f("hidden", "Coupons", { hide: true }),
  f("later", "Events", { timeframe: { from: "2030-06-01T00:00:00Z" } }),
  f("menu", "Menu", {
    items: [
      { featureId: "web", hideFromFeatures: true },
      { featureId: "call", hideFromFeatures: false },
      { featureId: "gone" },
    ],
  }),
];

describe("menu filtering (spec §3)", () => {
  it("collects the features menus hide", () => {
    expect([...featuresHiddenByMenus(features)]).toEqual(["web"]);
  });
  it("lists neither pop-ups nor features hidden by menus nor switched-off ones", () => {
    expect(listedFeatures(features).map((x) => x.id)).toEqual(["call", "later", "menu"]);
  });
  it("also drops features outside their timeframe when given a time", () => {
    expect(listedFeatures(features, "2030-01-01T00:00:00Z").map((x) => x.id)).toEqual(["call", "menu"]);
  });
  it("shows a menu's features in its order, skipping missing ones", () => {
    expect(menuFeatures(features[5], features).map((x) => x.id)).toEqual(["web", "call"]);
  });
  it("finds the pop-ups to show", () => {
    expect(activePopUps(features, "2030-01-01T00:00:00Z").map((x) => x.id)).toEqual(["popup"]);
  });
  it("sends features beyond the row count to 'More'", () => {
    const list = [1, 2, 3, 4, 5, 6, 7];
    expect(splitOverflow(list)).toEqual({ row: [1, 2, 3, 4, 5], overflow: [6, 7] });
    expect(splitOverflow(list, 3).overflow).toEqual([4, 5, 6, 7]);
  });
});
