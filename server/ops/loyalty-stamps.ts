import { createHash, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { LoyaltyCard, LoyaltyStampEntry, StampResult } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps, users } from "../db/schema.ts";
import { loyaltyCards, loyaltyStamps } from "../db/schema-loyalty.ts";
import { endUsers } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import type { Limits } from "../services/limits.ts";
import { appForCaller, UUID } from "./apps.ts";
import { MobileError } from "./mobile-errors.ts";

/** Wrong counter codes allowed per end user per hour; the next try waits for the window to pass. */
export const STAMP_CODE_LIMIT = { maxWrong: 5, windowMs: 3_600_000 } as const;

const LOYALTY_LABEL = "Loyalty card";

interface LoyaltyFeature {
  id: string;
  type: "Loyalty";
  title?: string;
  description?: string;
  stampNumber: number;
  code: string;
}

type CardRow = typeof loyaltyCards.$inferSelect;

const featuresOf = (definition: unknown): Record<string, unknown>[] => {
  const features = (definition as { features?: unknown })?.features;
  return Array.isArray(features) ? (features as Record<string, unknown>[]) : [];
};

/** The Loyalty feature `featureId` of this app's definition, or 404 (another app's feature is unknown here). */
export function loyaltyFeatureOf(definition: unknown, featureId: string): LoyaltyFeature {
  const feature = featuresOf(definition).find((f) => f.id === featureId && f.type === "Loyalty");
  if (!feature || typeof feature.stampNumber !== "number") throw new ApiError("LoyaltyFeatureNotFound");
  return feature as unknown as LoyaltyFeature;
}

/** The reward a full card earns: the feature's description (its reward text), else its title. */
const rewardOf = (f: LoyaltyFeature) => f.description?.trim() || f.title?.trim() || LOYALTY_LABEL;

/**
 * Equal codes in constant time: both sides are hashed first, so the buffers compared always have the same
 * length and the time taken says nothing about the stored code's length or its first characters.
 */
export function sameCode(given: string, stored: string): boolean {
  const a = createHash("sha256").update(given.trim(), "utf8").digest();
  const b = createHash("sha256").update(stored, "utf8").digest();
  return timingSafeEqual(a, b);
}

/** An end user of this app, or 404: another app's user (or an unknown id) is never stamped or shown. */
export async function appUserOf(db: Db, appId: string, appUserId: string) {
  if (!UUID.test(appUserId)) throw new ApiError("AppUserNotFound");
  const [row] = await db
    .select({ id: endUsers.id })
    .from(endUsers)
    .where(and(eq(endUsers.id, appUserId), eq(endUsers.appId, appId)));
  if (!row) throw new ApiError("AppUserNotFound");
  return row;
}

/**
 * Adds one stamp in one transaction: the open card of this user and feature is created if missing (with the
 * feature's stampNumber at that moment) and locked, gets +1, and is completed when full; the stamp is logged.
 * Concurrent stamps serialise on the card's row, so none is lost and a card never passes its stampNumber.
 */
