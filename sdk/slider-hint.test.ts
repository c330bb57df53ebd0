import { afterEach, describe, expect, it } from "vitest";
import { rememberSliderHint, sliderHintSeen } from "./slider-hint.ts";

afterEach(() => localStorage.clear());

describe("slider hint memory", () => {
  it("is remembered per app in localStorage", () => {
    expect(sliderHintSeen("app-1")).toBe(false);
    rememberSliderHint("app-1");
    expect(sliderHintSeen("app-1")).toBe(true);
    expect(sliderHintSeen("app-2")).toBe(false);
    expect(localStorage.getItem("brand-app:app-1:slider-hint-seen")).toBe("1");
  });
});
