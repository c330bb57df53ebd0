/**
 * The contract between the widget's views and a partner's screen module (issue 20, schemas/features/
 * README.md "A partner's package"). The module is one ES file the server serves under
 * /partner/{name}@{version}/screen.js; it exports `mount`, which draws the screen into the element it is
 * given (inside the widget's shadow root, under `.ba-root`, so the widget's classes style it: `ba-form`,
 * `ba-field`, `ba-button`, `ba-button-secondary`, `ba-note`, `ba-empty`) and returns its clean-up. It uses
 * no framework of ours: the widget runs preact, the builder React, and a module cannot import either.
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
