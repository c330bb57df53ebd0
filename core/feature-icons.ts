/**
 * The icon a new feature starts with, by type (issue 19: new features showed a letter, not an icon). Each
 * is a file of the icon bank (Tabler's outline set, served at /api/icon-files/, see server/services/
 * icon-bank.ts), so the icon picker offers it and the widget tints it like any other. A type without an
 * entry here (a partner's) gets the generic one.
 */
export const DEFAULT_FEATURE_ICONS: Readonly<Record<string, string>> = {
  ClickToCall: "phone-ringing",
  ClickToLink: "app-window",
  ClickToDirections: "map-pin",
  ClickToExternalApp: "external-link",
  ClickToEmail: "mail",
  ClickToReference: "pointer",
  WebLink: "world",
  ClickToText: "message",
  Email: "mail-forward",
  ContactUs: "address-book",
  Coupons: "discount",
  Events: "speakerphone",
  ReferralProgram: "user-plus",
  Loyalty: "award",
  Loyalty2: "gift",
  Form: "checklist",
  Menu: "menu-2",
  PopUp: "bell",
  BrandedOemAppSelect: "car",
  BrandedRoadsideAssistance: "truck",
  BrandedBookYourService: "calendar-event",
  DealershipSelector: "building-store",
};

/** The bank file every type without its own default gets. */
export const GENERIC_FEATURE_ICON = "dashboard";

/** The icon bank URL of a type's default icon ("/api/icon-files/phone.svg"). */
export const defaultFeatureIcon = (type: string): string =>
  `/api/icon-files/${DEFAULT_FEATURE_ICONS[type] ?? GENERIC_FEATURE_ICON}.svg`;
