import { afterEach, describe, expect, it } from "vitest";
import { baseDefinition, type Rendered, renderApp } from "../test/render.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe("the cover link follows the URL policy (core/url-policy.ts)", () => {
  it.each([
    ["javascript://", "javascript://%0Aalert(document.domain)"],
    ["javascript:", "javascript:alert(1)"],
    ["credentials", "https://user:pw@dealer.example"],
    ["over 10000 characters", `javascript:alert(1)//${"x".repeat(10001)}`],
  ])("draws the cover without a link for a path with %s", async (_, coverPath) => {
    view = await renderApp({ definition: baseDefinition({ coverPath }) });
    expect(view.$(".ba-cover")).not.toBeNull();
    expect(view.$(".ba-cover-wrap a")).toBeNull();
    expect(view.container.innerHTML).not.toContain("javascript");
  });

  it("links a web address and an app-opening social link", async () => {
    view = await renderApp({ definition: baseDefinition({ coverPath: "https://dealer.example/specials" }) });
    expect(view.$(".ba-cover-wrap a")?.getAttribute("href")).toBe("https://dealer.example/specials");
    await view.rerender({ definition: baseDefinition({ coverPath: "instagram://user?username=dealer" }) });
    expect(view.$(".ba-cover-wrap a")?.getAttribute("href")).toBe("instagram://user?username=dealer");
  });
});
