import { index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apps } from "./schema.ts";
import { endUsers } from "./schema-mobile.ts";
import { offers } from "./schema-offers.ts";

/**
 * The customer portal's own records (issue 17). Save Offer: the offers a signed-in customer kept, per app,
 * on the server so they follow the customer to any browser. One row per app, customer and offer (saving
 * twice keeps one); deleting the app, the customer or the offer deletes the row.
 */
export const savedOffers = pgTable(
  "saved_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    endUserId: uuid("end_user_id")
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_offers_user_offer_idx").on(t.appId, t.endUserId, t.offerId),
    // The list is read newest first per customer; offers deleted in the console cascade through offer_id.
    index("saved_offers_user_created_idx").on(t.endUserId, t.createdAt),
    index("saved_offers_offer_idx").on(t.offerId),
  ],
);
