import { describe, expect, it } from "vitest";
import {
  BRAND_APP_ERROR_CODES,
  BRAND_APP_EVENTS,
  type BrandAppEventMap,
  dispatchBrandAppEvent,
} from "./events.ts";

describe("the element's DOM events", () => {
  it("are named brand-app:*, one per thing a host page reacts to", () => {
    expect(Object.values(BRAND_APP_EVENTS)).toEqual([
      "brand-app:ready",
      "brand-app:navigate",
      "brand-app:sign-in",
      "brand-app:sign-out",
      "brand-app:error",
    ]);
    expect(BRAND_APP_ERROR_CODES).toEqual({
      widgetLoad: 100,
      profileSaveSignedIn: 200,
      profileSaveSignedOut: 201,
      profileLoad: 202,
    });
  });

  it("leave the shadow root: the host element, its ancestors and the document hear them with the detail", () => {
    const page = document.createElement("main");
    const host = document.createElement("brand-app-test");
    page.append(host);
    document.body.append(page);
    const inside = document.createElement("div");
    host.attachShadow({ mode: "open" }).append(inside);

    const heard: { where: string; event: BrandAppEventMap["brand-app:navigate"] }[] = [];
    host.addEventListener("brand-app:navigate", (event) => heard.push({ where: "host", event }));
    page.addEventListener("brand-app:navigate", (event) => heard.push({ where: "ancestor", event }));
    document.addEventListener("brand-app:navigate", (event) => heard.push({ where: "document", event }), {
      once: true,
    });
    dispatchBrandAppEvent(inside, "brand-app:navigate", { appId: "app-1", pageId: "coupons" });

    expect(heard.map((h) => h.where)).toEqual(["host", "ancestor", "document"]);
    for (const { event } of heard) {
      expect(event).toBeInstanceOf(CustomEvent);
      expect(event.detail).toEqual({ appId: "app-1", pageId: "coupons" });
      expect(event.bubbles).toBe(true);
      expect(event.composed).toBe(true);
    }
    page.remove();
  });

  it("are not sent before the widget has an element to send them from", () => {
    expect(() => dispatchBrandAppEvent(null, "brand-app:ready", { appId: "app-1" })).not.toThrow();
  });
});
