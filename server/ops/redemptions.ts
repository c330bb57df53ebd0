import { and, asc, desc, eq, isNotNull, or } from "drizzle-orm";
import { isCouponVisible, isWithinTimeframe } from "../../core/timeframe.ts";
import type {
  MobileOffers,
  MobileRedemption,
  MobileRedemptionInput,
  OfferAppUser,
  PersonalizedCoupon,
  Redemption,
  RedemptionChannel,
  RedemptionRecordInput,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { endUsers } from "../db/schema-mobile.ts";
import { offerApps, offers, personalizedSpecials, redemptions } from "../db/schema-offers.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, publicOffer, UUID } from "./apps.ts";
import { MobileError } from "./mobile-errors.ts";
import { advisorOfUser } from "./staff-members.ts";

export type OfferRow = typeof offers.$inferSelect;
type EndUserRow = typeof endUsers.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

/** An offer linked to this app (any kind), or undefined: offers of other apps do not exist here. */
export async function offerInApp(
  db: Queryable,
  appId: string,
  offerId: string,
): Promise<OfferRow | undefined> {
  if (!UUID.test(offerId) || !UUID.test(appId)) return undefined;
  const [row] = await db
    .select({ offer: offers })
    .from(offers)
    .innerJoin(offerApps, and(eq(offerApps.offerId, offers.id), eq(offerApps.appId, appId)))
    .where(eq(offers.id, offerId));
  return row?.offer;
}

/** A coupon of this app, else 404 OfferNotFound (events are not redeemed: they have 'More Info'). */
export async function couponInApp(db: Queryable, appId: string, offerId: string): Promise<OfferRow> {
  const offer = await offerInApp(db, appId, offerId);
  if (offer?.kind !== "coupon") throw new ApiError("OfferNotFound");
  return offer;
}

/** A personalized special and every coupon that has not been opened to repeats are redeemed once per user. */
export const isOncePerUser = (offer: Pick<OfferRow, "personalized" | "oncePerUser">) =>
  offer.personalized || offer.oncePerUser;

const orUndefined = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

/** An app user as the console's offer pages show one. */
export const appUserOf = (u: Pick<EndUserRow, "id" | "name" | "email" | "phone">): OfferAppUser => ({
  id: u.id,
  name: orUndefined(u.name),
  email: orUndefined(u.email),
  phone: orUndefined(u.phone),
});

interface NewRedemption {
  appId: string;
  offer: OfferRow;
  endUserId: string;
  personalizedSpecialId?: string;
  locationId?: string;
  channel: RedemptionChannel;
  recordedBy?: string;
}

/**
 * Records one redemption. A once-per-user offer carries `onceKey` = offer:user, and the unique index on it
 * decides between concurrent tries in the database itself: the insert that loses does nothing, and answers
 * AlreadyRedeemed.
 */
async function insertRedemption(db: Queryable, r: NewRedemption, alreadyRedeemed: () => Error) {
  const onceKey = isOncePerUser(r.offer) ? `${r.offer.id}:${r.endUserId}` : null;
  const [row] = await db
    .insert(redemptions)
    .values({
      appId: r.appId,
      offerId: r.offer.id,
      endUserId: r.endUserId,
      personalizedSpecialId: r.personalizedSpecialId ?? null,
      locationId: r.locationId ?? null,
      channel: r.channel,
      recordedBy: r.recordedBy ?? null,
      onceKey,
      staffMemberId: advisorOfUser(r.appId, r.endUserId),
    })
    .onConflictDoNothing({ target: redemptions.onceKey })
    .returning();
  if (!row) throw alreadyRedeemed();
  return row;
}

/** The personalized special assigning this offer to this user in this app (with that id, when given). */
async function assignmentOf(
  db: Queryable,
  appId: string,
  offerId: string,
  endUserId: string,
  personalizedSpecialId?: string,
) {
  const [row] = await db
    .select()
    .from(personalizedSpecials)
    .where(
      and(
        eq(personalizedSpecials.appId, appId),
        eq(personalizedSpecials.offerId, offerId),
        eq(personalizedSpecials.endUserId, endUserId),
        personalizedSpecialId ? eq(personalizedSpecials.id, personalizedSpecialId) : undefined,
      ),
    );
  return row;
}

/** Offers of a discontinued app are neither listed nor redeemed (its widget no longer loads). */
async function refuseDiscontinued(db: Queryable, appId: string) {
  const [app] = await db.select({ status: apps.status }).from(apps).where(eq(apps.id, appId));
  if (!app) throw new ApiError("AppNotFound");
  if (app.status === "Inactive") throw new ApiError("AppDiscontinued");
}

/**
 * The widget's Redeem: a coupon of this app that this user sees now (a personalized one only when it is
 * assigned to them), once per user unless the offer allows repeats.
 */
export async function redeemInWidget(
  db: Db,
  appId: string,
  user: EndUserRow,
  input: MobileRedemptionInput,
  now: number = Date.now(),
  channel: RedemptionChannel = "widget",
): Promise<MobileRedemption> {
  await refuseDiscontinued(db, appId);
  const offer = await offerInApp(db, appId, input.offerId);
  if (offer?.kind !== "coupon") throw new MobileError("OfferNotFound");
  const timeframe = { from: offer.startsAt, to: offer.endsAt };
  let personalizedSpecialId: string | undefined;
  if (offer.personalized || input.personalizedSpecialId) {
    const assignment = await assignmentOf(db, appId, offer.id, user.id, input.personalizedSpecialId);
    if (!assignment || !isWithinTimeframe(timeframe, now)) throw new MobileError("OfferNotFound");
    personalizedSpecialId = assignment.id;
  } else if (!isCouponVisible({ ...timeframe, personalized: offer.personalized }, now))
    throw new MobileError("OfferNotFound");
  const row = await insertRedemption(
    db,
    { appId, offer, endUserId: user.id, personalizedSpecialId, locationId: input.locationId, channel },
    () => new MobileError("AlreadyRedeemed"),
  );
  return { id: row.id, offerId: row.offerId, createdAt: row.createdAt.toISOString() };
}

async function endUserOfApp(db: Queryable, appId: string, id: string): Promise<EndUserRow> {
  const [user] = UUID.test(id)
    ? await db
        .select()
        .from(endUsers)
        .where(and(eq(endUsers.id, id), eq(endUsers.appId, appId)))
    : [];
  if (!user) throw new ApiError("AppUserNotFound");
  return user;
}

const redemptionOf = (
  r: typeof redemptions.$inferSelect,
  u: Pick<EndUserRow, "id" | "name" | "email" | "phone">,
): Redemption => ({
  id: r.id,
  offerId: r.offerId,
  personalizedSpecialId: orUndefined(r.personalizedSpecialId),
  appUser: appUserOf(u),
  locationId: orUndefined(r.locationId),
  channel: r.channel as RedemptionChannel,
  createdAt: r.createdAt.toISOString(),
});

/** Redemptions of this app matching `where`, newest first, with the app user who redeemed. */
async function listRedemptions(db: Db, appId: string, where: ReturnType<typeof and>): Promise<Redemption[]> {
  const rows = await db
    .select({ r: redemptions, u: endUsers })
    .from(redemptions)
    .innerJoin(endUsers, eq(endUsers.id, redemptions.endUserId))
    .where(and(eq(redemptions.appId, appId), where))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id));
  return rows.map(({ r, u }) => redemptionOf(r, u));
}

