import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apps, users } from "./schema.ts";

/**
 * The app's staff directory (spec §7 staff-members): who a customer can pick as their advisor. At most one
 * member per app is the default (the partial unique index), the one new customers are routed to.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    title: text("title"),
    department: text("department"),
    email: text("email"),
    phone: text("phone"),
    image: text("image"),
    locations: jsonb("locations").notNull().default(sql`'[]'::jsonb`),
    isDefault: boolean("is_default").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_members_app_idx").on(t.appId, t.position),
    uniqueIndex("staff_members_default_idx").on(t.appId).where(sql`is_default`),
  ],
);

/** Who gets the staff tally by e-mail and how often (spec §7 tally-notification); one row per app. */
export const staffTallyNotifications = pgTable("staff_tally_notifications", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  recipients: jsonb("recipients").notNull().default(sql`'[]'::jsonb`),
  /** "weekly" | "monthly" */
  frequency: text("frequency").notNull().default("weekly"),
  enabled: boolean("enabled").notNull().default(true),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Addresses subscribed to the app's weekly insights report (spec §3 email subscription). */
export const emailSubscriptions = pgTable(
  "email_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    insightsReport: boolean("insights_report").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("email_subscriptions_app_email_idx").on(t.appId, t.email)],
);

/**
 * Long work a user waits for (CSV imports, bulk adds): a pg-boss job updates its row, the console polls
 * `GET /public/apps/{id}/tasks/{taskId}?taskType` (spec §7) for progress and row errors.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    /** What it does, e.g. "staff-import", "personalized-specials-import", "inventory-import". */
    type: text("type").notNull(),
    /** "queued" | "running" | "done" | "failed" */
    status: text("status").notNull().default("queued"),
    fileName: text("file_name"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    applied: integer("applied").notNull().default(0),
    /** Row errors: [{ row, field?, value?, message }]. */
    errors: jsonb("errors").notNull().default(sql`'[]'::jsonb`),
    /** The job's input (parsed rows or a stored file key) and its result summary. */
    input: jsonb("input"),
    result: jsonb("result"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("tasks_app_idx").on(t.appId, t.createdAt)],
);

/** Admin actions and data imports leave a trace: who, what, when, before and after (ARCHITECTURE "Audit"). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    appId: uuid("app_id").references(() => apps.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target: text("target"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_app_idx").on(t.appId, t.createdAt)],
);
