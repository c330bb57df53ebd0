import { describe, expect, it } from "vitest";
import { AppDefinition } from "../../../schemas/index.ts";
import { pruneUnfilled } from "./prune.ts";

describe("pruneUnfilled", () => {
  it("drops an optional object holding only defaults", () => {
    expect(pruneUnfilled(AppDefinition, { name: "Motors", coverVideo: { muted: true } })).toEqual({
      name: "Motors",
    });
  });
  it("keeps it once something is typed", () => {
    const v = { name: "Motors", coverVideo: { muted: true, url: "x" } };
    expect(pruneUnfilled(AppDefinition, v)).toEqual(v);
  });
  it("drops an empty timeframe inside list items", () => {
    expect(
      pruneUnfilled(AppDefinition, { name: "M", coverSlides: [{ image: "/a.png", timeframe: {} }] }),
    ).toEqual({ name: "M", coverSlides: [{ image: "/a.png" }] });
  });
  it("keeps an optional object the user switched on, though it holds only defaults", () => {
    const v = { name: "Motors", coverVideo: { muted: true } };
    expect(pruneUnfilled(AppDefinition, v, (path) => path.join("/") === "coverVideo")).toEqual(v);
    expect(pruneUnfilled(AppDefinition, v, (path) => path.join("/") === "cover")).toEqual({ name: "Motors" });
  });
});