/** GET /apps/{appId}/coupons/{id}/redemptions: who redeemed this coupon in this app, newest first. */
export async function couponRedemptions(
  db: Db,
  caller: Caller,
  appId: string,
  offerId: string,
): Promise<Redemption[]> {
  await appForCaller(db, caller, appId, "redemptions.read");
  const offer = await couponInApp(db, appId, offerId);
  return listRedemptions(db, appId, eq(redemptions.offerId, offer.id));
}

/**
 * POST /apps/{appId}/coupons/{id}/redemptions: staff records a redemption at the desk for an app user of
 * this app. A personalized coupon must be assigned to that user; the once-per-user rule is the widget's.
 * The timeframe is not checked: the desk may honour a special the customer shows just after it ended.
 */
export async function recordCouponRedemption(
  db: Db,
  caller: Caller,
  appId: string,
  offerId: string,
  input: RedemptionRecordInput,
): Promise<Redemption> {
  await appForCaller(db, caller, appId, "redemptions.record");
  const offer = await couponInApp(db, appId, offerId);
  const user = await endUserOfApp(db, appId, input.appUserId);
  let personalizedSpecialId: string | undefined;
  if (offer.personalized) {
    const assignment = await assignmentOf(db, appId, offer.id, user.id);
    if (!assignment) throw new ApiError("PersonalizedSpecialNotFound");
    personalizedSpecialId = assignment.id;
  }
  const row = await insertRedemption(
    db,
    {
      appId,
      offer,
      endUserId: user.id,
      personalizedSpecialId,
      locationId: input.locationId,
      channel: "console",
      recordedBy: caller.id,
    },
    () => new ApiError("AlreadyRedeemed"),
  );
  return redemptionOf(row, user);
}

