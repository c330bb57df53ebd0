import { describe, expect, it } from "vitest";
import { likeEscaped } from "./app-user-search.ts";
import { loyaltyFeatureOf, sameCode } from "./loyalty-stamps.ts";

describe("sameCode", () => {
  it("matches the stored code, ignoring spaces typed around it, and compares any lengths without throwing", () => {
    expect(sameCode("COUNTER42", "COUNTER42")).toBe(true);
    expect(sameCode("  COUNTER42 ", "COUNTER42")).toBe(true);
    expect(sameCode("counter42", "COUNTER42")).toBe(false);
    expect(sameCode("COUNTER4", "COUNTER42")).toBe(false);
    expect(sameCode("COUNTER42-and-much-longer", "COUNTER42")).toBe(false);
    expect(sameCode("", "COUNTER42")).toBe(false);
  });
});

describe("loyaltyFeatureOf", () => {
  const definition = {
    features: [
      { id: "a", type: "Loyalty", title: "Club", stampNumber: 4, code: "ABCDE" },
      { id: "b", type: "Coupons", title: "Specials" },
    ],
  };
  it("finds a Loyalty feature of the definition and refuses any other id or type", () => {
    expect(loyaltyFeatureOf(definition, "a")).toMatchObject({ stampNumber: 4, code: "ABCDE" });
    expect(() => loyaltyFeatureOf(definition, "b")).toThrow("Loyalty card not found");
    expect(() => loyaltyFeatureOf(definition, "c")).toThrow("Loyalty card not found");
    expect(() => loyaltyFeatureOf({}, "a")).toThrow("Loyalty card not found");
  });
});

describe("likeEscaped", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(likeEscaped("100%_a\\b")).toBe("100\\%\\_a\\\\b");
    expect(likeEscaped("plain")).toBe("plain");
  });
});
