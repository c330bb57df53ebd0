import { describe, expect, it } from "vitest";
import { mirrorToTags } from "./analytics-tag.ts";

type TagWindow = Window & { dataLayer?: IArguments[] };

describe("mirroring analytics to Google tags", () => {
  it("does nothing without a configured G- id", () => {
    mirrorToTags([], "page_view", { page: "home" });
    expect((window as TagWindow).dataLayer).toBeUndefined();
    expect(document.querySelectorAll("script").length).toBe(0);
  });

  it("loads each tag once and sends every event to each id", () => {
    mirrorToTags(["G-AAA111", "G-BBB222"], "page_view", { page: "home" });
    mirrorToTags(["G-AAA111", "G-BBB222"], "share", { title: "Oil change" });
    const scripts = [...document.querySelectorAll("script")].map((s) => s.getAttribute("src"));
    expect(scripts).toEqual([
      "https://www.googletagmanager.com/gtag/js?id=G-AAA111",
      "https://www.googletagmanager.com/gtag/js?id=G-BBB222",
    ]);
    const calls = ((window as TagWindow).dataLayer ?? []).map((a) => [...a]);
    const events = calls.filter((c) => c[0] === "event");
    expect(events).toEqual([
      ["event", "page_view", { page: "home", send_to: "G-AAA111" }],
      ["event", "page_view", { page: "home", send_to: "G-BBB222" }],
      ["event", "share", { title: "Oil change", send_to: "G-AAA111" }],
      ["event", "share", { title: "Oil change", send_to: "G-BBB222" }],
    ]);
    expect(calls.filter((c) => c[0] === "config").map((c) => c[1])).toEqual(["G-AAA111", "G-BBB222"]);
  });
});
