import { describe, expect, it } from "vitest";
import { integrationUrl, openablePresets, type VisitorEnv, visitorView } from "./integrations.ts";
import { followableUrl } from "./url-policy.ts";

const env = (over: Partial<VisitorEnv> = {}): VisitorEnv => ({
  appId: "a 1",
  platform: "desktop",
  filled: () => false,
  safe: (u) => followableUrl(u),
  ...over,
});
const link = (meta: string, extra: Record<string, unknown> = {}) => ({ type: "ClickToLink", meta, ...extra });

describe("what visitors get from a feature", () => {
  it("web links and book-your-service open their normalised link; one that cannot be followed is hidden", () => {
    expect(visitorView({ type: "WebLink", link: "x.example/?a=[$appId]" }, env())).toEqual({
      kind: "link",
      url: "http://x.example/?a=a%201",
    });
    expect(visitorView({ type: "BrandedBookYourService", link: "https://b.example" }, env()).kind).toBe(
      "link",
    );
    expect(visitorView({ type: "WebLink", link: "javascript:alert(1)" }, env()).kind).toBe("hidden");
    expect(visitorView({ type: "WebLink" }, env()).kind).toBe("hidden");
  });

  it("data screens: a link opens, a module fills; without either glovebox and contracts are empty, the rest hidden", () => {
    expect(visitorView(link("inventory", { link: "https://s.example" }), env()).kind).toBe("link");
    expect(visitorView(link("inventory"), env({ filled: (m) => m === "inventory" })).kind).toBe("module");
    expect(
      ["glovebox", "tca_contracts", "inventory", "inventory_favorites", "roadside_assistance"].map(
        (m) => visitorView(link(m), env()).kind,
      ),
    ).toEqual(["empty", "empty", "hidden", "hidden", "hidden"]);
  });

  it("i360 and utp open navi360Config.url, uptime_pro uptimeProConfig.url; the feature's link never", () => {
    const configs = { navi360Config: { url: "n.example/[$appId]" }, uptimeProConfig: { dealerId: "7" } };
    expect(integrationUrl("i360", configs, "x")).toBe("http://n.example/x");
    expect(visitorView(link("utp"), env({ configs }))).toEqual({
      kind: "link",
      url: "http://n.example/a%201",
    });
    expect(visitorView(link("uptime_pro", { link: "https://u.example" }), env({ configs })).kind).toBe(
      "hidden",
    );
    expect(visitorView(link("i360", { link: "https://u.example" }), env()).kind).toBe("hidden");
    expect(
      visitorView(link("i360"), env({ configs: { navi360Config: { url: "javascript:alert(1)" } } })).kind,
    ).toBe("hidden");
  });

  it("manufacturer apps: only presets the platform can open, once each; none hides the feature", () => {
    const f = { type: "BrandedOemAppSelect", presets: ["Ford", "fordpass", "acme", "myGMC"] };
    expect(openablePresets(f, env()).map((o) => o.preset.id)).toEqual(["fordpass", "mygmc"]);
    expect(openablePresets(f, env({ platform: "ios" })).map((o) => o.preset.id)).toEqual(["fordpass"]);
    expect(visitorView({ type: "BrandedOemAppSelect", presets: ["acme"] }, env()).kind).toBe("hidden");
    expect(visitorView(f, env()).kind).toBe("screen");
  });

  it("dealership selectors without dealerships are hidden; other types draw their screen", () => {
    expect(visitorView({ type: "DealershipSelector", dealerships: [] }, env()).kind).toBe("hidden");
    expect(visitorView({ type: "DealershipSelector", dealerships: [{ name: "N" }] }, env()).kind).toBe(
      "screen",
    );
    expect(visitorView({ type: "Coupons" }, env()).kind).toBe("screen");
  });
});
