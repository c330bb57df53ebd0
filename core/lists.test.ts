import { describe, expect, it } from "vitest";
import { pageCount, pageNumbers } from "./pagination.ts";
import { LOYALTY_DESCRIPTION_MAX, OFFER_DESCRIPTION_MAX, truncate } from "./truncate.ts";

describe("pagination (spec §9): current ±2 plus first and last", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 10]],
    [5, 10, [1, 3, 4, 5, 6, 7, 10]],
    [10, 10, [1, 8, 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 10]],
    [0, 10, [1, 2, 3, 10]], // out of range clamps
    [99, 10, [1, 8, 9, 10]],
    [1, 0, []],
  ])("page %i of %i -> %j", (current, total, expected) => {
    expect(pageNumbers(current, total)).toEqual(expected);
  });
  it("counts pages of 20 and 50", () => {
    expect([pageCount(0, 20), pageCount(20, 20), pageCount(21, 20), pageCount(101, 50)]).toEqual([
      0, 1, 2, 3,
    ]);
  });
});

describe("truncation (spec §9): 60 and 80 with ellipsis", () => {
  it.each([
    [OFFER_DESCRIPTION_MAX, 59, "x".repeat(59)],
    [OFFER_DESCRIPTION_MAX, 60, "x".repeat(60)],
    [OFFER_DESCRIPTION_MAX, 61, `${"x".repeat(60)}...`],
    [LOYALTY_DESCRIPTION_MAX, 80, "x".repeat(80)],
    [LOYALTY_DESCRIPTION_MAX, 81, `${"x".repeat(80)}...`],
  ])("max %i, %i characters", (max, n, expected) => {
    expect(truncate("x".repeat(n), max)).toBe(expected);
  });
  it("never splits a character and drops trailing spaces before the ellipsis", () => {
    expect(truncate(`${"a".repeat(59)}😀😀`, 60)).toBe(`${"a".repeat(59)}😀...`);
    expect(truncate(`${"a".repeat(58)}  bbb`, 60)).toBe(`${"a".repeat(58)}...`);
    expect(truncate(undefined, 60)).toBe("");
  });
});
