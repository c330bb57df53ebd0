/**
 * The DOM events `<brand-app>` dispatches for its host page. Each bubbles and is composed, so it leaves the
 * widget's shadow root and reaches the element, its ancestors, `document` and `window`, with
 * `event.target` the `<brand-app>` element. This module is part of the public package's types
 * (`@brand-apps/widget`), so it imports nothing.
 */

/** The event names, one per thing a host page may want to react to. */
export const BRAND_APP_EVENTS = {
  /** The app was loaded and its home screen is on screen. */
  ready: "brand-app:ready",
  /** A screen was shown (home included); `pageId` is the page id analytics records for it. */
  navigate: "brand-app:navigate",
  /** The end user signed in with a code (their user id may have changed to the one the server knows). */
  signIn: "brand-app:sign-in",
  /** The end user signed out, or their session ended (the server no longer knew it). */
  signOut: "brand-app:sign-out",
  /** Something failed; `code` is one of the widget's error codes (see `BrandAppErrorDetail`). */
  error: "brand-app:error",
} as const;

export type BrandAppEventName = (typeof BRAND_APP_EVENTS)[keyof typeof BRAND_APP_EVENTS];

export interface BrandAppReadyDetail {
  appId: string;
}

export interface BrandAppNavigateDetail {
  appId: string;
  /**
   * The analytics page id of the screen (spec §2: `home`, `coupons`, `couponDetails`, `Form`, `webLink`, …;
   * a feature that names its page, such as a link's `meta`, gives that value).
   */
  pageId: string;
}

export interface BrandAppSignInDetail {
  appId: string;
  userId: string;
}

export interface BrandAppSignOutDetail {
  appId: string;
}

/**
 * The widget's error codes (spec §8): 100 part of the widget's code could not be loaded; 200 a profile save
 * failed while signed in, 201 while not; 202 the profile could not be loaded. When the app itself cannot
 * be loaded, `code` is the HTTP status: 404 for an unknown or discontinued app ("The app has been
 * discontinued"), 0 for a network error or timeout ("XMLHttpRequest timeout").
 */
export const BRAND_APP_ERROR_CODES = {
  widgetLoad: 100,
  profileSaveSignedIn: 200,
  profileSaveSignedOut: 201,
  profileLoad: 202,
} as const;

export interface BrandAppErrorDetail {
  appId: string;
  /** One of `BRAND_APP_ERROR_CODES`, or the HTTP status of a failed app load (0: network or timeout). */
  code: number;
  /** The message the widget shows the end user (in the app's language; "Unknown error" when unknown). */
  message: string;
}

/** Each event's `detail`. */
export interface BrandAppEventDetails {
  "brand-app:ready": BrandAppReadyDetail;
  "brand-app:navigate": BrandAppNavigateDetail;
  "brand-app:sign-in": BrandAppSignInDetail;
  "brand-app:sign-out": BrandAppSignOutDetail;
  "brand-app:error": BrandAppErrorDetail;
}

/** Event name → event, for typed `addEventListener` (merged into `HTMLElementEventMap` below). */
export type BrandAppEventMap = { [K in BrandAppEventName]: CustomEvent<BrandAppEventDetails[K]> };

/** Dispatches one of the events (bubbling, composed) on `target`; what the widget calls internally. */
export type BrandAppEmit = <K extends BrandAppEventName>(type: K, detail: BrandAppEventDetails[K]) => void;

/** Dispatches `type` from `target`: from inside the shadow root it reaches the host page as the element's. */
export function dispatchBrandAppEvent<K extends BrandAppEventName>(
  target: EventTarget | null | undefined,
  type: K,
  detail: BrandAppEventDetails[K],
): void {
  target?.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

declare global {
  // Typed listeners on any element and on the document: `el.addEventListener("brand-app:ready", (e) =>
  // e.detail.appId)`.
  interface HTMLElementEventMap extends BrandAppEventMap {}
  interface DocumentEventMap extends BrandAppEventMap {}
}
