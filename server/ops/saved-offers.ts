import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { offerApps, personalizedSpecials } from "../db/schema-offers.ts";
import { savedOffers } from "../db/schema-portal.ts";
import { MobileError } from "./mobile-errors.ts";
import { offerInApp } from "./redemptions.ts";

/**
 * Save Offer (spec §2, issue 17): a signed-in customer keeps offers of their app on the server, so the
 * portal shows them as saved on any browser. The list is bounded: a customer keeps at most this many per
 * app, and one answer never carries more.
 */
export const SAVED_OFFERS_LIMIT = 200;

export interface SavedOffer {
  offerId: string;
  savedAt: string;
}

/** Who saves: the signed-in end user of the app of X-App (routes prove the token first). */
export interface Saver {
  appId: string;
  endUserId: string;
}

const mine = (s: Saver) => and(eq(savedOffers.appId, s.appId), eq(savedOffers.endUserId, s.endUserId));

/**
 * The customer's saved offers, last saved first, only those the app still shows (an offer taken out of the
 * app in the console drops out of the list; its row goes when the offer is deleted).
 */
export async function listSavedOffers(db: Db, s: Saver): Promise<SavedOffer[]> {
  const rows = await db
    .select({ offerId: savedOffers.offerId, savedAt: savedOffers.createdAt })
    .from(savedOffers)
    .innerJoin(offerApps, and(eq(offerApps.offerId, savedOffers.offerId), eq(offerApps.appId, s.appId)))
    .where(mine(s))
    .orderBy(desc(savedOffers.createdAt), desc(savedOffers.id))
    .limit(SAVED_OFFERS_LIMIT);
  return rows.map((r) => ({ offerId: r.offerId, savedAt: r.savedAt.toISOString() }));
}

/**
 * An offer the customer may save: one of this app, and a personalized special only when it was given to
 * them (another customer's special stays unknown). Anything else answers 404 OfferNotFound.
 */
async function savable(db: Db, s: Saver, offerId: string) {
  const offer = await offerInApp(db, s.appId, offerId);
  if (!offer) throw new MobileError("OfferNotFound");
  if (offer.personalized) {
    const [given] = await db
      .select({ id: personalizedSpecials.id })
      .from(personalizedSpecials)
      .where(
        and(
          eq(personalizedSpecials.appId, s.appId),
          eq(personalizedSpecials.offerId, offer.id),
          eq(personalizedSpecials.endUserId, s.endUserId),
        ),
      );
    if (!given) throw new MobileError("OfferNotFound");
  }
  return offer;
}

/**
 * Saves an offer for the customer. Saving it again keeps the first save (and its time); a customer who
 * already keeps SAVED_OFFERS_LIMIT offers gets 409 SavedOffersFull.
 */
export async function saveOffer(db: Db, s: Saver, offerId: string): Promise<SavedOffer> {
  const offer = await savable(db, s, offerId);
  const existing = async () => {
    const [row] = await db
      .select({ savedAt: savedOffers.createdAt })
      .from(savedOffers)
      .where(and(mine(s), eq(savedOffers.offerId, offer.id)));
    return row ? { offerId: offer.id, savedAt: row.savedAt.toISOString() } : null;
  };
  const already = await existing();
  if (already) return already;
  const [{ n }] = await db.select({ n: count() }).from(savedOffers).where(mine(s));
  if (n >= SAVED_OFFERS_LIMIT) throw new MobileError("SavedOffersFull");
  // Two saves at once: the unique index keeps one, and both answer with it.
  await db
    .insert(savedOffers)
    .values({ appId: s.appId, endUserId: s.endUserId, offerId: offer.id })
    .onConflictDoNothing();
  const saved = await existing();
  if (!saved) throw new MobileError("OfferNotFound");
  return saved;
}

/**
 * Forgets a saved offer. Forgetting one that is not saved is no error; an offer that is neither saved
 * nor of this app answers 404 OfferNotFound, as saving it would.
 */
export async function unsaveOffer(db: Db, s: Saver, offerId: string): Promise<{ saved: false }> {
  const removed = await db
    .delete(savedOffers)
    .where(and(mine(s), eq(savedOffers.offerId, offerId)))
    .returning({ id: savedOffers.id });
  if (!removed.length && !(await offerInApp(db, s.appId, offerId))) throw new MobileError("OfferNotFound");
  return { saved: false };
}
