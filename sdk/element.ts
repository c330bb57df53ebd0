import r2wc from "@r2wc/react-to-web-component";
import { createElement, useSyncExternalStore } from "react";
import { BrandApp, type BrandAppProps } from "./BrandApp.tsx";

/** How a page configures `<brand-app>`: `defineBrandApp(options)`. */
export interface BrandAppOptions {
  /**
   * Where the Brand Apps API lives (an origin such as `https://apps.example.com`, or a URL with a path
   * prefix; relative to the page when not absolute). An element's own `api-base` attribute wins over it.
   * Unset: the origin the widget's script was loaded from.
   */
  apiBase?: string;
}

/** The `<brand-app>` element: attributes `app-id` and `api-base`, or the same as properties. */
export interface BrandAppElement extends HTMLElement {
  appId?: string;
  apiBase?: string;
}

// The API base set by defineBrandApp, read by every instance (those already on the page re-render with it).
let configuredApiBase: string | undefined;
const configListeners = new Set<() => void>();
const subscribeConfig = (listener: () => void) => {
  configListeners.add(listener);
  return () => void configListeners.delete(listener);
};
const getConfiguredApiBase = () => configuredApiBase;

/**
 * The origin the widget's script came from: where the embed's brand-app.js is served, the API is. A bundler
 * that rewrites `import.meta.url` to a file path gives no origin ("null"); then the page's own origin.
 */
const scriptOrigin = (() => {
  try {
    const origin = new URL(import.meta.url).origin;
    if (origin !== "null") return origin;
  } catch {
    /* no usable module URL */
  }
  return typeof location === "undefined" ? "" : location.origin;
})();

/** An API base as the client wants it: absolute, without a trailing slash. */
function normalizeApiBase(apiBase: string): string {
  const url = new URL(apiBase, typeof location === "undefined" ? undefined : location.href);
  return url.href.replace(/\/+$/, "");
}

function ConfiguredBrandApp(props: BrandAppProps) {
  const configured = useSyncExternalStore(subscribeConfig, getConfiguredApiBase, getConfiguredApiBase);
  return createElement(BrandApp, { ...props, apiBase: props.apiBase || configured || scriptOrigin });
}

/** `<brand-app app-id="…">`: the widget as a custom element with an open shadow root. */
export const BrandAppElement: { new (): BrandAppElement; prototype: BrandAppElement } = r2wc(
  ConfiguredBrandApp,
  { shadow: "open", props: { appId: "string", apiBase: "string" } },
) as unknown as { new (): BrandAppElement; prototype: BrandAppElement };

/**
 * Defines `<brand-app>` (once; later calls only change the options) and sets the API base every instance
 * without its own `api-base` attribute talks to. For bundlers: `defineBrandApp({ apiBase:
 * "https://apps.example.com" })` before or after the elements are on the page.
 */
export function defineBrandApp(options: BrandAppOptions = {}): typeof BrandAppElement {
  if (options.apiBase !== undefined) {
    const next = normalizeApiBase(options.apiBase);
    if (next !== configuredApiBase) {
      configuredApiBase = next;
      for (const listener of configListeners) listener();
    }
  }
  if (!customElements.get("brand-app")) customElements.define("brand-app", BrandAppElement);
  return BrandAppElement;
}

// Defined a microtask after this module runs, so that a `defineBrandApp({ apiBase })` in the code importing
// it (same module graph, same task) configures the element before any instance on the page renders and
// fetches. The embed's brand-app.js is loaded for this side effect.
queueMicrotask(() => defineBrandApp());
