import { sql } from "drizzle-orm";
import {
  check,
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
import { apps, users } from "./schema.ts";
import { endUsers } from "./schema-mobile.ts";

/**
 * A stamp card of one app user on one Loyalty feature (spec §3 loyalty card and stamps). `stampNumber` is the
 * feature's count when the card started, so editing the feature does not change a card half filled. At most
 * one open card per user and feature: a full card gets `completedAt` and the next stamp starts a new one.
 */
export const loyaltyCards = pgTable(
  "loyalty_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    featureId: text("feature_id").notNull(),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    stamps: integer("stamps").notNull().default(0),
    stampNumber: integer("stamp_number").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("loyalty_cards_open_idx")
      .on(t.appId, t.featureId, t.endUserId)
      .where(sql`completed_at is null`),
    index("loyalty_cards_user_idx").on(t.appId, t.endUserId, t.createdAt),
    check("loyalty_cards_stamps_range", sql`${t.stamps} >= 0 and ${t.stamps} <= ${t.stampNumber}`),
  ],
);

/** Every stamp, logged: who got it, when, and how (the counter code or a staff member in the console). */
export const loyaltyStamps = pgTable(
  "loyalty_stamps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cardId: uuid("card_id")
      .notNull()
      .references(() => loyaltyCards.id, { onDelete: "cascade" }),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    method: text("method").notNull(), // "code" | "staff"
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("loyalty_stamps_card_idx").on(t.cardId, t.createdAt)],
);

/**
 * The points program of an app (Loyalty2, spec §3 Loyalty display): conversion rate, expiry, balance limit,
 * earning caps, maximum per visit, milestones and rewards, validated by schemas/points.ts.
 */
export const pointsPrograms = pgTable("points_programs", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  config: jsonb("config").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The points ledger: one row per earning, spending or expiry, amounts in whole points (signed: earnings
 * positive, spends and expiries negative). `remaining` is what is left of an earning after spends and
 * expiries took from it, oldest first, so expiry knows what is still unspent.
 */
export const pointsEntries = pgTable(
  "points_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(), // "earn" | "spend" | "expire"
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    note: text("note"),
    /** A visit or receipt reference: the maximum per visit counts earnings with the same one. */
    visitRef: text("visit_ref"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("points_entries_user_idx").on(t.appId, t.endUserId, t.createdAt)],
);

/** The balance per user, changed only together with a ledger row; it can never go below zero. */
export const pointsBalances = pgTable(
  "points_balances",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.endUserId] }),
    check("points_balances_not_negative", sql`${t.balance} >= 0`),
  ],
);
