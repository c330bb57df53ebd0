import { type Static, Type } from "@sinclair/typebox";
import { dateTime, stringEnum } from "./common.ts";

/** Widget page identifiers for analytics (spec §2), exactly as the customer lists them. */
export const WIDGET_PAGE_IDS = [
  "home",
  "contactUs",
  "coupons",
  "couponDetails",
  "events",
  "eventDetails",
  "loyalty",
  "loyalty2",
  "referral",
  "webLink",
  "Form",
  "glovebox",
  "tca_contracts",
  "popup",
  "i360",
  "utp",
  "inventory",
  "inventory_details",
  "inventory_favorites",
  "roadside_assistance",
  "uptime_pro",
] as const;
export type WidgetPageId = (typeof WIDGET_PAGE_IDS)[number];

/** Why an analytics signal could not be sent (spec §8). */
export const ANALYTICS_FAILURE_REASONS = ["unsupported_feature", "http_error", "storage_error"] as const;

/** One analytics signal the widget buffers and posts to /mobile/analytics/events (spec §3). */
export const AnalyticsSignal = Type.Object(
  {
    /** Unique per event: the server stores each id once, so a retried batch never counts twice. */
    id: Type.String({ format: "uuid" }),
    time: dateTime({ title: "Time" }),
    appId: Type.String({ minLength: 1 }),
    userId: Type.Optional(Type.String()),
    platform: Type.Literal("Web", { default: "Web" }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    data: Type.Optional(
      Type.Object(
        {
          featureId: Type.Optional(Type.String()),
          title: Type.Optional(Type.String()),
          page: Type.Optional(Type.String()),
          /** The coupon or event a detail view, share or calendar add is about (issue 15's offer figures). */
          offerId: Type.Optional(Type.String({ maxLength: 100 })),
          inventoryId: Type.Optional(Type.String()),
          userName: Type.Optional(Type.String()),
          geofenceId: Type.Optional(Type.String()),
          location: Type.Optional(Type.String()),
          staffMemberId: Type.Optional(Type.String()),
          staffMemberName: Type.Optional(Type.String()),
          loginMethod: Type.Optional(stringEnum(["email", "phone"] as const)),
          failureReason: Type.Optional(stringEnum(ANALYTICS_FAILURE_REASONS)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type AnalyticsSignal = Static<typeof AnalyticsSignal>;

/** The batch body of POST /mobile/analytics/events. */
export const AnalyticsBatch = Type.Array(AnalyticsSignal, { maxItems: 50 });
