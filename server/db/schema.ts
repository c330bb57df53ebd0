import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(), // stored lower-cased
  passwordHash: text("password_hash").notNull(),
  name: text("name").notNull().default(""),
  type: text("type").notNull().default("User"),
  portalUrl: text("portal_url"),
  emailConfirmed: boolean("email_confirmed").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Admin sessions: only a SHA-256 of the random token is kept, so a database leak yields no usable token. */
export const sessions = pgTable("sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  /** The Admin who opened this session with sign-in-as, kept for the audit trail. */
  impersonatorId: uuid("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
  /**
   * The Admin's own session that opened this one with sign-in-as: an impersonation lives only as long as
   * that session (the Admin's sign-out or expiry ends it too).
   */
  impersonatorSessionId: uuid("impersonator_session_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '30 days'`),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

/**
 * Single-use tokens sent by mail: e-mail confirmation, password reset and manager invitations (the sign-up
 * code). Only a SHA-256 is stored, like sessions.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** Invitations: { appId, role, locations, invitedBy }. */
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("account_tokens_email_idx").on(t.email, t.kind)],
);

/** The dev outbox: mail kept in the database (and logged) when no SMTP server is configured. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const apps = pgTable("apps", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  version: integer("version").notNull().default(1),
  status: text("status").notNull().default("Active"),
  lang: text("lang").notNull().default("en"),
  domainType: text("domain_type").notNull().default("Auto"),
  makeModelType: text("make_model_type").notNull().default("Car"),
  definition: jsonb("definition").notNull().default(sql`'{}'::jsonb`),
  multiappId: uuid("multiapp_id"),
  locations: jsonb("locations"),
  integrationConfig: jsonb("integration_config")
    .notNull()
    .default(sql`'{"rewardsStatus":"Disabled"}'::jsonb`),
  navi360Config: jsonb("navi360_config"),
  uptimeProConfig: jsonb("uptime_pro_config"),
  loyaltyConfig: jsonb("loyalty_config"),
  loyaltyAccountId: text("loyalty_account_id"),
  website: text("website"),
  portalUrl: text("portal_url"),
  /** Master apps are templates and internal apps; the admin list hides them unless asked. */
  isMaster: boolean("is_master").notNull().default(false),
  /** Admin-only store and version data (spec §3 admin app view), merged by PUT /admin/apps/{id}/metadata. */
  metadata: jsonb("metadata").notNull().default(sql`'{}'::jsonb`),
  /** Push credentials per platform; secrets never leave the server in clear. */
  pushProfile: jsonb("push_profile"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Releases of an app to the stores: a snapshot of what was released. */
export const appReleases = pgTable("app_releases", {
  id: uuid("id").primaryKey().defaultRandom(),
  appId: uuid("app_id")
    .notNull()
    .references(() => apps.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  fullUpdate: boolean("full_update").notNull().default(false),
  definition: jsonb("definition").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Per-app settings: a key and any JSON value (spec §3 setting). */
export const appSettings = pgTable(
  "app_settings",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] })],
);

/** Files about an app's users (uploads, exports) that admins can list and delete. */
export const appUserFiles = pgTable("app_user_files", {
  id: uuid("id").primaryKey().defaultRandom(),
  appId: uuid("app_id")
    .notNull()
    .references(() => apps.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  key: text("key").notNull().unique(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Groups of apps shown together (spec §3 multiapp: name, appIds, downloadsAppId). */
export const multiapps = pgTable("multiapps", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  appIds: jsonb("app_ids").notNull().default(sql`'[]'::jsonb`),
  downloadsAppId: uuid("downloads_app_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The make/model catalog per makeModelType. */
export const makeModels = pgTable(
  "make_models",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull().default("Car"),
    make: text("make").notNull(),
    model: text("model").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("make_models_unique").on(t.type, t.make, t.model)],
);

/** Engine types per make and model. */
export const engineTypes = pgTable(
  "engine_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull().default("Car"),
    make: text("make").notNull(),
    model: text("model").notNull(),
    engineType: text("engine_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("engine_types_unique").on(t.type, t.make, t.model, t.engineType)],
);

/** What client managers (Admin, Accountant) keep about each client app. */
export const clientInfo = pgTable("client_info", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  info: jsonb("info").notNull().default(sql`'{}'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Reports prepared for a client app (for example insights reports sent to subscribers). */
export const clientReports = pgTable("client_reports", {
  id: uuid("id").primaryKey().defaultRandom(),
  appId: uuid("app_id")
    .notNull()
    .references(() => apps.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  kind: text("kind").notNull().default("insights"),
  data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's role on one app (spec §6: Owner, Manager, Service, Associate). */
export const appRoles = pgTable(
  "app_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    locations: jsonb("locations").notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);

/** Uploaded images: the bytes live in the storage service, this row names them. */
export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: text("key").notNull().unique(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: integer("bytes").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Counters of every rate limit and lock-out, shared by all API nodes (no node keeps a limit in memory only).
 * One row per key and window; a row whose window has passed counts as zero and is reused.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
