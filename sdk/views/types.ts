import type { AppDefinition, Coupon, Event, Feature, WidgetPackage } from "../../schemas/index.ts";
import type { Lang } from "./i18n.ts";

/** Where the views render: the dealer's site, the builder's phone frame, the promo simulator, or the header bar alone. */
export type ViewMode = "widget" | "preview" | "promo" | "header";

/** One screen of the app. `featureId` says which feature a screen belongs to; `itemId` which coupon, event or program. */
export interface Route {
  page:
    | "home"
    | "feature"
    | "couponDetails"
    | "eventDetails"
    | "packageDetails"
    | "loyalty2"
    | "notifications";
  featureId?: string;
  itemId?: string;
}

/**
 * A feature as the views read it: the base fields every type has (schemas/features/base.ts), the rest read
 * per type by its screen. Loose on purpose so partner types render through the same path as `Feature`.
 */
export type AnyFeature = Pick<Feature, "id" | "hide" | "icon" | "headerTitle" | "timeframe"> & {
  type: string;
  title?: string;
} & Record<string, unknown>;

/** A notification of the signed-in user (the sdk loads them). */
export interface NotificationItem {
  id: string;
  message: string;
  /** ISO time or epoch ms. */
  time: string | number;
  read?: boolean;
  /** Where opening it leads (screens/notification-path.ts): a feature, coupon or event of the app, or a web link. */
  path?: string | null;
}

/** What the rewards service reports for one loyalty program (spec §3 "Loyalty display"). */
export interface LoyaltyDisplay {
  currentPoints: number;
  /** In dollars (conversion rate 1 without an always-display setting, spec §9). */
  currentValue: number;
  /** Like "12 months". */
  expiryPeriod?: string;
  history?: {
    kind: "earned" | "redeemed" | "expired";
    points: number;
    time: string | number;
    expires?: string;
  }[];
  milestones?: { title: string; points: number }[];
  rewards?: {
    current?: { title: string; points?: number }[];
    earn?: { title: string; points?: number }[];
    spend?: { title: string; points?: number }[];
  };
  terms?: string;
}

/** A special assigned to the signed-in user alone (issue 12 personalized specials). */
export type PersonalCoupon = Coupon & { personalizedSpecialId: string };

/** GET /mobile/users/{userId}/offers: the user's personalized specials and the offers they redeemed. */
export interface EndUserOffers {
  personalized: PersonalCoupon[];
  /** Offer ids this user redeemed and may not redeem again. */
  redeemed: string[];
}

/** A recorded redemption (POST /mobile/users/{userId}/redemptions). */
export interface RedemptionRecord {
  id: string;
  offerId: string;
  createdAt: string;
}

/** One stamp card of the user for a Loyalty feature (GET /mobile/users/{userId}/loyalty-cards). */
export interface LoyaltyCard {
  id: string;
  featureId: string;
  featureTitle?: string;
  appUserId: string;
  stamps: number;
  stampNumber: number;
  completedAt?: string | null;
  createdAt: string;
  log?: { id: string; method: "code" | "staff"; createdAt: string }[];
}

/** What a stamp answers: the card after it, whether it filled the card, and then the feature's reward. */
export interface StampResult {
  card: LoyaltyCard;
  completed: boolean;
  reward?: string;
}

/** The user's points ledger (GET /mobile/users/{userId}/points). Amounts are integers. */
export interface PointsAccount {
  balance: number;
  /** balance × conversionRate, in the smallest currency unit (cents). */
  value: number;
  /** 1 means loyalty dollars (spec §9). */
  conversionRate: number;
  expiryDays?: number | null;
  nextExpiry?: { points: number; on: string } | null;
  caps?: {
    daily?: number | null;
    monthly?: number | null;
    annual?: number | null;
    maxPerVisit?: number | null;
    balanceLimit?: number | null;
  };
  history: {
    id: string;
    kind: "earn" | "spend" | "expire";
    amount: number;
    createdAt: string;
    expiresAt?: string | null;
    note?: string | null;
  }[];
  milestones?: { id: string; points: number; title: string }[];
  rewards?: { id: string; title: string; points: number; description?: string | null }[];
  terms?: string | null;
}

/**
 * The signed-in end user's calls (the widget's, with their token). Failures reject with an Error whose
 * `message` is the end user's text, `status` the HTTP status and `code` the server's error code.
 */
export interface EndUserApi {
  userId: string;
  offers: () => Promise<EndUserOffers>;
  redeem: (body: { offerId: string; personalizedSpecialId?: string }) => Promise<RedemptionRecord>;
  loyaltyCards: (featureId: string) => Promise<LoyaltyCard[]>;
  stamp: (featureId: string, code: string) => Promise<StampResult>;
  points: () => Promise<PointsAccount>;
  /** The app's staff directory with this user's advisor marked (`chosen`). */
  staffDirectory?: () => Promise<DirectoryMember[]>;
  /** Picks this user's advisor (a member's id) or, with null, none. */
  setAdvisor?: (staffMemberId: string | null) => Promise<{ staffMemberId: string | null }>;
}

