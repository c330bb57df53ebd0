import type { WidgetPageId } from "../analytics.ts";

/** A widget page id, or `{field}` when the feature says which page it opens. */
export type AnalyticsPageTemplate = WidgetPageId | `{${string}}`;

/**
 * The widget page analytics records for each built-in feature type (spec §2). Plain data, apart from the
 * feature modules (TypeBox) and the registry (ajv), so the widget's views read the same values without
 * loading either.
 */
export const FEATURE_ANALYTICS_PAGES = {
  ClickToCall: "home", // an action from home, not a page of its own
  ClickToLink: "{meta}",
  ClickToDirections: "home",
  ClickToExternalApp: "home",
  ClickToEmail: "home",
  ClickToReference: "home",
  WebLink: "webLink",
  ClickToText: "home",
  Email: "home",
  ContactUs: "contactUs",
  Coupons: "coupons",
  Events: "events",
  ReferralProgram: "referral",
  Loyalty: "loyalty",
  Loyalty2: "loyalty2",
  Form: "Form",
  Menu: "home",
  PopUp: "popup",
  BrandedOemAppSelect: "home",
  BrandedRoadsideAssistance: "roadside_assistance",
  BrandedBookYourService: "webLink",
  DealershipSelector: "home",
} as const satisfies Record<string, AnalyticsPageTemplate>;
export type BuiltInFeatureType = keyof typeof FEATURE_ANALYTICS_PAGES;

/**
 * The editor route segment of each built-in type under /apps/{appId}/features/ (spec §2); `{field}` is
 * read from the feature. Apart from the analytics pages so the widget does not carry them.
 */
export const FEATURE_PAGE_NAMES = {
  ClickToCall: "click-to-call",
  ClickToLink: "click-to-link/{meta}",
  ClickToDirections: "click-to-directions",
  ClickToExternalApp: "click-to-external-app",
  ClickToEmail: "click-to-email",
  ClickToReference: "click-to-feature",
  WebLink: "link",
  ClickToText: "texting",
  Email: "email",
  ContactUs: "contact-us",
  Coupons: "coupons",
  Events: "events",
  ReferralProgram: "referral",
  Loyalty: "loyalty",
  Loyalty2: "loyalty-repository",
  Form: "custom-form",
  Menu: "menu",
  PopUp: "pop-up",
  BrandedOemAppSelect: "branded-oem-app-select",
  BrandedRoadsideAssistance: "branded-roadside-assistance",
  BrandedBookYourService: "branded-book-your-service",
  DealershipSelector: "dealership-selector",
} as const satisfies Record<BuiltInFeatureType, string>;

/** A page template with its `{field}` placeholders read from the feature ("" for a missing field). */
export const fillPage = (template: string, feature: Record<string, unknown>): string =>
  template.replace(/\{(\w+)\}/g, (_, field: string) => String(feature[field] ?? ""));
