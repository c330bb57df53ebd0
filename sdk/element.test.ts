import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defineBrandApp } from "./element.ts";
import type { BrandAppEventName } from "./events.ts";
import { baseDefinition } from "./views/test/render.tsx";

// r2wc renders on its own, outside act(): React need not expect act() here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** `<brand-app>` as the npm package's defineBrandApp sets it up, with the API answered by a fake fetch. */
const requested: { url: string; app: string | null }[] = [];
const heard: { type: string; detail: unknown; from: string | null }[] = [];
const names: BrandAppEventName[] = ["brand-app:ready", "brand-app:navigate", "brand-app:error"];
const hear = (e: Event) =>
  heard.push({
    type: e.type,
    detail: (e as CustomEvent).detail,
    // The element the event left (happy-dom does not retarget `target` to the shadow host as browsers do).
    from: (e.composedPath().find((n) => (n as Element).localName === "brand-app") as Element).getAttribute(
      "app-id",
    ),
  });

beforeEach(() => {
  requested.length = 0;
  heard.length = 0;
  for (const name of names) document.addEventListener(name, hear);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const app = new Headers(init?.headers).get("x-app");
      requested.push({ url: String(url), app });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      if (String(url).includes("/api/mobile/users/"))
        return json(503, { error: { message: "Service down", code: "Unavailable" } });
      if (!String(url).endsWith("/api/mobile/app")) return json(200, { data: { stored: 0 } });
      if (app === "missing") return json(404, { error: { message: "App not found", code: "AppNotFound" } });
      return json(200, {
        data: {
          appId: app,
          lang: "en",
          domainType: "Car",
          makeModelType: "Car",
          definition: baseDefinition({ name: "Element Motors" }),
        },
      });
    }),
  );
});
afterEach(() => {
  for (const name of names) document.removeEventListener(name, hear);
  for (const el of document.querySelectorAll("brand-app")) el.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function mount(appId: string, attributes: Record<string, string> = {}) {
  const el = document.createElement("brand-app");
  el.setAttribute("app-id", appId);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

const appCalls = () => requested.filter((r) => r.url.endsWith("/mobile/app"));

describe("defineBrandApp", () => {
  it("points every instance at the given API and the element says when the app is ready on home", async () => {
    expect(defineBrandApp({ apiBase: "https://apps.example.com/" })).toBe(customElements.get("brand-app"));
    const el = mount("app-1");
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain("Element Motors"));
    expect(appCalls()).toEqual([{ url: "https://apps.example.com/api/mobile/app", app: "app-1" }]);
    await vi.waitFor(() =>
      expect(heard.filter((h) => h.from === "app-1")).toEqual([
        { type: "brand-app:ready", detail: { appId: "app-1" }, from: "app-1" },
        { type: "brand-app:navigate", detail: { appId: "app-1", pageId: "home" }, from: "app-1" },
      ]),
    );
  });

  it("leaves an element's own api-base attribute in charge", async () => {
    defineBrandApp({ apiBase: "https://apps.example.com" });
    const el = mount("app-2", { "api-base": "https://other.example" });
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain("Element Motors"));
    expect(appCalls()).toEqual([{ url: "https://other.example/api/mobile/app", app: "app-2" }]);
  });

  it("moves instances already on the page to a base set later", async () => {
    defineBrandApp({ apiBase: "https://apps.example.com" });
    const el = mount("app-3");
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain("Element Motors"));
    defineBrandApp({ apiBase: "https://moved.example/brand" });
    await vi.waitFor(() =>
      expect(appCalls().map((r) => r.url)).toEqual([
        "https://apps.example.com/api/mobile/app",
        "https://moved.example/brand/api/mobile/app",
      ]),
    );
  });

  it("reports an app that cannot be loaded as brand-app:error with the status and the message shown", async () => {
    defineBrandApp({ apiBase: "https://apps.example.com" });
    const el = mount("missing");
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain("App not found"));
    await vi.waitFor(() =>
      expect(heard).toEqual([
        {
          type: "brand-app:error",
          detail: { appId: "missing", code: 404, message: "App not found" },
          from: "missing",
        },
      ]),
    );
  });

  it("reports a signed-in end user's profile that cannot be loaded as brand-app:error 202", async () => {
    defineBrandApp({ apiBase: "https://apps.example.com" });
    localStorage.setItem(
      "brand-app:app-4:user",
      JSON.stringify({ userId: "user-4", token: "t", profile: {} }),
    );
    mount("app-4");
    await vi.waitFor(() =>
      expect(heard.filter((h) => h.type === "brand-app:error")).toEqual([
        {
          type: "brand-app:error",
          detail: { appId: "app-4", code: 202, message: "Service down" },
          from: "app-4",
        },
      ]),
    );
    // The profile once (the inbox, loaded beside it, is another call).
    expect(
      requested
        .filter((r) => r.url.includes("/mobile/users/") && !r.url.endsWith("/notifications"))
        .map((r) => r.url),
    ).toEqual(["https://apps.example.com/api/mobile/users/user-4"]);
  });
});
