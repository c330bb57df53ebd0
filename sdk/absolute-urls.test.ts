import { describe, expect, it } from "vitest";
import { absoluteUrl, absoluteUrls } from "./absolute-urls.ts";
import { safeImage, safeUrl } from "./views/safe-url.ts";

const BASE = "https://api.example:8443/";

describe("absoluteUrl", () => {
  it("resolves root-relative and dot-relative paths on the API's origin", () => {
    expect(absoluteUrl("/api/images/a.png", BASE)).toBe("https://api.example:8443/api/images/a.png");
    expect(absoluteUrl("/api/icon-files/[colorful]car.svg", BASE)).toBe(
      "https://api.example:8443/api/icon-files/[colorful]car.svg",
    );
    expect(absoluteUrl("./img/a.png", BASE)).toBe("https://api.example:8443/img/a.png");
    expect(absoluteUrl("../a.png", "https://api.example/w/")).toBe("https://api.example/a.png");
    expect(absoluteUrl("/a.png?x=1#y", BASE)).toBe("https://api.example:8443/a.png?x=1#y");
  });

  it("keeps absolute, protocol-relative, scheme-less and hostile values as they are", () => {
    for (const v of [
      "https://cdn.example/a.png",
      "http://cdn.example/a.png",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "fb://page/1",
      "//cdn.example/a.png",
      "/\\evil.example/a.png",
      "dealer.example/specials",
      "images/a.png",
      "/two words.png",
      "",
      "Call Us",
    ])
      expect(absoluteUrl(v, BASE)).toBe(v);
  });
});

describe("absoluteUrls", () => {
  const payload = {
    appId: "app-1",
    lang: "en",
    definition: {
      name: "/ Motors",
      logo: "/api/images/logo.png",
      cover: "/api/images/cover.png",
      coverPath: "dealer.example/new",
      coverSlides: [{ image: "/api/images/s1.png", path: "https://dealer.example/s1" }],
      coverBrands: [{ name: "Brand", image: "/brands/b.png" }],
      theme: { layout: "CoverOnly", iconColor: "#c8102e" },
      features: [
        { id: "f1", type: "ClickToCall", title: "/call", icon: "/api/icon-files/phone.svg", phone: "555" },
        {
          id: "f2",
          type: "WebLink",
          title: "Web",
          icon: "https://cdn.example/i.svg",
          link: "https://x.example/[$appId]",
        },
        { id: "f3", type: "Loyalty", title: "L", stampIcon: "/api/icon-files/star.svg", image: "./l.png" },
        { id: "f4", type: "Menu", title: "M", items: [{ text: "/not-a-link", note: "/api/images/n.png" }] },
      ],
      coupons: [{ id: "c1", title: "/10% off", image: "/api/images/c.png", link: "/coupon" }],
      tilesConfig: { tiles: [{ image: "/api/images/t.png", text: "/tile" }] },
      images: ["/api/images/a.png", "/b.png", "https://cdn.example/c.png"],
      bottomLogo: "/api/images/bottom.png",
      iosStoreUrl: "/store",
    },
    analyticsIds: ["G-1"],
  };
  const out = absoluteUrls(payload, BASE);
  const at = (path: string) => `https://api.example:8443${path}`;

  it("makes every relative address of the app payload absolute on the API's origin", () => {
    const d = out.definition;
    expect(d.logo).toBe(at("/api/images/logo.png"));
    expect(d.cover).toBe(at("/api/images/cover.png"));
    expect(d.coverSlides[0].image).toBe(at("/api/images/s1.png"));
    expect(d.coverBrands[0].image).toBe(at("/brands/b.png"));
    expect(d.features[0].icon).toBe(at("/api/icon-files/phone.svg"));
    expect(d.features[2].stampIcon).toBe(at("/api/icon-files/star.svg"));
    expect(d.features[2].image).toBe(at("/l.png"));
    expect(d.coupons[0].image).toBe(at("/api/images/c.png"));
    expect(d.coupons[0].link).toBe(at("/coupon"));
    expect(d.tilesConfig.tiles[0].image).toBe(at("/api/images/t.png"));
    expect(d.images).toEqual([at("/api/images/a.png"), at("/b.png"), "https://cdn.example/c.png"]);
    expect(d.bottomLogo).toBe(at("/api/images/bottom.png"));
    expect(d.iosStoreUrl).toBe(at("/store"));
    // A path under the API is an address whatever its key.
    expect((d.features[3].items as { note: string }[])[0].note).toBe(at("/api/images/n.png"));
  });

  it("makes a special package's image absolute (GET /mobile/app packages), its texts and ids kept", () => {
    const app = absoluteUrls(
      { packages: [{ id: "p1", title: "/Bundle", image: "/api/images/p.png", couponIds: ["c1"] }] },
      BASE,
    );
    expect(app.packages).toEqual([
      { id: "p1", title: "/Bundle", image: at("/api/images/p.png"), couponIds: ["c1"] },
    ]);
  });

  it("leaves texts, absolute and scheme-less addresses alone", () => {
    const d = out.definition;
    expect(d.name).toBe("/ Motors");
    expect(d.features[0].title).toBe("/call");
    expect((d.features[3].items as { text: string }[])[0].text).toBe("/not-a-link");
    expect(d.coupons[0].title).toBe("/10% off");
    expect(d.tilesConfig.tiles[0].text).toBe("/tile");
    expect(d.coverPath).toBe("dealer.example/new");
    expect(d.coverSlides[0].path).toBe("https://dealer.example/s1");
    expect(d.features[1].link).toBe("https://x.example/[$appId]");
    expect(d.features[1].icon).toBe("https://cdn.example/i.svg");
    expect(d.theme).toEqual({ layout: "CoverOnly", iconColor: "#c8102e" });
    expect(out.analyticsIds).toEqual(["G-1"]);
    expect(out.appId).toBe("app-1");
  });

  it("copies: the input is not changed", () => {
    expect(payload.definition.logo).toBe("/api/images/logo.png");
    expect(out).not.toBe(payload);
  });

  it("gives addresses the views' URL policy lets through unchanged", () => {
    expect(safeImage(out.definition.logo)).toBe(out.definition.logo);
    expect(safeImage(out.definition.features[0].icon)).toBe(out.definition.features[0].icon);
    expect(safeUrl(out.definition.coupons[0].link)).toBe(out.definition.coupons[0].link);
  });

  it("keeps scalars, null and a __proto__ key as plain data", () => {
    expect(absoluteUrls(null, BASE)).toBe(null);
    expect(absoluteUrls(true, BASE)).toBe(true);
    expect(absoluteUrls("/api/images/a.png", BASE)).toBe(at("/api/images/a.png"));
    const hostile = absoluteUrls(JSON.parse('{"__proto__":{"logo":"/x.png"},"n":1}'), BASE);
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(Object.keys(hostile)).toEqual(["__proto__", "n"]);
    expect(({} as { logo?: string }).logo).toBe(undefined);
  });

  it("changes nothing without an absolute base", () => {
    expect(absoluteUrls(payload, "")).toBe(payload);
    expect(absoluteUrls(payload, "/relative/")).toBe(payload);
  });
});
