import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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
