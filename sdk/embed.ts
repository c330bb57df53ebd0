import { EMBED_APP_ID_ATTRIBUTE, EMBED_CONTAINER_SELECTOR, EMBED_MISSING_WARNING } from "../core/embed.ts";

/**
 * The paste-in loader: finds the named containers, loads the element bundle once and mounts one
 * `<brand-app>` per container. Kept free of dependencies so it stays tiny.
 */
const script = document.currentScript as HTMLScriptElement | null;
const base = script?.src ? new URL(".", script.src).href : `${location.origin}/sdk/`;

function mount() {
  const containers = document.querySelectorAll(EMBED_CONTAINER_SELECTOR);
  if (!containers.length) {
    console.warn(EMBED_MISSING_WARNING);
    return;
  }
  if (!customElements.get("brand-app") && !document.querySelector("script[data-brand-app-element]")) {
    const el = document.createElement("script");
    el.type = "module";
    el.src = `${base}brand-app.js`;
    el.dataset.brandAppElement = "";
    el.onerror = () => console.error("brand-app: the widget could not be loaded (code 100)");
    document.head.appendChild(el);
  }
  for (const container of containers) {
    if (container.querySelector("brand-app")) continue;
    const app = document.createElement("brand-app");
    app.setAttribute("app-id", container.getAttribute(EMBED_APP_ID_ATTRIBUTE) ?? "");
    container.appendChild(app);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount, { once: true });
else mount();
