import { type Static, Type } from "@sinclair/typebox";
import { audienceProperties } from "./audience.ts";
import { atLeast, dateTime, stringEnum, uuid } from "./common.ts";
import { messages } from "./messages.ts";
import { URL_CHECK_MAX_LENGTH, URL_PATTERN } from "./patterns.ts";
import { Recurrence } from "./recurrence.ts";
import { checkedString, sized } from "./text.ts";

/**
 * Where a push leads (the composer's Link): a web address under the one URL policy, or a screen of the app
 * as `feature:{id}`, `coupon:{id}` or `event:{id}` (sdk/views/screens/notification-path.ts opens those).
 * Anything else: "incorrect url".
 */
export const PUSH_PATH_PATTERN = `^(?:feature|coupon|event):[A-Za-z0-9_-]{1,100}$|${URL_PATTERN}`;
const pushPath = (opts: { title: string }) =>
  checkedString({ pattern: PUSH_PATH_PATTERN, errorMessage: messages.url }, opts, {
    type: "string",
    pattern: "\\S",
    maxLength: URL_CHECK_MAX_LENGTH,
  });

/** A push notification (spec §3); status and scheduling rules are in core/status.ts and core/push.ts. */
export const PushNotification = Type.Object(
  {
    id: Type.Optional(uuid({ title: "Id" })),
    apps: atLeast(1, Type.String({ minLength: 1 }), { title: "Apps" }),
    message: sized("pushMessage", { required: true, title: "Message" }),
    path: Type.Optional(pushPath({ title: "Link" })),
    scheduleTime: dateTime({ title: "Send at" }),
    recurrence: Type.Optional(Recurrence),
    ...audienceProperties,
    shareCoupon: Type.Optional(uuid({ title: "Coupon" })),
    shareEvent: Type.Optional(uuid({ title: "Event" })),
    /**
     * The IANA zone the schedule's wall time recurs in (e.g. "America/New_York"); without it the
     * x-user-timezone-offset header decides (a fixed offset, so no DST).
     */
    timeZone: Type.Optional(Type.String({ title: "Time zone", minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false, title: "Push notification" },
);
export type PushNotification = Static<typeof PushNotification>;

export const PUSH_STATUSES = ["Planned", "Delivering", "Recurring", "Sent"] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/** What the sender counted, over all occurrences or for one. */
export const PushCounts = Type.Object({
  targeted: Type.Integer(),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  expired: Type.Integer(),
  opened: Type.Integer(),
});
export type PushCounts = Static<typeof PushCounts>;

/** Where a push was composed from. */
export const PUSH_SOURCES = ["composer", "coupon", "event", "users"] as const;

/** A push as View Schedule shows it: its fields and what the server knows about its sends. */
export const PushNotificationView = Type.Object(
  {
    ...PushNotification.properties,
    id: uuid({ title: "Id" }),
    timeZone: Type.String({ title: "Time zone" }),
    status: stringEnum(PUSH_STATUSES, { title: "Status" }),
    /** Whether it may still be edited or deleted: its next send is 10+ minutes ahead (spec §5). */
    editable: Type.Boolean(),
    /** The next sends not yet made (ISO), at most 5. */
    nextOccurrences: Type.Array(Type.String({ format: "date-time" })),
    counts: PushCounts,
    source: stringEnum(PUSH_SOURCES),
    ownerAppId: Type.String(),
    createdAt: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false, title: "Scheduled push notification" },
);
export type PushNotificationView = Static<typeof PushNotificationView>;

/** GET push-notifications filters: a device's platform or token, a time window, a status. */
export const PushListQuery = Type.Object(
  {
    platform: Type.Optional(Type.String({ maxLength: 50 })),
    token: Type.Optional(Type.String({ maxLength: 4000 })),
    from: Type.Optional(dateTime({ title: "From" })),
    to: Type.Optional(dateTime({ title: "To" })),
    status: Type.Optional(stringEnum(PUSH_STATUSES)),
  },
  { additionalProperties: false },
);
export type PushListQuery = Static<typeof PushListQuery>;

/** POST push-notifications/audience-count: the audience (and target apps, the path's app by default). */
export const AudienceCountInput = Type.Object(
  {
    apps: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 200 })),
    ...audienceProperties,
  },
  { additionalProperties: false },
);
export type AudienceCountInput = Static<typeof AudienceCountInput>;

export const AudienceCount = Type.Object({
  subscriptions: Type.Integer(),
  users: Type.Integer(),
  webPush: Type.Integer(),
});

/** GET push-notifications/audience-choices?apps=a,b: the target apps (comma-separated; the path's app by default). */
export const AudienceChoicesQuery = Type.Object(
  { apps: Type.Optional(Type.String({ maxLength: 8000 })) },
  { additionalProperties: false },
);
export type AudienceChoicesQuery = Static<typeof AudienceChoicesQuery>;

/** What the audience's engine type, group and location filters can take for the target apps. */
export const AudienceChoices = Type.Object({
  engineTypes: Type.Array(Type.String()),
  groups: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  locations: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), appId: Type.String() })),
});
export type AudienceChoices = Static<typeof AudienceChoices>;

/** One send of a push: its time, the sender's state ("pending", "fanned", "done") and its counts. */
export const PushOccurrenceView = Type.Object({
  id: Type.String(),
  at: Type.String({ format: "date-time" }),
  state: Type.String(),
  counts: PushCounts,
});
export type PushOccurrenceView = Static<typeof PushOccurrenceView>;

/** GET push-subscriptions?skip&take&platform&userId: a page of the app's subscriptions, newest first. */
export const PushSubscriptionQuery = Type.Object(
  {
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    take: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    platform: Type.Optional(Type.String({ maxLength: 50 })),
    userId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type PushSubscriptionQuery = Static<typeof PushSubscriptionQuery>;

/** One subscription as the console lists it: never its token. `user` when the id is a known end user. */
export const PushSubscriptionRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  platform: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
  user: Type.Optional(
    Type.Object({
      name: Type.Union([Type.String(), Type.Null()]),
      email: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type PushSubscriptionRow = Static<typeof PushSubscriptionRow>;

export const PushSubscriptionPage = Type.Object({
  items: Type.Array(PushSubscriptionRow),
  total: Type.Integer(),
});
export type PushSubscriptionPage = Static<typeof PushSubscriptionPage>;

/** The kinds of message an app sends to its users' devices (GET /mobile/app/push-notifications/categories). */
export const PUSH_CATEGORIES = ["general", "specials", "promotions", "geofences"] as const;
export const PushCategory = Type.Object({
  id: stringEnum(PUSH_CATEGORIES),
  title: Type.String(),
});
export type PushCategory = Static<typeof PushCategory>;