async function addStamp(
  db: Db,
  appId: string,
  appUserId: string,
  feature: LoyaltyFeature,
  by: { method: "code" } | { method: "staff"; staffUserId: string },
): Promise<StampResult> {
  // Whether this stamp filled the card is decided inside the transaction: the card read after it may already
  // have been filled by a concurrent stamp, which would make this one report a reward it did not earn.
  const { cardId, filled } = await db.transaction(async (tx) => {
    let open: CardRow | undefined;
    // A concurrent stamp may fill the open card while this one waits for its lock; the card then no longer
    // qualifies and the next round opens a new one.
    for (let round = 0; !open && round < 5; round++) {
      await tx
        .insert(loyaltyCards)
        .values({
          appId,
          featureId: feature.id,
          endUserId: appUserId,
          stampNumber: feature.stampNumber,
          // The moment of the insert, not the transaction's start: cards and stamps list in the order they
          // really happened even when concurrent stamps waited for each other.
          createdAt: sql`clock_timestamp()`,
        })
        .onConflictDoNothing({
          target: [loyaltyCards.appId, loyaltyCards.featureId, loyaltyCards.endUserId],
          where: sql`completed_at is null`,
        });
      [open] = await tx
        .select()
        .from(loyaltyCards)
        .where(
          and(
            eq(loyaltyCards.appId, appId),
            eq(loyaltyCards.featureId, feature.id),
            eq(loyaltyCards.endUserId, appUserId),
            isNull(loyaltyCards.completedAt),
          ),
        )
        .for("update");
    }
    if (!open) throw new ApiError("TooManyRequests");
    const stamps = open.stamps + 1;
    await tx
      .update(loyaltyCards)
      .set({ stamps, ...(stamps >= open.stampNumber ? { completedAt: sql`clock_timestamp()` } : {}) })
      .where(eq(loyaltyCards.id, open.id));
    await tx.insert(loyaltyStamps).values({
      cardId: open.id,
      appId,
      endUserId: appUserId,
      method: by.method,
      staffUserId: by.method === "staff" ? by.staffUserId : null,
      createdAt: sql`clock_timestamp()`,
    });
    return { cardId: open.id, filled: stamps >= open.stampNumber };
  });
  const [card] = await cardsOf(db, appId, appUserId, { cardId, staffEmails: by.method === "staff" });
  return { card, completed: filled, ...(filled ? { reward: rewardOf(feature) } : {}) };
}

/** Cards with their logs, newest first; staff e-mails only for the console. */
async function cardsOf(
  db: Db,
  appId: string,
  appUserId: string,
  opts: { featureId?: string; cardId?: string; staffEmails: boolean },
): Promise<LoyaltyCard[]> {
  const [app] = await db.select({ definition: apps.definition }).from(apps).where(eq(apps.id, appId));
  const titles = new Map(
    featuresOf(app?.definition).map((f) => [String(f.id), typeof f.title === "string" ? f.title : ""]),
  );
  const cards: CardRow[] = await db
    .select()
    .from(loyaltyCards)
    .where(
      and(
        eq(loyaltyCards.appId, appId),
        eq(loyaltyCards.endUserId, appUserId),
        opts.featureId ? eq(loyaltyCards.featureId, opts.featureId) : undefined,
        opts.cardId ? eq(loyaltyCards.id, opts.cardId) : undefined,
      ),
    )
    .orderBy(desc(loyaltyCards.createdAt), desc(loyaltyCards.id));
  if (cards.length === 0) return [];
  const log = await db
    .select({
      id: loyaltyStamps.id,
      cardId: loyaltyStamps.cardId,
      method: loyaltyStamps.method,
      staffEmail: users.email,
      createdAt: loyaltyStamps.createdAt,
    })
    .from(loyaltyStamps)
    .leftJoin(users, eq(users.id, loyaltyStamps.staffUserId))
    .where(
      inArray(
        loyaltyStamps.cardId,
        cards.map((c) => c.id),
      ),
    )
    .orderBy(desc(loyaltyStamps.createdAt), desc(loyaltyStamps.id));
  return cards.map((c) => ({
    id: c.id,
    featureId: c.featureId,
    featureTitle: titles.get(c.featureId) || LOYALTY_LABEL,
    appUserId: c.endUserId,
    stamps: c.stamps,
    stampNumber: c.stampNumber,
    ...(c.completedAt ? { completedAt: c.completedAt.toISOString() } : {}),
    createdAt: c.createdAt.toISOString(),
    log: log
      .filter((l) => l.cardId === c.id)
      .map((l) => ({
        id: l.id,
        method: l.method as "code" | "staff",
        ...(opts.staffEmails && l.staffEmail ? { staffEmail: l.staffEmail } : {}),
        createdAt: l.createdAt.toISOString(),
      })),
  }));
}

const limitKey = (appId: string, endUserId: string) => `loyalty-stamp:${appId}:${endUserId}`;