/** A personalized special of this app with its offer (still linked to the app) and its user. */
export async function personalizedSpecialInApp(db: Queryable, appId: string, id: string) {
  const [row] = UUID.test(id)
    ? await db
        .select({ special: personalizedSpecials, offer: offers, user: endUsers })
        .from(personalizedSpecials)
        .innerJoin(offers, eq(offers.id, personalizedSpecials.offerId))
        .innerJoin(offerApps, and(eq(offerApps.offerId, offers.id), eq(offerApps.appId, appId)))
        .innerJoin(endUsers, eq(endUsers.id, personalizedSpecials.endUserId))
        .where(and(eq(personalizedSpecials.id, id), eq(personalizedSpecials.appId, appId)))
    : [];
  if (!row) throw new ApiError("PersonalizedSpecialNotFound");
  return row;
}

/** GET /apps/{appId}/personalized-specials/{id}/redemptions. */
export async function personalizedSpecialRedemptions(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
): Promise<Redemption[]> {
  await appForCaller(db, caller, appId, "redemptions.read");
  const { special } = await personalizedSpecialInApp(db, appId, id);
  return listRedemptions(
    db,
    appId,
    and(eq(redemptions.offerId, special.offerId), eq(redemptions.endUserId, special.endUserId)),
  );
}

/** POST /apps/{appId}/personalized-specials/{id}/redemptions: staff redeems the special for its user. */
export async function recordPersonalizedRedemption(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
  input: { locationId?: string },
): Promise<Redemption> {
  await appForCaller(db, caller, appId, "redemptions.record");
  const { special, offer, user } = await personalizedSpecialInApp(db, appId, id);
  const row = await insertRedemption(
    db,
    {
      appId,
      offer,
      endUserId: user.id,
      personalizedSpecialId: special.id,
      locationId: input.locationId,
      channel: "console",
      recordedBy: caller.id,
    },
    () => new ApiError("AlreadyRedeemed"),
  );
  return redemptionOf(row, user);
}

/**
 * GET /mobile/users/{userId}/offers: the user's personalized specials visible now (never listed anywhere
 * else), and the offers of this app they redeemed and may not redeem again.
 */
export async function mobileOffers(
  db: Db,
  appId: string,
  user: EndUserRow,
  now: number = Date.now(),
): Promise<MobileOffers> {
  await refuseDiscontinued(db, appId);
  const assigned = await db
    .select({ special: personalizedSpecials, offer: offers })
    .from(personalizedSpecials)
    .innerJoin(offers, eq(offers.id, personalizedSpecials.offerId))
    .innerJoin(offerApps, and(eq(offerApps.offerId, offers.id), eq(offerApps.appId, appId)))
    .where(
      and(
        eq(personalizedSpecials.appId, appId),
        eq(personalizedSpecials.endUserId, user.id),
        eq(offers.kind, "coupon"),
        eq(offers.personalized, true),
      ),
    )
    .orderBy(asc(offerApps.position), desc(personalizedSpecials.createdAt));
  const visible = assigned.filter(({ offer }) =>
    isWithinTimeframe({ from: offer.startsAt, to: offer.endsAt }, now),
  );
  // The public coupon shape, without the other apps the offer runs in (as in the widget's public list).
  const personalized: PersonalizedCoupon[] = visible.map(({ special, offer }) => ({
    ...publicOffer(offer),
    personalizedSpecialId: special.id,
  }));
  const redeemed = await db
    .selectDistinct({ offerId: redemptions.offerId })
    .from(redemptions)
    .innerJoin(offers, eq(offers.id, redemptions.offerId))
    .where(
      and(
        eq(redemptions.appId, appId),
        eq(redemptions.endUserId, user.id),
        isNotNull(redemptions.onceKey),
        or(eq(offers.personalized, true), eq(offers.oncePerUser, true)),
      ),
    );
  return { personalized, redeemed: redeemed.map((r) => r.offerId) };
}
