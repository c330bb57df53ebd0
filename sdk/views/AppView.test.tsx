import { afterEach, describe, expect, it, vi } from "vitest";
import { pageIdOf } from "./AppView.tsx";
import { featurePage, registerScreen } from "./screens/registry.tsx";
import { baseDefinition, type Rendered, renderApp, uuid } from "./test/render.tsx";

const PartnerScreen = () => null;

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe("preview states", () => {
  it("missing name, logo and cover: the messages and an Add link each", async () => {
    const onAddMissing = vi.fn();
    view = await renderApp({
      mode: "preview",
      onAddMissing,
      definition: { name: "", features: [] } as never,
    });
    expect(view.$(".ba-state-title")?.textContent).toBe("No Preview Available");
    expect(view.text()).toContain("Please enter data in constructor");
    const items = view.$$(".ba-state-list li").map((li) => li.querySelector("span")?.textContent);
    expect(items).toEqual(["Name is required", "Logo is required", "Cover is required"]);
    const adds = view.$$(".ba-state-list button");
    expect(adds.map((b) => b.textContent)).toEqual(["Add", "Add", "Add"]);
    expect(adds[1].getAttribute("aria-label")).toBe("Add Logo");
    await view.click(adds[2]);
    expect(onAddMissing).toHaveBeenCalledWith("cover");
  });

  it("lists only what is missing", async () => {
    view = await renderApp({ mode: "preview", definition: baseDefinition({ logo: "" }) });
    expect(view.$$(".ba-state-list li").map((li) => li.querySelector("span")?.textContent)).toEqual([
      "Logo is required",
    ]);
  });

  it("a template draws without them, and so does the widget", async () => {
    view = await renderApp({ mode: "preview", isTemplate: true, definition: { name: "T" } as never });
    expect(view.text()).not.toContain("No Preview Available");
    await view.rerender({ mode: "widget", isTemplate: false });
    expect(view.text()).not.toContain("No Preview Available");
  });

  it("an unknown feature type: 'No Preview Available' with Go Back", async () => {
    const onBack = vi.fn();
    view = await renderApp({
      mode: "preview",
      featureId: uuid(9),
      onBack,
      definition: baseDefinition({ features: [{ id: uuid(9), type: "Hologram", title: "?" }] as never }),
    });
    expect(view.$(".ba-state-title")?.textContent).toBe("No Preview Available");
    await view.click(view.button("Go Back"));
    expect(view.$("[data-page=home]")).not.toBeNull();
  });

  it("header preview mode: a bar titled 'Header Preview' with 'Preview Content'", async () => {
    view = await renderApp({ mode: "header", definition: baseDefinition() });
    expect(view.$(".ba-bar-title")?.textContent).toBe("Header Preview");
    expect(view.text()).toContain("Preview Content");
  });

  it("follows the builder's ?id= while mounted", async () => {
    const definition = baseDefinition({
      features: [
        { id: uuid(1), type: "ClickToCall", title: "Call", phone: "555-0100" },
        { id: uuid(2), type: "Events", title: "Promotions" },
      ] as never,
    });
    view = await renderApp({ mode: "preview", featureId: uuid(1), definition });
    expect(view.text()).toContain("Calling 555-0100");
    await view.rerender({ featureId: uuid(2) });
    expect(view.text()).toContain("No Promotions");
    await view.rerender({ featureId: undefined });
    expect(view.$("[data-page=home]")).not.toBeNull();
  });

  it("a pop-up being edited shows over home", async () => {
    // The builder's field being typed in keeps the focus: the preview's pop-up does not take it.
    const field = document.body.appendChild(document.createElement("input"));
    field.focus();
    view = await renderApp({
      mode: "preview",
      featureId: uuid(3),
      definition: baseDefinition({
        features: [
          {
            id: uuid(3),
            type: "PopUp",
            title: "Hello",
            message: "Welcome!",
            linkText: "See more",
            link: "https://x.example",
          },
        ] as never,
      }),
    });
    expect(view.$("[role=dialog]")?.textContent).toContain("Welcome!");
    expect(view.button("See more").getAttribute("href")).toBe("https://x.example");
    expect(view.$("[data-page=home]")).not.toBeNull();
    expect(document.activeElement).toBe(field);
    field.remove();
  });
});

