import { type ComponentType, lazy } from "react";
import type { AnyFeature } from "../types.ts";

/**
 * Screens below home load on first use: home is what the widget must show fast (issue 6: all JS of the
 * first view at most 40 KB gzip), and dayjs and the screens' code are not part of it. The preview and the
 * promo call preloadScreens() so their navigation never waits.
 */
const loaders = {
  branded: () => import("./Branded.tsx"),
  call: () => import("./Call.tsx"),
  contactUs: () => import("./ContactUs.tsx"),
  coupons: () => import("./Coupons.tsx"),
  directions: () => import("./Directions.tsx"),
  email: () => import("./Email.tsx"),
  events: () => import("./Events.tsx"),
  form: () => import("./Form.tsx"),
  loyalty: () => import("./Loyalty.tsx"),
  loyalty2: () => import("./Loyalty2.tsx"),
  menu: () => import("./Menu.tsx"),
  notifications: () => import("./Notifications.tsx"),
  referral: () => import("./Referral.tsx"),
  texting: () => import("./Texting.tsx"),
  webLink: () => import("./WebLink.tsx"),
};

/** Which loader holds each type's screen, so an entry can start loading it on hover or focus. */
const LOADER_OF: Record<string, keyof typeof loaders> = {
  ClickToCall: "call",
  ClickToLink: "webLink",
  ClickToDirections: "directions",
  ClickToExternalApp: "branded",
  ClickToEmail: "email",
  WebLink: "webLink",
  ClickToText: "texting",
  Email: "email",
  ContactUs: "contactUs",
  Coupons: "coupons",
  Events: "events",
  ReferralProgram: "referral",
  Loyalty: "loyalty",
  Loyalty2: "loyalty2",
  Form: "form",
  Menu: "menu",
  BrandedOemAppSelect: "branded",
  BrandedRoadsideAssistance: "branded",
  BrandedBookYourService: "webLink",
  DealershipSelector: "branded",
};

/** Starts loading one type's screen (a no-op for types without a lazy screen). */
export function preloadScreenOf(type: string): void {
  const key = LOADER_OF[type];
  if (key) void loaders[key]().catch(() => {});
}

/** Starts loading every screen (the builder preview and the promo simulator show them all). */
export const preloadScreens = (): Promise<unknown> =>
  Promise.all(Object.values(loaders).map((load) => load()));

// `any` props: each screen has its own; the map keeps them apart.
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<any> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> }));
}

const CallScreen = screen(loaders.call, "CallScreen");
const DirectionsScreen = screen(loaders.directions, "DirectionsScreen");
const ExternalAppScreen = screen(loaders.branded, "ExternalAppScreen");
const OemAppSelectScreen = screen(loaders.branded, "OemAppSelectScreen");
const RoadsideScreen = screen(loaders.branded, "RoadsideScreen");
const DealershipSelectorScreen = screen(loaders.branded, "DealershipSelectorScreen");
const ClickToEmailScreen = screen(loaders.email, "ClickToEmailScreen");
const EmailScreen = screen(loaders.email, "EmailScreen");
const WebLinkScreen = screen(loaders.webLink, "WebLinkScreen");
const TextingScreen = screen(loaders.texting, "TextingScreen");
const ContactUsScreen = screen(loaders.contactUs, "ContactUsScreen");
const CouponsScreen = screen(loaders.coupons, "CouponsScreen");
const EventsScreen = screen(loaders.events, "EventsScreen");
const ReferralScreen = screen(loaders.referral, "ReferralScreen");
const LoyaltyScreen = screen(loaders.loyalty, "LoyaltyScreen");
const LoyaltyProgramsScreen = screen(loaders.loyalty2, "LoyaltyProgramsScreen");
const FormScreen = screen(loaders.form, "FormScreen");
const MenuScreen = screen(loaders.menu, "MenuScreen");

/** The screens reached from a list rather than from a feature entry. */
export const CouponDetailsScreen = screen(loaders.coupons, "CouponDetailsScreen");
export const EventDetailsScreen = screen(loaders.events, "EventDetailsScreen");
export const LoyaltyProgramScreen = screen(loaders.loyalty2, "LoyaltyProgramScreen");
export const NotificationsScreen = screen(loaders.notifications, "NotificationsScreen");

export interface FeatureScreen {
  Screen: ComponentType<{ feature: AnyFeature }>;
  /**
   * The widget page id analytics records (spec §2). It mirrors the feature registry's analyticsPage (a test
   * checks they agree); it is repeated here because the registry carries ajv, too heavy for the widget.
   */
  page: string | ((feature: AnyFeature) => string);
}

const IntegratedScreen = ({ feature }: { feature: AnyFeature }) => (
  <WebLinkScreen feature={feature} page={String(feature.meta ?? "webLink")} />
);

/** The screen of each feature type. PopUp is absent on purpose: it opens over home, not as a screen. */
const screens = new Map<string, FeatureScreen>([
  ["ClickToCall", { Screen: CallScreen, page: "home" }],
  ["ClickToLink", { Screen: IntegratedScreen, page: (f) => String(f.meta ?? "home") }],
  ["ClickToDirections", { Screen: DirectionsScreen, page: "home" }],
  ["ClickToExternalApp", { Screen: ExternalAppScreen, page: "home" }],
  ["ClickToEmail", { Screen: ClickToEmailScreen, page: "home" }],
  ["WebLink", { Screen: WebLinkScreen, page: "webLink" }],
  ["ClickToText", { Screen: TextingScreen, page: "home" }],
  ["Email", { Screen: EmailScreen, page: "home" }],
  ["ContactUs", { Screen: ContactUsScreen, page: "contactUs" }],
  ["Coupons", { Screen: CouponsScreen, page: "coupons" }],
  ["Events", { Screen: EventsScreen, page: "events" }],
  ["ReferralProgram", { Screen: ReferralScreen, page: "referral" }],
  ["Loyalty", { Screen: LoyaltyScreen, page: "loyalty" }],
  ["Loyalty2", { Screen: LoyaltyProgramsScreen, page: "loyalty2" }],
  ["Form", { Screen: FormScreen, page: "Form" }],
  ["Menu", { Screen: MenuScreen, page: "home" }],
  ["BrandedOemAppSelect", { Screen: OemAppSelectScreen, page: "home" }],
  ["BrandedRoadsideAssistance", { Screen: RoadsideScreen, page: "roadside_assistance" }],
  ["BrandedBookYourService", { Screen: WebLinkScreen, page: "webLink" }],
  ["DealershipSelector", { Screen: DealershipSelectorScreen, page: "home" }],
]);

/** A partner's feature type brings its screen here (its schema goes to the schemas registry). */
export function registerScreen(type: string, screen: FeatureScreen): void {
  screens.set(type, screen);
}

export const screenOf = (type: string): FeatureScreen | undefined => screens.get(type);

/** The analytics page id of a feature's screen; PopUp is 'popup'. */
export function featurePage(feature: AnyFeature): string | undefined {
  if (feature.type === "PopUp") return "popup";
  const s = screens.get(feature.type);
  return s && (typeof s.page === "function" ? s.page(feature) : s.page);
}
