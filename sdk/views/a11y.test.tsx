import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import { baseDefinition, type Rendered, renderApp, uuid } from "./test/render.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

/**
 * axe-core over the preview-only states, which the shipped widget never shows (the Chromium run in
 * tests/browser/views.test.js covers the widget's screens, colour contrast included; happy-dom has no
 * layout, so contrast is left to that run).
 */
async function audit(el: Element) {
  const result = await axe.run(el, {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`);
}

describe("accessibility of the preview states", () => {
  it("axe does find problems here (a nameless button)", async () => {
    const el = document.createElement("div");
    el.innerHTML = "<button type=button></button>";
    document.body.appendChild(el);
    expect((await audit(el)).join()).toContain("button-name");
    el.remove();
  });

  it("missing data", async () => {
    view = await renderApp({ mode: "preview", definition: { name: "" } as never });
    expect(await audit(view.container)).toEqual([]);
  });

  it("unknown feature type", async () => {
    view = await renderApp({
      mode: "preview",
      featureId: uuid(1),
      definition: baseDefinition({ features: [{ id: uuid(1), type: "Nope", title: "?" }] as never }),
    });
    expect(await audit(view.container)).toEqual([]);
  });

  it("header preview", async () => {
    view = await renderApp({ mode: "header", definition: baseDefinition() });
    expect(await audit(view.container)).toEqual([]);
  });

  it("a pop-up over home", async () => {
    view = await renderApp({
      mode: "preview",
      featureId: uuid(2),
      definition: baseDefinition({
        features: [
          { id: uuid(2), type: "PopUp", title: "Hi", message: "Welcome" },
          { id: uuid(3), type: "Coupons", title: "Specials" },
        ] as never,
      }),
    });
    expect(view.$("[role=dialog]")).not.toBeNull();
    expect(await audit(view.container)).toEqual([]);
  });
});
