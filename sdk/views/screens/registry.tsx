import { type ComponentType, lazy } from "react";
import { FEATURE_ANALYTICS_PAGES, fillPage } from "../../../schemas/constants/index.ts";
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
export const PackageDetailsScreen = screen(loaders.coupons, "PackageDetailsScreen");
export const LoyaltyProgramScreen = screen(loaders.loyalty2, "LoyaltyProgramScreen");
export const NotificationsScreen = screen(loaders.notifications, "NotificationsScreen");

export interface FeatureScreen {
  Screen: ComponentType<{ feature: AnyFeature }>;
  /**
   * The widget page id analytics records (spec §2), for a type FEATURE_ANALYTICS_PAGES does not know (a
   * partner's: its module's analyticsPage). Built-in types leave it out and read that table, as the
   * feature registry does.
   */
  page?: string | ((feature: AnyFeature) => string);
}

const IntegratedScreen = screen(loaders.webLink, "IntegrationScreen");

/** The screen of each feature type. PopUp is absent on purpose: it opens over home, not as a screen. */
const screens = new Map<string, FeatureScreen>([
  ["ClickToCall", { Screen: CallScreen }],
  ["ClickToLink", { Screen: IntegratedScreen }],
  ["ClickToDirections", { Screen: DirectionsScreen }],
  ["ClickToExternalApp", { Screen: ExternalAppScreen }],
  ["ClickToEmail", { Screen: ClickToEmailScreen }],
  ["WebLink", { Screen: WebLinkScreen }],
  ["ClickToText", { Screen: TextingScreen }],
  ["Email", { Screen: EmailScreen }],
  ["ContactUs", { Screen: ContactUsScreen }],
  ["Coupons", { Screen: CouponsScreen }],
  ["Events", { Screen: EventsScreen }],
  ["ReferralProgram", { Screen: ReferralScreen }],
  ["Loyalty", { Screen: LoyaltyScreen }],
  ["Loyalty2", { Screen: LoyaltyProgramsScreen }],
  ["Form", { Screen: FormScreen }],
  ["Menu", { Screen: MenuScreen }],
  ["BrandedOemAppSelect", { Screen: OemAppSelectScreen }],
  ["BrandedRoadsideAssistance", { Screen: RoadsideScreen }],
  ["BrandedBookYourService", { Screen: WebLinkScreen }],
  ["DealershipSelector", { Screen: DealershipSelectorScreen }],
]);

/**
 * Integrated screens (ClickToLink metas such as inventory or glovebox) that a dealer-data module fills: once
 * a module registers its screen for a meta, visitors get that screen and its home entry shows
 * (core/integrations.ts decides the rest).
 */
const integrationScreens = new Map<string, FeatureScreen>();

/** Registers a dealer-data module's screen for an integrated screen's meta; returns its removal. */
export function registerIntegrationScreen(meta: string, screen: FeatureScreen): () => void {
  integrationScreens.set(meta, screen);
  return () => {
    if (integrationScreens.get(meta) === screen) integrationScreens.delete(meta);
  };
}

export const integrationScreenOf = (meta: string): FeatureScreen | undefined => integrationScreens.get(meta);

/** A partner's feature type brings its screen here (its schema goes to the schemas registry). */
export function registerScreen(type: string, screen: FeatureScreen): void {
  screens.set(type, screen);
}

export const screenOf = (type: string): FeatureScreen | undefined => screens.get(type);

const builtInPages: Record<string, string | undefined> = FEATURE_ANALYTICS_PAGES;

/**
 * The analytics page id of a feature (spec §2): a registered screen's own `page`, else the type's
 * FEATURE_ANALYTICS_PAGES entry ('home' when its `{field}` is empty, e.g. a ClickToLink without meta).
 */
export function featurePage(feature: AnyFeature): string | undefined {
  const own = screens.get(feature.type)?.page;
  if (own !== undefined) return typeof own === "function" ? own(feature) : own;
  const page = builtInPages[feature.type];
  return page && (fillPage(page, feature) || "home");
}
