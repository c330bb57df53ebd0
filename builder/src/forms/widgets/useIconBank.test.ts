import { describe, expect, it } from "vitest";
import { iconSearchText } from "./useIconBank.ts";

describe("iconSearchText (the icon picker's search)", () => {
  it("asks for the words typed, lower case, one space apart", () => {
    expect(iconSearchText("  Car  Wash ")).toBe("car wash");
    expect(iconSearchText("gas-station")).toBe("gas station");
  });
  it("asks for nothing when nothing but spaces and signs is typed", () => {
    expect(iconSearchText("")).toBe("");
    expect(iconSearchText(" - / ")).toBe("");
  });
  it("stays within the bank's 100 characters", () => {
    expect(iconSearchText("a ".repeat(80))).toHaveLength(99);
  });
});
