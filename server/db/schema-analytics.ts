import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { apps } from "./schema.ts";

/**
 * Facts waiting to be folded into the rollups: one row per stored signal (copied by the statement trigger on
 * analytics_events) and per counted record (redemptions, leads, form data, push deliveries, opens, geofence
 * completions, sign-in failures: triggers in migration 0009). The fold job deletes what it folds in the same
 * statement that adds it to the rollups, so a fact is counted once even when two workers run.
 */
export const analyticsRollupQueue = pgTable("analytics_rollup_queue", {
  seq: bigserial("seq", { mode: "number" }).primaryKey(),
  appId: uuid("app_id").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  /** The signal's name, or the record's fact name ("redemption", "lead", "push_sent", ...). */
  name: text("name").notNull(),
  /** A widget signal (counts its user as a visitor) rather than a server record. */
  signal: boolean("signal").notNull().default(false),
  userId: text("user_id"),
  platform: text("platform").notNull().default("Web"),
  location: text("location").notNull().default(""),
  data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
});

/**
 * Counts per app, metric, breakdown key, platform, location and 15-minute bucket (UTC). Every UTC offset in
 * use is a multiple of 15 minutes, so a day, week or month in any time zone is a whole number of buckets.
 */
export const analyticsRollups = pgTable(
  "analytics_rollups",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    key: text("key").notNull().default(""),
    platform: text("platform").notNull().default("Web"),
    location: text("location").notNull().default(""),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.metric, t.bucket, t.key, t.platform, t.location] })],
);

/**
 * The same counts per UTC day: a long range reads whole days here and only the partial days at its periods'
 * edges (local midnights that are not UTC midnights) from the 15-minute rows, so a year by month reads a few
 * thousand rows instead of every quarter hour.
 */
export const analyticsRollupsDaily = pgTable(
  "analytics_rollups_daily",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull().default(""),
    platform: text("platform").notNull().default("Web"),
    location: text("location").notNull().default(""),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.metric, t.day, t.key, t.platform, t.location] })],
);

/**
 * Who was seen per app and 15-minute bucket: unique visitors over any range are a count of distinct users
 * here, which sums of counts cannot give.
 */
export const analyticsVisitors = pgTable(
  "analytics_visitors",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    userId: text("user_id").notNull(),
    platform: text("platform").notNull().default("Web"),
    location: text("location").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.appId, t.bucket, t.userId, t.platform, t.location] })],
);

/** PostgreSQL's bytea (drizzle's pg-core has no builder of its own). */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Who was seen, as mergeable sketches per app, platform, location and UTC day or hour (span "day" or
 * "hour"): the users' 64-bit hashes while at most 512 (exact; 8 bytes each, big-endian, sorted), else 4,096 HyperLogLog registers. Unique
 * visitors over a range merge the sketches of its whole days and hours (server/ops/analytics-sketch.ts) and
 * count the few quarter hours left at a zone's odd offset in analytics_visitors. Migration 0013 holds the SQL
 * that maintains them.
 */
export const analyticsVisitorSketches = pgTable(
  "analytics_visitor_sketches",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    span: text("span").notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    platform: text("platform").notNull().default("Web"),
    location: text("location").notNull().default(""),
    hashes: bytea("hashes"),
    registers: bytea("registers"),
  },
  (t) => [
    primaryKey({
      name: "analytics_visitor_sketches_pk",
      columns: [t.appId, t.span, t.start, t.platform, t.location],
    }),
  ],
);
