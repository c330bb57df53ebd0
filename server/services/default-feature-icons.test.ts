import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_ICONS, GENERIC_FEATURE_ICON } from "../../core/index.ts";
import { iconSvg, visibleCategories } from "./icon-bank.ts";

describe("new features' default icons are icons of the bank (issue 19)", () => {
  const files = [...Object.values(DEFAULT_FEATURE_ICONS), GENERIC_FEATURE_ICON].map((n) => `${n}.svg`);
  it("each is served by /api/icon-files", () => {
    for (const file of files) expect(iconSvg(file), file).toMatch(/^<svg/);
  });
  it("each is offered by the icon picker, so it can be picked again after a change", () => {
    const offered = new Set(visibleCategories().flatMap((c) => c.icons));
    expect(files.filter((f) => !offered.has(f))).toEqual([]);
  });
});
