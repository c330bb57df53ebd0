import { describe, expect, it } from "vitest";
import { arrowDelta, moveBy, reorderWords } from "./reorder.ts";

describe("keyboard reorder", () => {
  it("moves one feature and shifts the others, as phones do", () => {
    expect(moveBy(["a", "b", "c", "d"], "a", 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveBy(["a", "b", "c", "d"], "d", -1)).toEqual(["a", "b", "d", "c"]);
  });
  it("stays within the list", () => {
    expect(moveBy(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(moveBy(["a", "b", "c"], "b", 4)).toEqual(["a", "c", "b"]);
    expect(moveBy(["a", "b"], "x", 1)).toEqual(["a", "b"]);
  });
  it("arrows move by one, up and down by a row", () => {
    expect([arrowDelta("ArrowLeft", 4), arrowDelta("ArrowRight", 4), arrowDelta("ArrowUp", 4)]).toEqual([
      -1, 1, -4,
    ]);
    expect(arrowDelta("ArrowDown", 4)).toBe(4);
    expect(arrowDelta("Enter", 4)).toBeUndefined();
  });
  it("announces each step", () => {
    expect(reorderWords.moved("Loyalty", 2, 3)).toBe("Loyalty moved to position 2 of 3.");
  });
});
