import { describe, expect, it } from "vitest";
import { appActions, appSchemeUrl, findPreset, MANUFACTURER_APPS, platformOf } from "./manufacturer-apps.ts";

describe("manufacturer app presets", () => {
  it("a feature names a preset by id, title, app name or brand, in any case", () => {
    for (const name of ["fordpass", "FordPass", " FORDPASS ", "Ford"])
      expect(findPreset(name)?.id).toBe("fordpass");
    expect(findPreset("Chevrolet")?.id).toBe("mychevrolet");
    expect(findPreset("acme")).toBeUndefined();
    expect(findPreset("")).toBeUndefined();
    expect(findPreset(42)).toBeUndefined();
  });

  it("every shipped preset has a unique id and a way to open it somewhere", () => {
    expect(new Set(MANUFACTURER_APPS.map((p) => p.id)).size).toBe(MANUFACTURER_APPS.length);
    for (const p of MANUFACTURER_APPS) expect(appActions(p, "desktop").length).toBeGreaterThan(0);
  });

  it("platform from the user agent", () => {
    expect(platformOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe("ios");
    expect(platformOf("Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)")).toBe("ios");
    expect(platformOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile")).toBe("android");
    expect(platformOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("desktop");
    expect(platformOf(undefined)).toBe("desktop");
  });

  it("URL schemes open apps only: no script, data, file or web schemes", () => {
    expect(appSchemeUrl("fordpass://")).toBe("fordpass://");
    expect(appSchemeUrl(" mygmc://home ")).toBe("mygmc://home");
    for (const bad of [
      "javascript://%0aalert(1)",
      "data://x",
      "file:///etc",
      "https://x.example",
      "fordpass",
      "a b://",
      "",
    ])
      expect(appSchemeUrl(bad)).toBeUndefined();
  });

  it("actions per platform: scheme then that phone's store; desktops get the store pages", () => {
    const preset = {
      title: "X",
      appName: "X",
      androidPackage: "com.x.app",
      iosStoreUrl: "https://apps.apple.com/app/id9",
      urlScheme: "xapp://",
      brands: [],
      android: true,
      ios: true,
    };
    expect(appActions(preset, "ios")).toEqual([
      { kind: "app", href: "xapp://" },
      { kind: "appStore", href: "https://apps.apple.com/app/id9" },
    ]);
    expect(appActions(preset, "android")).toEqual([
      { kind: "app", href: "xapp://" },
      { kind: "googlePlay", href: "https://play.google.com/store/apps/details?id=com.x.app" },
    ]);
    expect(appActions(preset, "desktop")).toEqual([
      { kind: "appStore", href: "https://apps.apple.com/app/id9" },
      { kind: "googlePlay", href: "https://play.google.com/store/apps/details?id=com.x.app" },
    ]);
    expect(appActions({ ...preset, ios: false }, "ios")).toEqual([]);
    expect(appActions({ ...preset, ios: false }, "desktop")).toEqual([
      { kind: "googlePlay", href: "https://play.google.com/store/apps/details?id=com.x.app" },
    ]);
    expect(appActions({ ...preset, urlScheme: "javascript://x" }, "android")).toEqual([
      { kind: "googlePlay", href: "https://play.google.com/store/apps/details?id=com.x.app" },
    ]);
  });
});
