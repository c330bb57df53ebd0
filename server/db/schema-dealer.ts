import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apps, appUserFiles, users } from "./schema.ts";
import { endUsers } from "./schema-mobile.ts";

/**
 * Dealer data (issue 16): records a dealer's systems send (inventory feed, dealer management system) by file
 * or by the integration API. Each table has the dealer's natural key unique per app, so a replayed batch
 * upserts onto the same rows. Customer links are plain values (lower-cased e-mail, E.164 phone, upper-cased
 * VIN) matched against end users when they read their own records, so records may arrive before the person
 * signs up.
 */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const appRef = () =>
  uuid("app_id")
    .notNull()
    .references(() => apps.id, { onDelete: "cascade" });

/** Vehicles for sale (the inventory feed). */
export const dealerVehicles = pgTable(
  "dealer_vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: appRef(),
    vin: text("vin").notNull(),
    stockNumber: text("stock_number"),
    year: integer("year"),
    make: text("make"),
    model: text("model"),
    trim: text("trim"),
    bodyStyle: text("body_style"),
    color: text("color"),
    mileage: integer("mileage"),
    price: money("price"),
    availability: text("availability"),
    /** new | used | certified */
    status: text("status"),
    transmission: text("transmission"),
    fuel: text("fuel"),
    photos: jsonb("photos").notNull().default(sql`'[]'::jsonb`),
    location: text("location"),
    description: text("description"),
    /** Lower-cased "year make model trim vin stock" for the search box (trigram index). */
    searchText: text("search_text").notNull().default(""),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("dealer_vehicles_app_vin_idx").on(t.appId, t.vin),
    index("dealer_vehicles_app_make_idx").on(t.appId, t.make, t.model),
    index("dealer_vehicles_app_price_idx").on(t.appId, t.price),
    index("dealer_vehicles_app_year_idx").on(t.appId, t.year),
    index("dealer_vehicles_app_mileage_idx").on(t.appId, t.mileage),
    index("dealer_vehicles_app_updated_idx").on(t.appId, t.updatedAt, t.id),
    index("dealer_vehicles_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Each app's inventory version (migration 0014): statement triggers on dealer_vehicles set a new one from
 * dealer_inventory_version_seq on every write, so the search's in-memory snapshot knows when it is stale.
 * No foreign key: an app's cascade delete fires the trigger after the app row is gone.
 */
export const dealerInventoryVersions = pgTable("dealer_inventory_versions", {
  appId: uuid("app_id").primaryKey(),
  version: bigint("version", { mode: "bigint" }).notNull(),
});

/** Repair orders from the dealer management system (spec: integrationConfig.ro). */
export const dealerRepairOrders = pgTable(
  "dealer_repair_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: appRef(),
    roNumber: text("ro_number").notNull(),
    /** YYYY-MM-DD */
    date: text("date").notNull(),
    vin: text("vin"),
    mileage: integer("mileage"),
    customerName: text("customer_name"),
    email: text("email"),
    phone: text("phone"),
    /** [{ description, labor, parts }] */
    lines: jsonb("lines").notNull().default(sql`'[]'::jsonb`),
    laborTotal: money("labor_total").notNull().default(0),
    partsTotal: money("parts_total").notNull().default(0),
    total: money("total").notNull().default(0),
    advisor: text("advisor"),
    location: text("location"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("dealer_repair_orders_app_ro_idx").on(t.appId, t.roNumber),
    index("dealer_repair_orders_app_date_idx").on(t.appId, t.date, t.id),
    index("dealer_repair_orders_app_email_idx").on(t.appId, t.email),
    index("dealer_repair_orders_app_phone_idx").on(t.appId, t.phone),
    index("dealer_repair_orders_app_vin_idx").on(t.appId, t.vin),
  ],
);

/** Vehicle sales (deal sheets). The money fields follow the spec's deal-sheet headings. */
export const dealerDeals = pgTable(
  "dealer_deals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: appRef(),
    dealNumber: text("deal_number").notNull(),
    /** YYYY-MM-DD */
    date: text("date").notNull(),
    vin: text("vin"),
    year: integer("year"),
    make: text("make"),
    model: text("model"),
    customerName: text("customer_name"),
    email: text("email"),
    phone: text("phone"),
    /** Months */
    term: integer("term"),
    monthlyPayment: money("monthly_payment"),
    paid: money("paid"),
    amountFinanced: money("amount_financed"),
    downPayment: money("down_payment"),
    totalDown: money("total_down"),
    salesPrice: money("sales_price"),
    totalBackSales: money("total_back_sales"),
    totalPickupPayments: money("total_pickup_payments"),
    aftermarketSale: money("aftermarket_sale"),
    tradeActualCashValue: money("trade_actual_cash_value"),
    total: money("total"),
    /** The deal's products: [{ description, quantity, warranty, internal }] */
    products: jsonb("products").notNull().default(sql`'[]'::jsonb`),
    location: text("location"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("dealer_deals_app_number_idx").on(t.appId, t.dealNumber),
    index("dealer_deals_app_date_idx").on(t.appId, t.date, t.id),
    index("dealer_deals_app_email_idx").on(t.appId, t.email),
    index("dealer_deals_app_phone_idx").on(t.appId, t.phone),
    index("dealer_deals_app_vin_idx").on(t.appId, t.vin),
  ],
);

/** Service contracts and additional products (widget page tca_contracts; spec integrationConfig.tca). */
export const dealerServiceContracts = pgTable(
  "dealer_service_contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: appRef(),
    contractNumber: text("contract_number").notNull(),
    product: text("product").notNull(),
    provider: text("provider"),
    vin: text("vin"),
    customerName: text("customer_name"),
    email: text("email"),
    phone: text("phone"),
    /** YYYY-MM-DD */
    startDate: text("start_date"),
    endDate: text("end_date"),
    endMileage: integer("end_mileage"),
    price: money("price"),
    location: text("location"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("dealer_service_contracts_app_number_idx").on(t.appId, t.contractNumber),
    index("dealer_service_contracts_app_email_idx").on(t.appId, t.email),
    index("dealer_service_contracts_app_phone_idx").on(t.appId, t.phone),
    index("dealer_service_contracts_app_vin_idx").on(t.appId, t.vin),
  ],
);

/** The glovebox: an end user's documents; the bytes are an app-user file (listed by the admin files calls). */
export const dealerDocuments = pgTable(
  "dealer_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: appRef(),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => appUserFiles.id, { onDelete: "cascade" }),
    /** registration | insurance | warranty | other */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    vin: text("vin"),
    createdAt: created(),
  },
  (t) => [index("dealer_documents_user_idx").on(t.endUserId, t.createdAt)],
);

/** Integration API keys: only the SHA-256 of the key is kept; `prefix` lets people tell keys apart. */
export const dealerIntegrationKeys = pgTable(
  "dealer_integration_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: appRef(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: created(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("dealer_integration_keys_app_idx").on(t.appId, t.createdAt)],
);

/** Saved vehicles: a signed-in end user's (endUserId) or an anonymous device's (deviceId). */
export const dealerFavorites = pgTable(
  "dealer_favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: appRef(),
    vehicleId: uuid("vehicle_id")
      .notNull()
      .references(() => dealerVehicles.id, { onDelete: "cascade" }),
    /** The end user's id, or the widget's install id for an anonymous visitor. */
    ownerId: text("owner_id").notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex("dealer_favorites_owner_idx").on(t.appId, t.ownerId, t.vehicleId)],
);
