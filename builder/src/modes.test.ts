import { describe, expect, it } from "vitest";
import { modeSearch, parseModes } from "./modes.ts";

describe("query parameter modes", () => {
  it.each([
    ["", false, false],
    ["?_e=abc", true, false],
    ["?_e=", true, false],
    ["?_e=0", false, false],
    ["?_h=1", false, true],
    ["?_h=0", false, false],
    ["?_h=true", false, false],
    ["?_e=7&_h=1", true, true],
  ])("%s: demo %s, hidden %s", (search, demo, hidden) => {
    expect(parseModes(search)).toMatchObject({ demo, hidden });
  });
  it("carries only the mode parameters", () => {
    expect(modeSearch("?id=1&_e=7&_h=1")).toBe("?_e=7&_h=1");
    expect(modeSearch("?id=1")).toBe("");
  });
});
