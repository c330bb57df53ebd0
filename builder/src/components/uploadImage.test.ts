import { describe, expect, it } from "vitest";
import { mutationsOf } from "./uploadImage.ts";

describe("image mutations", () => {
  it("always converts to PNG", () => expect(mutationsOf()).toBe("png"));
  it("adds the crop with the size it was drawn on", () =>
    expect(mutationsOf({ initial: { w: 300.4, h: 200 }, x: 10, y: 20.6, w: 100, h: 50 })).toBe(
      "png;initial:300,200;crop:10,21,100,50",
    ));
});
