import { sql } from "drizzle-orm";
import {
  boolean,
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
import { apps } from "./schema.ts";
import { staffMembers } from "./schema-team.ts";

/**
 * End users of one app (the widget's signed-in people). The id is chosen by the widget before sign-in (an
 * anonymous install id), so the same person in two apps is two unrelated rows: nothing crosses apps.
 */
export const endUsers = pgTable(
  "end_users",
  {
    id: uuid("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name"),
    company: text("company"),
    phone: text("phone"),
    email: text("email"),
    dateOfBirth: text("date_of_birth"),
    address: text("address"),
    emailVerified: boolean("email_verified").notNull().default(false),
    phoneVerified: boolean("phone_verified").notNull().default(false),
    /** The advisor the customer picked from the staff directory (or was routed to by the default). */
    staffMemberId: uuid("staff_member_id").references(() => staffMembers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A verified e-mail or phone belongs to one person per app; sign-in finds them by it.
  (t) => [
    uniqueIndex("end_users_app_email_idx").on(t.appId, t.email).where(sql`email_verified`),
    uniqueIndex("end_users_app_phone_idx").on(t.appId, t.phone).where(sql`phone_verified`),
    // The console's customers table pages an app's users newest first, or by name (issue 14's 100,000 users).
    index("end_users_app_created_idx").on(t.appId, t.createdAt, t.id),
    index("end_users_app_name_idx").on(t.appId, sql`lower(${t.name})`, t.id),
  ],
);

/**
 * One-time sign-in codes. Only a salted SHA-256 of the code is kept; `attempts` counts wrong tries so a code
 * dies after the fifth. The newest row per identifier is the only one that can succeed.
 */
export const endUserCodes = pgTable(
  "end_user_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(), // "email" | "phone"
    identifier: text("identifier").notNull(), // lower-cased e-mail or phone digits with an optional +
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("end_user_codes_identifier_idx").on(t.channel, t.identifier, t.createdAt)],
);

/** Widget sessions: the bearer token proving "I am this end user of this app"; only its SHA-256 is kept. */
export const endUserSessions = pgTable(
  "end_user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  // A customer's last sign-in (the customers table) without reading every session.
  (t) => [index("end_user_sessions_user_idx").on(t.endUserId, t.createdAt)],
);

/** An end user's vehicles in the order they listed them (spec §3 Vehicle). */
export const endUserVehicles = pgTable(
  "end_user_vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    unit: text("unit"),
    year: integer("year"),
    make: text("make"),
    model: text("model"),
    vin: text("vin"),
    mileage: integer("mileage"),
  },
  (t) => [index("end_user_vehicles_user_idx").on(t.endUserId, t.position)],
);

/**
 * Analytics signals, partitioned by month of `time` on PostgreSQL and PGlite alike (migration 0009 makes the
 * partitions; drizzle-kit cannot declare them). The key is the widget's id of the event with its time (a
 * partitioned table's keys must hold the partition column): the widget re-sends a buffered event with the
 * same id and time, so a batch re-sent after a lost answer is stored once. The key leads with the time, so
 * new rows land at the right edge of their app's range and the key serves range reads (migration 0015); no
 * foreign key, which checked each row alone (a trigger on apps deletes an app's signals with it). Every
 * insert also queues the rows for the rollups (a statement trigger, migration 0009), so the dashboards never
 * read this table.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    /** The widget's id of the signal: unique within its app only (another app may send the same id). */
    id: uuid("id").notNull(),
    appId: uuid("app_id").notNull(),
    userId: text("user_id"),
    platform: text("platform").notNull().default("Web"),
    name: text("name").notNull(),
    time: timestamp("time", { withTimezone: true }).notNull(),
    data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.time, t.id] })],
);

/**
 * Push subscriptions per app. For Web the token is the browser's PushSubscription as JSON; a device without
 * push sends a value built from its user id, kept so the audience still counts it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    platform: text("platform").notNull(),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_app_token_idx").on(t.appId, t.token),
    index("push_subscriptions_app_user_idx").on(t.appId, t.userId),
  ],
);

/** The server's VAPID key pair: generated once on first use and kept, so browser subscriptions stay valid. */
export const vapidKeys = pgTable("vapid_keys", {
  id: smallint("id").primaryKey().default(1),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The dev SMS outbox: texts kept in the database (and logged) when no SMS provider is configured. */
export const smsOutbox = pgTable("sms_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  text: text("text").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A custom form as an end user submitted it: the values by field name (spec §2 Form, §3 form data). */
export const formData = pgTable(
  "form_data",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    featureId: text("feature_id").notNull(),
    /** The feature's title when submitted, so the list still reads well after the form is renamed. */
    title: text("title"),
    userId: text("user_id"),
    values: jsonb("values").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("form_data_app_feature_idx").on(t.appId, t.featureId, t.createdAt)],
);

/** A lead: someone who left their contact details, from a form or a special offer's information request. */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    source: text("source").notNull(), // "form"
    formDataId: uuid("form_data_id").references(() => formData.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    name: text("name"),
    phone: text("phone"),
    email: text("email"),
    comments: text("comments"),
    /** The offer the lead asked about ('Please Provide Your Information'), if any. */
    offerId: uuid("offer_id"),
    /** What else it came from, e.g. { vin, stockNumber, title } of an inventory vehicle. */
    context: jsonb("context"),
    /** The staff member the customer chose as their advisor when the lead came in. */
    staffMemberId: uuid("staff_member_id").references(() => staffMembers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("leads_app_idx").on(t.appId, t.createdAt)],
);
