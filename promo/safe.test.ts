import { describe, expect, it } from "vitest";
import { textColorOn } from "./contrast.ts";
import { iconSource } from "./icons.ts";
import { absoluteUrl, safeColor, safeCssUrl, safeHref } from "./safe.ts";
import { pickLanguage } from "./texts.ts";

describe("owner content made inert", () => {
  it("keeps http(s) links and same-origin paths only", () => {
    expect(safeHref("https://apps.apple.com/app/id1")).toBe("https://apps.apple.com/app/id1");
    expect(safeHref("/api/images/a.png")).toBe("/api/images/a.png");
    for (const bad of [
      "javascript:alert(1)",
      " JAVASCRIPT:alert(1)",
      "data:text/html,x",
      "//evil.test/x",
      "vbscript:x",
      "https://user:pw@evil.test/x",
      "https://bank.test@evil.test/",
      "https://evil.test/\u0000x",
      "/\\evil.test",
    ])
      expect(safeHref(bad)).toBeUndefined();
  });

  it("keeps CSS url() values that cannot break out of their quotes", () => {
    expect(safeCssUrl("/api/icon-files/car.svg")).toBe("/api/icon-files/car.svg");
    expect(safeCssUrl('/x.svg");background:url(https://evil.test')).toBeUndefined();
  });

  it("keeps colours and drops anything that could carry more CSS", () => {
    for (const ok of ["#fff", "#0b3d91", "rgb(10, 20, 30)", "hsla(120deg 50% 50% / .5)", "navy"])
      expect(safeColor(ok)).toBe(ok);
    for (const bad of ["red;background:url(x)", "expression(alert(1))", "#fff}body{display:none"])
      expect(safeColor(bad)).toBeUndefined();
  });

  it("makes share-tag images absolute", () => {
    expect(absoluteUrl("/api/images/c.png", "https://a.example")).toBe("https://a.example/api/images/c.png");
    expect(absoluteUrl("javascript:x", "https://a.example")).toBeUndefined();
  });
});

describe("promo icons", () => {
  it("draws the default items' icons, icon-bank files and their URLs; colourful ones untinted", () => {
    expect(iconSource("service")).toEqual({ src: "/api/icon-files/tool.svg", colorful: false });
    expect(iconSource("car.svg")).toEqual({ src: "/api/icon-files/car.svg", colorful: false });
    expect(iconSource("/api/icon-files/[colorful]automobile.svg")).toEqual({
      src: "/api/icon-files/[colorful]automobile.svg",
      colorful: true,
    });
    expect(iconSource("javascript:alert(1)")).toBeNull();
    expect(iconSource(undefined)).toBeNull();
  });
});

describe("page language and text colour", () => {
  it("takes ?lang= first, then the app's language, else English", () => {
    expect(pickLanguage("es", "en")).toBe("es");
    expect(pickLanguage(undefined, "es")).toBe("es");
    expect(pickLanguage("fr", "fr")).toBe("en");
  });

  it("writes dark text on light backgrounds and white on dark ones", () => {
    expect(textColorOn("#ffffff")).toBe("#1f2329");
    expect(textColorOn("#0b3d91")).toBe("#ffffff");
    expect(textColorOn(undefined)).toBe("#1f2329");
  });
});