/** One member of the app's staff directory as the widget shows it (GET /mobile/app/staff-directory). */
export interface DirectoryMember {
  id: string;
  name: string;
  title?: string;
  department?: string;
  email?: string;
  phone?: string;
  image?: string;
  isDefault: boolean;
  /** The signed-in user's advisor. */
  chosen?: boolean;
}

/** What the end user shares; the sdk decides how (Web Share API, clipboard, analytics). */
export interface ShareRequest {
  kind: "coupon" | "event" | "referral";
  /** The coupon's or event's id (analytics counts shares per offer). */
  id?: string;
  title: string;
  text: string;
  url?: string;
}

/** What the views ask of their surface. Every callback is optional: the views fall back to a safe default. */
export interface ViewCallbacks {
  /** Called on every navigation with the route and its analytics page id (spec §2). */
  onNavigate?: (route: Route, pageId: string) => void;
  /** Preview: 'Go Back' on an unknown feature type, and the back arrow of a feature opened from `?id=`. */
  onBack?: () => void;
  /** Preview: the Add link of a missing name, logo or cover. */
  onAddMissing?: (item: "name" | "logo" | "cover") => void;
  onRedeem?: (coupon: Coupon) => void;
  onShare?: (share: ShareRequest) => void;
  /** Defaults to downloading an .ics file in the widget. */
  onAddToCalendar?: (event: Event) => void;
  /** Told after an event was added to the calendar (whichever handler did it): the widget counts it. */
  onCalendarAdded?: (event: Event) => void;
  onSubmitForm?: (feature: AnyFeature, values: Record<string, string | boolean>) => unknown;
  onSendEmail?: (
    feature: AnyFeature,
    mail: { from: string; to: string; subject: string; message: string },
  ) => unknown;
  onStamp?: (feature: AnyFeature, code: string) => unknown;
  /** Defaults to a new tab in the widget; preview and promo open nothing unless given. */
  onOpenLink?: (url: string) => void;
  onSelectDealership?: (feature: AnyFeature, index: number) => void;
  onOpenNotification?: (notification: NotificationItem) => void;
  /** Offered on the notifications screen only where the surface can subscribe to web push and the visitor has not decided yet. */
  onEnablePush?: () => unknown;
  /**
   * Location alerts (the app's geofences, sdk/geofence-watch.ts): offered on the notifications screen where the
   * app has geofences and the browser can locate; `on` once the visitor turned them on.
   */
  locationAlerts?: { on: boolean; toggle: () => unknown };
  /**
   * The widget's signed-in end user (personalized specials, redeem, stamp card, points); null while nobody
   * is signed in. Preview and promo have no end user: left out, Redeem and the stamp card stay inert.
   */
  endUser?: EndUserApi | null;
  /** The app's staff directory for anyone (the widget); Contact us lists it when the app has staff. */
  staffDirectory?: () => Promise<DirectoryMember[]>;
  /** Loyalty screen's Install (spec §2): offered only when the surface can install the app. */
  onInstallApp?: () => void;
  /** The slider's hint was hidden by the first mouse-over; the sdk remembers it per app (spec §4: shown once). */
  onSliderHintHidden?: () => void;
}

export interface AppViewProps extends ViewCallbacks {
  /** The app definition: the saved one in the widget, the unsaved draft in the builder preview. */
  definition: AppDefinition;
  appId?: string;
  mode?: ViewMode;
  lang?: Lang;
  /** Controlled navigation; leave out to let the views keep their own history. */
  route?: Route;
  /** Preview: the feature of `?id=`; the views open it and follow its changes. */
  featureId?: string;
  /** A template app may lack name, logo and cover without the 'No Preview Available' state. */
  isTemplate?: boolean;
  notifications?: NotificationItem[];
  /**
   * An inbox entry opened from outside the page (the system notification's click, sdk/push-sw.ts): the views
   * show the notifications list and follow the entry's path. A new object opens again.
   */
  openedNotification?: NotificationItem | null;
  /** Unread count for the bell when the list is not loaded; defaults to the unread items of `notifications`. */
  unreadCount?: number;
  /** Rewards per loyalty program id. */
  loyalty?: Record<string, LoyaltyDisplay>;
  /** Cover slides advance on their own unless this is false. */
  autoSlide?: boolean;
  /** Whether the slider's hint may still show (false once the visitor has seen it). */
  sliderHint?: boolean;
  /** The clock, injectable for tests and for the promo's fixed screenshots. */
  now?: Date | number;
  timeZone?: string;
  /** The app's integration settings (App.navi360Config, App.uptimeProConfig); without them i360, utp and uptime_pro stay off home. */
  integrations?: {
    navi360Config?: Record<string, unknown> | null;
    uptimeProConfig?: Record<string, unknown> | null;
  };
  /** The dealership the visitor chose, by DealershipSelector feature id (the dealership's name). */
  selectedDealerships?: Record<string, string>;
  /** The visitor's user agent for platform choices (defaults to navigator.userAgent). */
  userAgent?: string;
  /** Special packages (GET /mobile/app `packages`): each one entry in Coupons. The preview and promo have none. */
  packages?: WidgetPackage[];
}
