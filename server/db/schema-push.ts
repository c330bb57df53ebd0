import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apps, users } from "./schema.ts";
import { pushSubscriptions } from "./schema-mobile.ts";
import { offers } from "./schema-offers.ts";

/**
 * Push notifications (spec §3) as records of their own. One push can go to several apps (push_notification_apps);
 * `ownerAppId` is the app it was composed in. `timeZone` is the composer's IANA zone, so a recurring push keeps
 * its wall time across DST. `nextAt` is the next occurrence not yet handed to the sender (null when none is
 * left); the scheduler claims it and moves it on in one statement, so two nodes never enqueue one occurrence.
 */
export const pushNotifications = pgTable(
  "push_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerAppId: uuid("owner_app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    path: text("path"),
    scheduleTime: timestamp("schedule_time", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    recurrenceType: text("recurrence_type").notNull().default("Once"),
    recurrenceEndsBy: timestamp("recurrence_ends_by", { withTimezone: true }),
    /** The audience filters of schemas/audience.ts (and `userIds` for a push to chosen users). */
    audience: jsonb("audience").notNull().default(sql`'{}'::jsonb`),
    shareCoupon: uuid("share_coupon").references(() => offers.id, { onDelete: "set null" }),
    shareEvent: uuid("share_event").references(() => offers.id, { onDelete: "set null" }),
    /** Where the composer was opened from: "composer" | "coupon" | "event" | "users". */
    source: text("source").notNull().default("composer"),
    nextAt: timestamp("next_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("push_notifications_owner_idx").on(t.ownerAppId, t.scheduleTime),
    index("push_notifications_next_idx").on(t.nextAt).where(sql`next_at IS NOT NULL`),
  ],
);

/** The apps a push goes to (spec §6: limited to apps the composer may edit). */
export const pushNotificationApps = pgTable(
  "push_notification_apps",
  {
    pushId: uuid("push_id")
      .notNull()
      .references(() => pushNotifications.id, { onDelete: "cascade" }),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.pushId, t.appId] }), index("push_notification_apps_app_idx").on(t.appId)],
);

/**
 * One send of a push: its single time, or one instance of its recurrence. (pushId, at) is unique, so an
 * occurrence is created once however many schedulers race. The counters are what View Schedule shows.
 */
export const pushOccurrences = pgTable(
  "push_occurrences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pushId: uuid("push_id")
      .notNull()
      .references(() => pushNotifications.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** "pending" → "fanned" (deliveries written) → "done". */
    state: text("state").notNull().default("pending"),
    targeted: integer("targeted").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    /** Acknowledged by the service worker on the device (a receipt call), not only accepted by the push service. */
    delivered: integer("delivered").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    expired: integer("expired").notNull().default(0),
    opened: integer("opened").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_occurrences_push_at_idx").on(t.pushId, t.at)],
);

/**
 * One message to one subscription for one occurrence. The primary key is the delivery's idempotency key: the
 * fan-out inserts with ON CONFLICT DO NOTHING, and a worker claims rows (state, claimedAt) before sending.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    occurrenceId: uuid("occurrence_id")
      .notNull()
      .references(() => pushOccurrences.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** "pending" | "sending" | "sent" | "failed" | "expired" */
    state: text("state").notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [
    primaryKey({ columns: [t.occurrenceId, t.subscriptionId] }),
    index("push_deliveries_state_idx").on(t.occurrenceId, t.state),
  ],
);

/**
 * The widget's inbox: what each end user (the widget's user id, signed in or not) was sent, read and opened.
 * Written by the fan-out whether or not the device can receive a real push, so the bell still counts it.
 */
export const endUserNotifications = pgTable(
  "end_user_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    occurrenceId: uuid("occurrence_id").references(() => pushOccurrences.id, { onDelete: "cascade" }),
    geofenceId: uuid("geofence_id").references(() => geofences.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    path: text("path"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("end_user_notifications_occurrence_idx")
      .on(t.occurrenceId, t.appId, t.userId)
      .where(sql`occurrence_id IS NOT NULL`),
    index("end_user_notifications_user_idx").on(t.appId, t.userId, t.createdAt),
  ],
);

/**
 * Geofences (spec §3) as records of their own, like offers. `version` goes up on every update by a business
 * user or admin, and completions are per version: an update resets the geofence for everyone (spec §6).
 */
export const geofences = pgTable(
  "geofences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerAppId: uuid("owner_app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message: text("message").notNull(),
    silent: boolean("silent").notNull().default(false),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    radius: doublePrecision("radius").notNull(),
    radiusUnit: text("radius_unit").notNull().default("km"),
    shape: text("shape").notNull().default("circle"),
    ctaText: text("cta_text"),
    ctaLink: text("cta_link"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    timeZone: text("time_zone").notNull().default("UTC"),
    recurrenceType: text("recurrence_type"),
    recurrenceEndsBy: timestamp("recurrence_ends_by", { withTimezone: true }),
    delayedMessage: text("delayed_message"),
    delayMinutes: integer("delay_minutes"),
    filters: jsonb("filters").notNull().default(sql`'{}'::jsonb`),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("geofences_owner_idx").on(t.ownerAppId)],
);

/** The apps a geofence runs in, each with its own order. */
export const geofenceApps = pgTable(
  "geofence_apps",
  {
    geofenceId: uuid("geofence_id")
      .notNull()
      .references(() => geofences.id, { onDelete: "cascade" }),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.geofenceId, t.appId] }),
    index("geofence_apps_app_idx").on(t.appId, t.position),
  ],
);

/**
 * An end user completed (entered) a geofence: once per user, geofence version and occurrence. `occurrence` is
 * the occurrence's start as ISO text ("" for a one-off), so a recurring geofence fires once per occurrence.
 */
export const geofenceCompletions = pgTable(
  "geofence_completions",
  {
    geofenceId: uuid("geofence_id")
      .notNull()
      .references(() => geofences.id, { onDelete: "cascade" }),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    version: integer("version").notNull(),
    occurrence: text("occurrence").notNull().default(""),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.geofenceId, t.userId, t.version, t.occurrence] })],
);