function limited(ttlMs: number): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError("StampCodeLimited", `Too many wrong codes. Try again in ${minutes} minutes.`, {
    retryAfterSeconds,
  });
}

/**
 * The widget's stamp: the end user (already proved by their token, in the app of X-App) enters the counter
 * code of a Loyalty feature of this app. Every try counts in the shared limits store before the code is
 * compared, so parallel guesses cannot get past the limit: the 6th try within the hour is refused without
 * looking at the code, a right one included, until the window passes. A right code proves the user knows
 * it, so it clears their count (a regular customer is not locked out by their own stamps).
 */
export async function stampWithCode(
  db: Db,
  limits: Limits,
  end: { id: string; appId: string },
  featureId: string,
  code: string,
): Promise<StampResult> {
  const [app] = await db.select().from(apps).where(eq(apps.id, end.appId));
  if (!app) throw new ApiError("AppNotFound");
  if (app.status === "Inactive") throw new ApiError("AppDiscontinued");
  const feature = loyaltyFeatureOf(app.definition, featureId);
  const key = limitKey(end.appId, end.id);
  const tries = await limits.hit(key, STAMP_CODE_LIMIT.windowMs);
  if (tries.hits > STAMP_CODE_LIMIT.maxWrong) throw limited(tries.ttlMs);
  if (!sameCode(code, feature.code)) throw new MobileError("StampCodeInvalid");
  await limits.reset(key);
  return addStamp(db, end.appId, end.id, feature, { method: "code" });
}

/** The end user's own cards (no staff e-mails), optionally of one feature. */
export function ownCards(db: Db, end: { id: string; appId: string }, featureId?: string) {
  return cardsOf(db, end.appId, end.id, { featureId, staffEmails: false });
}

/** Console: staff add a stamp at the desk (loyalty.stamp). */
export async function stampByStaff(
  db: Db,
  caller: Caller,
  appId: string,
  input: { appUserId: string; featureId: string },
): Promise<StampResult> {
  const { row } = await appForCaller(db, caller, appId, "loyalty.stamp");
  const feature = loyaltyFeatureOf(row.definition, input.featureId);
  await appUserOf(db, appId, input.appUserId);
  return addStamp(db, appId, input.appUserId, feature, { method: "staff", staffUserId: caller.id });
}

/** Console: a user's cards with their logs (spec §7 loyalty-cards?appUserId). */
export async function cardsForConsole(
  db: Db,
  caller: Caller,
  appId: string,
  appUserId: string,
): Promise<LoyaltyCard[]> {
  await appForCaller(db, caller, appId, "loyalty.stamp");
  await appUserOf(db, appId, appUserId);
  return cardsOf(db, appId, appUserId, { staffEmails: true });
}

/** Console: a user's stamps, newest first (spec §7 loyalty-stamps GET). */
export async function stampLog(
  db: Db,
  caller: Caller,
  appId: string,
  appUserId: string,
): Promise<LoyaltyStampEntry[]> {
  await appForCaller(db, caller, appId, "loyalty.stamp");
  await appUserOf(db, appId, appUserId);
  const rows = await db
    .select({
      id: loyaltyStamps.id,
      cardId: loyaltyStamps.cardId,
      featureId: loyaltyCards.featureId,
      appUserId: loyaltyStamps.endUserId,
      method: loyaltyStamps.method,
      staffEmail: users.email,
      createdAt: loyaltyStamps.createdAt,
    })
    .from(loyaltyStamps)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, loyaltyStamps.cardId))
    .leftJoin(users, eq(users.id, loyaltyStamps.staffUserId))
    .where(and(eq(loyaltyStamps.appId, appId), eq(loyaltyStamps.endUserId, appUserId)))
    .orderBy(desc(loyaltyStamps.createdAt), desc(loyaltyStamps.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    cardId: r.cardId,
    featureId: r.featureId,
    appUserId: r.appUserId,
    method: r.method as "code" | "staff",
    ...(r.staffEmail ? { staffEmail: r.staffEmail } : {}),
    createdAt: r.createdAt.toISOString(),
  }));
}
