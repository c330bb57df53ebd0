import { afterEach, describe, expect, it } from "vitest";
import { FEATURE_ANALYTICS_PAGES } from "../../../schemas/constants/feature-pages.ts";
import { iconSvg } from "../../../server/services/icon-bank.ts";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";
import { DEFAULT_FEATURE_ICONS, defaultIconOf, FALLBACK_FEATURE_ICON } from "../ui/FeatureIcon.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const maskOf = (el: Element | null) => (el?.querySelector(".ba-icon-mask") as HTMLElement | null)?.style;

describe("feature entries without an icon show their type's default bank icon", () => {
  it("every built-in type has a default that the icon bank serves", () => {
    expect(Object.keys(DEFAULT_FEATURE_ICONS).sort()).toEqual(Object.keys(FEATURE_ANALYTICS_PAGES).sort());
    for (const file of [...Object.values(DEFAULT_FEATURE_ICONS), FALLBACK_FEATURE_ICON])
      expect(iconSvg(file), file).toMatch(/^<svg/);
  });

  it("draws the default tinted, keeps a chosen icon, and never a letter tile", async () => {
    view = await renderApp({
      definition: baseDefinition({
        features: [
          { id: uuid(1), type: "ClickToCall", title: "Call Us", phone: "5550102030" },
          { id: uuid(2), type: "Coupons", title: "Specials", icon: "https://icons.example/tag.svg" },
          { id: uuid(3), type: "WebLink", title: "Site", link: "https://x.example", icon: "javascript:1" },
        ] as never,
      }),
    });
    const icons = view.$$(".ba-feature .ba-feature-icon");
    expect(icons).toHaveLength(3);
    expect(maskOf(icons[0])?.maskImage).toContain("/api/icon-files/phone.svg");
    expect(maskOf(icons[1])?.maskImage).toContain("https://icons.example/tag.svg");
    expect(maskOf(icons[2])?.maskImage).toContain("/api/icon-files/world.svg");
    for (const icon of icons) expect(icon.textContent).toBe("");
  });

  it("a partner's type gets the general default", () => {
    expect(defaultIconOf("AcmeInventory")).toBe("/api/icon-files/click.svg");
    expect(defaultIconOf("Events")).toBe("/api/icon-files/speakerphone.svg");
  });
});

describe("home images are sized before they load", () => {
  it("logo, cover and slides carry their width and height", async () => {
    view = await renderApp({ definition: baseDefinition() });
    const size = (el: Element | null) => [el?.getAttribute("width"), el?.getAttribute("height")];
    expect(size(view.$(".ba-logo"))).toEqual(["40", "40"]);
    expect(size(view.$(".ba-cover"))).toEqual(["1600", "1000"]);
    await view.rerender({
      definition: baseDefinition({
        coverSlides: [{ image: "https://img.example/s1.png" }, { image: "https://img.example/s2.png" }],
        coverBrands: [{ name: "Ford", image: "https://img.example/ford.png" }],
      }),
    });
    expect(view.$$(".ba-slide-image").map(size)).toEqual([
      ["1600", "1000"],
      ["1600", "1000"],
    ]);
    expect(size(view.$(".ba-brands img"))).toEqual(["64", "32"]);
  });
});
