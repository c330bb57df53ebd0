import { describe, expect, it } from "vitest";
import { jsonText, metadataDiff, metadataPatch, pageItems, returnPath, safeReturnPath } from "./logic.ts";

describe("pageItems", () => {
  it("shows the current page ±2 plus the first and last, with gaps", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, "gap", 10]);
    expect(pageItems(5, 10)).toEqual([1, "gap", 3, 4, 5, 6, 7, "gap", 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, "gap", 10]);
    expect(pageItems(10, 10)).toEqual([1, "gap", 8, 9, 10]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe("metadataDiff", () => {
  const stored = {
    iosVersion: "1.0.0",
    androidVersion: null,
    integrationConfig: { rewardsStatus: "Disabled", ro: "a" },
  };
  it("lists only the keys the merge would change, configs key by key", () => {
    expect(
      metadataDiff(stored, {
        iosVersion: "1.1.0",
        androidVersion: null,
        integrationConfig: { ro: null, tca: "t", rewardsStatus: "Disabled" },
      }),
    ).toEqual([
      { key: "iosVersion", before: "1.0.0", after: "1.1.0" },
      { key: "integrationConfig.ro", before: "a", after: "(empty)" },
      { key: "integrationConfig.tca", before: "(empty)", after: "t" },
    ]);
    expect(metadataDiff(stored, { iosVersion: "1.0.0" })).toEqual([]);
    expect(metadataDiff({ brandLocked: false }, { brandLocked: true })).toEqual([
      { key: "brandLocked", before: "false", after: "true" },
    ]);
  });
});

describe("return path", () => {
  it("keeps console paths only and forgets them once taken", () => {
    expect(safeReturnPath("/admin/apps?page=2")).toBe("/admin/apps?page=2");
    expect(safeReturnPath("//evil.example/x")).toBeNull();
    expect(safeReturnPath("https://evil.example")).toBeNull();
    expect(safeReturnPath("/\\evil.example")).toBeNull();
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    returnPath.set("/admin/accounts?search=a", storage);
    expect(returnPath.take(storage)).toBe("/admin/accounts?search=a");
    expect(returnPath.take(storage)).toBeNull();
    returnPath.set("//evil", storage);
    expect(returnPath.take(storage)).toBeNull();
  });
});

describe("metadataPatch", () => {
  const stored = {
    appleBundleId: "com.example",
    iosVersion: null,
    androidVersion: null,
    inReviewVersion: null,
    appleStoreUrl: null,
    googlePlayUrl: null,
    analyticsId: null,
    integrationAccountId: null,
    loyaltyAccountId: null,
    brandLocked: false,
    isMaster: false,
    status: "Active",
    lang: "en",
    domainType: "Auto",
    makeModelType: "Car",
    website: null,
    portalUrl: null,
    integrationConfig: { rewardsStatus: "Disabled", ro: "a" },
    loyaltyConfig: null,
    navi360Config: null,
    uptimeProConfig: null,
  } as const;
  const form = (over: Record<string, unknown>) => ({
    ...stored,
    appleBundleId: "com.example",
    iosVersion: "",
    integrationConfig: jsonText(stored.integrationConfig),
    loyaltyConfig: "",
    navi360Config: "",
    uptimeProConfig: "",
    ...over,
  });
  it("sends only what changed: emptied texts as null, configs with removed keys as null", () => {
    expect(metadataPatch(stored as never, form({}))).toEqual({ patch: {}, errors: [] });
    expect(
      metadataPatch(
        stored as never,
        form({
          appleBundleId: " ",
          iosVersion: " 2.0 ",
          lang: "es",
          brandLocked: true,
          integrationConfig: '{"rewardsStatus": "Enabled"}',
          loyaltyConfig: '{"tier": "gold"}',
        }),
      ),
    ).toEqual({
      patch: {
        appleBundleId: null,
        iosVersion: "2.0",
        lang: "es",
        brandLocked: true,
        integrationConfig: { rewardsStatus: "Enabled", ro: null },
        loyaltyConfig: { tier: "gold" },
      },
      errors: [],
    });
  });
  it("refuses a config that is not a JSON object, on its field", () => {
    expect(
      metadataPatch(stored as never, form({ navi360Config: "[1]", loyaltyConfig: "{oops" })).errors,
    ).toEqual([
      ["loyaltyConfig", 'Write a JSON object, like {"key": "value"}'],
      ["navi360Config", 'Write a JSON object, like {"key": "value"}'],
    ]);
  });
});
