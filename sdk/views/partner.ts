/**
 * The contract between the widget's views and a partner's screen module (issue 20, schemas/features/
 * README.md "A partner's package"). The module is one ES file the server serves under
 * /partner/{name}@{version}/screen.js; it exports `mount`, which draws the screen into the element it is
 * given and returns its clean-up. It uses no framework of ours: the widget runs preact, the builder React,
 * and a module cannot import either.
 *
 * The screen runs isolated, enforced by the browser: screens/partner-load.tsx draws it in
 * `<iframe sandbox="allow-scripts allow-forms">` without allow-same-origin, whose document is the API's
 * /partner/{name}@{version}/frame.html (CSP default-src 'none', scripts and styles from the API's origin,
 * connect-src 'none', form-action 'none'). Its origin is opaque, so the partner's code cannot read the
 * widget's storage (the end user's token), cookies, IndexedDB or the host page, nor call any server. The
 * frame's bootstrap (server/partner-frame/frame.js) imports the module and calls `mount` with the props
 * below, which the parent posts to it: the feature's data, the language, the package's strings, and the
 * theme's colours and font (the frame's stylesheet is the widget's, so `ba-form`, `ba-field`, `ba-button`,
 * `ba-button-secondary`, `ba-note`, `ba-empty` style it). The callbacks are messages to the parent, which
 * knows the frame by its window (its origin is "null") and ignores any other message:
 *   - `{ type: "openLink", url }`: opened only if the product's link policy (safe-url.ts) passes it;
 *   - `{ type: "back" }`: leaves the screen;
 *   - `{ type: "resize", height }`: sent by the bootstrap as the content changes; the frame's height
 *     follows, at most PARTNER_FRAME_MAX_PX (4000 px).
 *
 * A partner screen gets the feature's saved data and the callbacks below, nothing else: never the end
 * user's token, the app's other features or the host page's storage.
 */
export interface PartnerScreenProps {
  /** A copy of the feature as the business user saved it (its schema's fields). */
  feature: Readonly<Record<string, unknown>>;
  appId: string;
  lang: "en" | "es" | "fr";
  /** "widget" and "promo" are visitors; "preview" is the builder (nothing should leave the page there). */
  mode: "widget" | "preview" | "promo" | "header";
  /** The package's own strings (its locales/{lang}.json, English where missing), `{{name}}` filled from vars. */
  t(key: string, vars?: Record<string, string | number>): string;
  /** Opens an outside address through the widget's link policy (unsafe addresses are ignored). */
  openLink(url: string): void;
  /** Leaves the screen, as the bar's back button does. */
  back(): void;
}

/** What `screen.js` exports; the frame's bootstrap calls it. */
export interface PartnerScreenModule {
  /** Draws the screen into `root`; the returned function is called when it leaves or its feature changes. */
  mount(root: HTMLElement, props: PartnerScreenProps): (() => void) | undefined;
}

/** A partner type as GET /api/mobile/partner-screens lists it (URLs relative to the API's origin). */
export interface PartnerScreenInfo {
  type: string;
  package: string;
  version: string;
  analyticsPage: string;
  screen: string;
  locales: Record<string, string>;
}
