import { EMBED_APP_ID_ATTRIBUTE, EMBED_CONTAINER_SELECTOR, EMBED_MISSING_WARNING } from "../core/embed.ts";
import { WIDGET_BOX } from "./box.ts";
import { preloadApp } from "./preload.ts";

/**
 * The paste-in loader: finds the named containers, loads the element bundle once and mounts one
 * `<brand-app>` per container. Kept free of dependencies so it stays tiny.
 */
// The loader's own address says where the API is. A host that runs it outside a plain <script> (a tag
// manager) leaves currentScript empty: its tag is then found by its path.
const script = (document.currentScript ??
  document.querySelector('script[src*="/sdk/embed.js"]')) as HTMLScriptElement | null;
const base = script?.src ? new URL(".", script.src).href : `${location.origin}/sdk/`;

const apiOrigin = new URL(base).origin;

/** The chunks brand-app.js imports, named at build time (scripts/build-targets.ts); none outside a build. */
declare const __BRAND_APP_CHUNKS__: string[] | undefined;
const firstViewChunks = typeof __BRAND_APP_CHUNKS__ === "undefined" ? [] : __BRAND_APP_CHUNKS__;
const appIdOf = (container: Element) => container.getAttribute(EMBED_APP_ID_ATTRIBUTE) ?? "";

function mount(final: boolean) {
  const containers = document.querySelectorAll(EMBED_CONTAINER_SELECTOR);
  if (!containers.length) {
    if (final) console.warn(EMBED_MISSING_WARNING);
    return;
  }
  if (!customElements.get("brand-app") && !document.querySelector("script[data-brand-app-element]")) {
    const el = document.createElement("script");
    el.type = "module";
    el.src = `${base}brand-app.js`;
    el.dataset.brandAppElement = "";
    el.onerror = () => console.error("brand-app: the widget could not be loaded (code 100)");
    // Fetched with the bundle rather than after it: the browser would only find them in brand-app.js.
    for (const chunk of firstViewChunks) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = `${base}${chunk}`;
      document.head.appendChild(link);
    }
    document.head.appendChild(el);
  }
  for (const container of containers) {
    if (container.querySelector("brand-app")) continue;
    // Fetched now, in parallel with the element bundle, instead of after it.
    preloadApp(apiOrigin, appIdOf(container));
    const app = document.createElement("brand-app");
    app.setAttribute("app-id", appIdOf(container));
    // Its final box at once, before the bundle and the app data: the page around it never moves.
    app.style.cssText = WIDGET_BOX;
    container.appendChild(app);
  }
}

// The snippet puts the container before this script, so it can usually be mounted at once; containers
// further down the page are picked up when the document is parsed.
if (document.readyState === "loading") {
  mount(false);
  document.addEventListener("DOMContentLoaded", () => mount(true), { once: true });
} else mount(true);
