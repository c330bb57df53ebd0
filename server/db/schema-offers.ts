import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apps, users } from "./schema.ts";
import { endUsers } from "./schema-mobile.ts";
import { staffMembers } from "./schema-team.ts";

/**
 * Coupons (specials) and events (promotions) as records of their own (spec §3 Coupon, Event). They used to
 * live in apps.definition; one offer can now run in several apps (offer_apps), each with its own order.
 * `ownerAppId` is the app it was created in: deleting that app deletes the offer everywhere.
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(), // "coupon" | "event"
    ownerAppId: uuid("owner_app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    image: text("image"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    personalized: boolean("personalized").notNull().default(false),
    hideDates: boolean("hide_dates").notNull().default(false),
    link: text("link"),
    category: text("category"),
    /** By default a coupon is redeemed once per user; the console can allow repeats. */
    oncePerUser: boolean("once_per_user").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("offers_owner_idx").on(t.ownerAppId, t.kind)],
);

/** Which apps show an offer, and where in that app's list (PUT .../order sets `position`). */
export const offerApps = pgTable(
  "offer_apps",
  {
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.appId] }), index("offer_apps_app_idx").on(t.appId, t.position)],
);

/** A named bundle of specials shown as one offer (title, description, image, the specials in order). */
export const specialPackages = pgTable(
  "special_packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    image: text("image"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("special_packages_app_idx").on(t.appId, t.position)],
);

export const specialPackageItems = pgTable(
  "special_package_items",
  {
    packageId: uuid("package_id")
      .notNull()
      .references(() => specialPackages.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.offerId] })],
);

/** A personalized special: one offer assigned to one app user (spec §4: shown only to that user). */
export const personalizedSpecials = pgTable(
  "personalized_specials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("personalized_specials_offer_user_idx").on(t.offerId, t.endUserId),
    index("personalized_specials_app_user_idx").on(t.appId, t.endUserId),
  ],
);

/**
 * One redemption: who, which offer, when, where. `onceKey` is set (offer:user) when the offer may be redeemed
 * once per user, so the unique index makes the second of two concurrent tries fail in the database itself.
 */
export const redemptions = pgTable(
  "redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    personalizedSpecialId: uuid("personalized_special_id").references(() => personalizedSpecials.id, {
      onDelete: "set null",
    }),
    locationId: text("location_id"),
    channel: text("channel").notNull(), // "widget" | "portal" | "console"
    /** The staff member who recorded it from the console, if any. */
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    /** The staff member who handled it (the customer's advisor, or the one chosen at the desk). */
    staffMemberId: uuid("staff_member_id").references(() => staffMembers.id, { onDelete: "set null" }),
    onceKey: text("once_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("redemptions_once_idx").on(t.onceKey),
    index("redemptions_app_offer_idx").on(t.appId, t.offerId, t.createdAt),
    index("redemptions_user_idx").on(t.endUserId),
  ],
);

export const offerKinds = ["coupon", "event"] as const;
export type OfferKind = (typeof offerKinds)[number];
