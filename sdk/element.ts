import r2wc from "@r2wc/react-to-web-component";
import { BrandApp } from "./BrandApp.tsx";

/** `<brand-app app-id="…">`: the widget as a custom element with an open shadow root. */
export const BrandAppElement = r2wc(BrandApp, {
  shadow: "open",
  props: { appId: "string", apiBase: "string" },
});

if (!customElements.get("brand-app")) customElements.define("brand-app", BrandAppElement);