describe("navigation", () => {
  it("a reference opens the feature it points to; menus list their features", async () => {
    const onNavigate = vi.fn();
    view = await renderApp({
      onNavigate,
      definition: baseDefinition({
        features: [
          { id: uuid(1), type: "Coupons", title: "Specials" },
          { id: uuid(2), type: "ClickToReference", title: "Deals", featureId: uuid(1) },
          { id: uuid(3), type: "Menu", title: "More stuff", items: [{ featureId: uuid(1) }] },
        ] as never,
      }),
    });
    await view.click(view.button("Deals"));
    expect(onNavigate).toHaveBeenLastCalledWith({ page: "feature", featureId: uuid(1) }, "coupons");
    expect(view.text()).toContain("No Coupons");
    await view.click(view.$(".ba-back"));
    await view.click(view.button("More stuff"));
    expect(view.$$(".ba-screen .ba-feature-title").map((e) => e.textContent)).toEqual(["Specials"]);
  });

  it("a new screen takes the focus in the widget, never in the preview", async () => {
    const definition = baseDefinition({
      features: [{ id: uuid(1), type: "Events", title: "Promotions" }] as never,
    });
    view = await renderApp({ definition });
    await view.click(view.button("Promotions"));
    expect(view.container.ownerDocument.activeElement?.textContent).toBe("Promotions");
    expect(view.container.ownerDocument.activeElement?.tagName).toBe("H2");
    view.unmount();
    view = await renderApp({ definition, mode: "preview", featureId: uuid(1) });
    expect(view.container.ownerDocument.activeElement?.tagName).not.toBe("H2");
  });

  it("controlled routes render what they are told and report navigation", async () => {
    const onNavigate = vi.fn();
    view = await renderApp({
      route: { page: "notifications" },
      onNavigate,
      definition: baseDefinition(),
    });
    expect(view.$(".ba-empty")?.textContent).toBe("No Notifications Yet");
    await view.click(view.$(".ba-back"));
    expect(view.$("[data-page=notifications]")).not.toBeNull(); // the owner of the route decides
  });

  it("offers to turn on notifications once, only where the surface can subscribe", async () => {
    view = await renderApp({ route: { page: "notifications" }, definition: baseDefinition() });
    expect(view.container.textContent).not.toContain("Turn on notifications");
    view.unmount();
    const onEnablePush = vi.fn();
    view = await renderApp({ route: { page: "notifications" }, onEnablePush, definition: baseDefinition() });
    await view.click(view.button("Turn on notifications"));
    expect(onEnablePush).toHaveBeenCalledTimes(1);
    expect(view.container.textContent).not.toContain("Turn on notifications");
  });

  it("page ids follow the spec's widget page identifiers", () => {
    const features = [
      { id: "a", type: "ClickToLink", meta: "glovebox" },
      { id: "b", type: "Form" },
    ] as never;
    expect(pageIdOf({ page: "home" }, features)).toBe("home");
    expect(pageIdOf({ page: "feature", featureId: "a" }, features)).toBe("glovebox");
    expect(pageIdOf({ page: "feature", featureId: "b" }, features)).toBe("Form");
    expect(pageIdOf({ page: "couponDetails", itemId: "x" }, features)).toBe("couponDetails");
    expect(pageIdOf({ page: "feature", featureId: "missing" }, features)).toBe("home");
  });

  it("records each feature under its type's widget page id (spec §2)", () => {
    const page = (type: string, more: Record<string, unknown> = {}) =>
      featurePage({ id: "x", type, ...more });
    expect(page("ClickToCall")).toBe("home");
    expect(page("Menu")).toBe("home");
    expect(page("ClickToReference")).toBe("home");
    expect(page("WebLink")).toBe("webLink");
    expect(page("BrandedBookYourService")).toBe("webLink");
    expect(page("ContactUs")).toBe("contactUs");
    expect(page("Loyalty2")).toBe("loyalty2");
    expect(page("Form")).toBe("Form");
    expect(page("PopUp")).toBe("popup");
    expect(page("BrandedRoadsideAssistance")).toBe("roadside_assistance");
    expect(page("ClickToLink", { meta: "inventory" })).toBe("inventory");
    expect(page("ClickToLink")).toBe("home");
    expect(page("Unknown")).toBeUndefined();
  });

  it("a partner's screen brings its own page id", () => {
    registerScreen("TradeInValue", { Screen: PartnerScreen, page: (f) => `trade_${String(f.meta)}` });
    expect(featurePage({ id: "x", type: "TradeInValue", meta: "in" })).toBe("trade_in");
  });
});
