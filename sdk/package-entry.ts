/**
 * The npm package `@brand-apps/widget` (built by scripts/widget-package.ts; its .d.ts files are emitted from
 * this module and the two it re-exports, so the public types are written once). Importing it defines
 * `<brand-app>`; `defineBrandApp({ apiBase })` points it at the Brand Apps server.
 */
import type { BrandAppElement } from "./element.ts";

export { type BrandAppElement, type BrandAppOptions, defineBrandApp } from "./element.ts";
export {
  BRAND_APP_ERROR_CODES,
  BRAND_APP_EVENTS,
  type BrandAppErrorDetail,
  type BrandAppEventDetails,
  type BrandAppEventMap,
  type BrandAppEventName,
  type BrandAppNavigateDetail,
  type BrandAppReadyDetail,
  type BrandAppSignInDetail,
  type BrandAppSignOutDetail,
} from "./events.ts";

/** The attributes `<brand-app>` reads, as JSX writes them. */
export interface BrandAppAttributes {
  /** The app to show (its id in the builder). */
  "app-id": string;
  /** This element's API base, over `defineBrandApp`'s. */
  "api-base"?: string;
}

/**
 * `<brand-app>` in JSX: its attributes and the few element props a host sets on it (`data-*` and `aria-*`
 * are always allowed). Self-contained on purpose: the package's types must compile in a project without
 * React, so they cannot name React's prop types.
 */
export interface BrandAppJsxProps extends BrandAppAttributes {
  id?: string;
  class?: string;
  className?: string;
  style?: string | Record<string, string | number | undefined>;
  hidden?: boolean;
  slot?: string;
  key?: string | number | bigint | null;
  ref?: { current: BrandAppElement | null } | ((element: BrandAppElement | null) => void) | null;
}

declare global {
  interface HTMLElementTagNameMap {
    "brand-app": BrandAppElement;
  }
  // JSX with the classic global namespace (React 18 and earlier types, and other libraries using it).
  namespace JSX {
    interface IntrinsicElements {
      "brand-app": BrandAppJsxProps;
    }
  }
}

// React 19's types keep JSX in the module (`React.JSX`). Without React installed this augments nothing.
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "brand-app": BrandAppJsxProps;
    }
  }
}
