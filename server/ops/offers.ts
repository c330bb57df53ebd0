import { and, asc, count, desc, eq, inArray, min, sql } from "drizzle-orm";
import { statusFromDates } from "../../core/status.ts";
import type { CouponInput, EventInput, OfferStatus } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { type OfferKind, offerApps, offers, redemptions } from "../db/schema-offers.ts";
import { ApiError } from "../errors.ts";
import type { AppAction, Caller } from "../permissions.ts";
import { appForCaller, type OfferRow, publicOffer, UUID, visibleAppIds } from "./apps.ts";

/** The two kinds of offer as their paths name them; one implementation serves both. */
export type OfferPath = "coupons" | "events";
export const offerKindOf: Record<OfferPath, OfferKind> = { coupons: "coupon", events: "event" };
const actions: Record<OfferPath, { read: AppAction; write: AppAction }> = {
  coupons: { read: "coupons.read", write: "coupons.write" },
  events: { read: "events.read", write: "events.write" },
};

/** A coupon or event as the console lists it (schemas/offers.ts CouponRecord, EventRecord). */
export interface OfferRecord {
  id: string;
  title: string;
  description?: string;
  image?: string;
  from?: string;
  to?: string;
  personalized: boolean;
  hideDates: boolean;
  category?: string;
  link?: string;
  apps: string[];
  oncePerUser: boolean;
  status: OfferStatus;
  redemptions: number;
  ownerAppId: string;
}

export type OfferInput = CouponInput & Partial<Pick<EventInput, "link">>;

/** Called with the ids of the apps whose public payload changed, so their cached copies can be dropped. */
export type OnChange = (appIds: string[]) => void;

const OPEN_END = "9999-12-31T23:59:59.999Z";

/**
 * An offer's status from its dates (spec §4 and §88), with core/status.ts's names for dated items that are
 * not pushes (Planned, Active, Expired). A missing end is open for offers (spec §4: "only from means after"),
 * where statusFromDates would end a one-off item at its start, so the end is made explicit.
 */
export function offerStatus(
  o: { from?: string | Date | null; to?: string | Date | null },
  now: Date,
): OfferStatus {
  const iso = (d: string | Date | null | undefined) =>
    d instanceof Date ? d.toISOString() : (d ?? undefined);
  const status = statusFromDates(
    { from: iso(o.from), to: iso(o.to) ?? OPEN_END },
    now.toISOString(),
    "geofence",
  );
  return status === "Expired" || status === "Planned" ? status : "Active";
}

/** The offer ids of this app and kind, in the app's order. */
async function orderedRows(db: Db, appId: string, kind: OfferKind, only?: string) {
  return db
    .select({ offer: offers, position: offerApps.position })
    .from(offerApps)
    .innerJoin(offers, eq(offers.id, offerApps.offerId))
    .where(and(eq(offerApps.appId, appId), eq(offers.kind, kind), only ? eq(offers.id, only) : undefined))
    .orderBy(asc(offerApps.position), desc(offers.createdAt), asc(offers.id));
}

/** Shapes rows for the console: links the caller sees, redemptions in this app, status now. */
async function records(db: Db, caller: Caller, appId: string, rows: OfferRow[]): Promise<OfferRecord[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const visible = await visibleAppIds(db, caller);
  const links = await db
    .select({ offerId: offerApps.offerId, appId: offerApps.appId })
    .from(offerApps)
    .where(inArray(offerApps.offerId, ids))
    .orderBy(asc(offerApps.appId));
  const counts = await db
    .select({ offerId: redemptions.offerId, n: count() })
    .from(redemptions)
    .where(and(eq(redemptions.appId, appId), inArray(redemptions.offerId, ids)))
    .groupBy(redemptions.offerId);
  const countOf = new Map(counts.map((c) => [c.offerId, Number(c.n)]));
  const now = new Date();
  return rows.map((o) => {
    const { apps: _apps, ...shape } = publicOffer(o);
    return {
      ...shape,
      personalized: o.personalized,
      hideDates: o.hideDates,
      apps: links.filter((l) => l.offerId === o.id && (!visible || visible.has(l.appId))).map((l) => l.appId),
      oncePerUser: o.oncePerUser,
      status: offerStatus({ from: o.startsAt, to: o.endsAt }, now),
      redemptions: countOf.get(o.id) ?? 0,
      ownerAppId: o.ownerAppId,
    };
  });
}

/** GET /apps/{appId}/{coupons|events}: this app's list in its order. */
export async function listOffers(
  db: Db,
  caller: Caller,
  appId: string,
  path: OfferPath,
): Promise<OfferRecord[]> {
  await appForCaller(db, caller, appId, actions[path].read);
  const rows = await orderedRows(db, appId, offerKindOf[path]);
  return records(
    db,
    caller,
    appId,
    rows.map((r) => r.offer),
  );
}

/** The offer of this kind linked to this app, else 404 OfferNotFound (whatever it is elsewhere). */
async function linkedOffer(db: Db, appId: string, path: OfferPath, id: string): Promise<OfferRow> {
  if (!UUID.test(id)) throw new ApiError("OfferNotFound");
  const [hit] = await orderedRows(db, appId, offerKindOf[path], id.toLowerCase());
  if (!hit) throw new ApiError("OfferNotFound");
  return hit.offer;
}

export async function getOffer(
  db: Db,
  caller: Caller,
  appId: string,
  path: OfferPath,
  id: string,
): Promise<OfferRecord> {
  await appForCaller(db, caller, appId, actions[path].read);
  const [record] = await records(db, caller, appId, [await linkedOffer(db, appId, path, id)]);
  return record;
}

/**
 * The apps named in `apps` besides the path's app: each must be one where the caller may write this kind.
 * A stranger to one of them gets 403 as well (not 404): the request is refused either way.
 */
async function checkWritableApps(db: Db, caller: Caller, path: OfferPath, appIds: string[]) {
  for (const id of appIds) {
    try {
      await appForCaller(db, caller, id, actions[path].write);
    } catch (e) {
      if (e instanceof ApiError && e.code === "AppNotFound") throw new ApiError("Forbidden");
      throw e;
    }
  }
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

function columns(path: OfferPath, input: OfferInput) {
  return {
    title: input.title,
    description: input.description || null,
    image: input.image || null,
    startsAt: input.from ? new Date(input.from) : null,
    endsAt: input.to ? new Date(input.to) : null,
    personalized: input.personalized ?? false,
    hideDates: input.hideDates ?? false,
    link: path === "events" ? input.link || null : null,
    category: input.category || null,
    oncePerUser: input.oncePerUser ?? true,
  };
}

/** Links an offer to apps, first in each app's list (new offers go first). */
async function linkFirst(db: Db, offerId: string, appIds: string[]) {
  for (const appId of appIds) {
    const [top] = await db
      .select({ first: min(offerApps.position) })
      .from(offerApps)
      .where(eq(offerApps.appId, appId));
    await db
      .insert(offerApps)
      .values({ offerId, appId, position: (top?.first ?? 1) - 1 })
      .onConflictDoNothing();
  }
}

/** POST /apps/{appId}/{coupons|events}: a new offer, first in the list of every app it runs in. */
export async function createOffer(
  db: Db,
  caller: Caller,
  appId: string,
  path: OfferPath,
  input: OfferInput,
  onChange?: OnChange,
): Promise<OfferRecord> {
  const { row: app } = await appForCaller(db, caller, appId, actions[path].write);
  const others = unique(input.apps ?? []).filter((id) => id !== app.id);
  await checkWritableApps(db, caller, path, others);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({ kind: offerKindOf[path], ownerAppId: app.id, createdBy: caller.id, ...columns(path, input) })
      .returning();
    await linkFirst(tx, row.id, [app.id, ...others]);
    return row;
  });
  onChange?.([app.id, ...others]);
  const [record] = await records(db, caller, app.id, [created]);
  return record;
}

/**
 * PUT /apps/{appId}/{coupons|events}/{id}: replaces the offer's fields everywhere it runs. With `apps`, the
 * links to apps the caller may edit become exactly those named (the path's app and the owner app always
 * stay); links to apps the caller cannot edit stay as they are. Without `apps` the links do not change.
 */
export async function updateOffer(
  db: Db,
  caller: Caller,
  appId: string,
  path: OfferPath,
  id: string,
  input: OfferInput,
  onChange?: OnChange,
): Promise<OfferRecord> {
  const { row: app } = await appForCaller(db, caller, appId, actions[path].write);
  const offer = await linkedOffer(db, app.id, path, id);
  const current = (
    await db.select({ appId: offerApps.appId }).from(offerApps).where(eq(offerApps.offerId, offer.id))
  ).map((l) => l.appId);
  let added: string[] = [];
  let removed: string[] = [];
  if (input.apps) {
    const wanted = unique([app.id, ...input.apps]);
    added = wanted.filter((a) => !current.includes(a));
    await checkWritableApps(db, caller, path, added);
    for (const a of current.filter((c) => !wanted.includes(c))) {
      const access = await appForCaller(db, caller, a, actions[path].write).catch(() => undefined);
      if (access) removed.push(a);
    }
  }
  // The path's app stays, and so does the owner app: its list is where the offer is deleted everywhere.
  removed = removed.filter((a) => a !== app.id && a !== offer.ownerAppId);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(offers)
      .set({ ...columns(path, input), updatedAt: new Date() })
      .where(eq(offers.id, offer.id))
      .returning();
    if (removed.length)
      await tx
        .delete(offerApps)
        .where(and(eq(offerApps.offerId, offer.id), inArray(offerApps.appId, removed)));
    await linkFirst(tx, offer.id, added);
    return row;
  });
  onChange?.([...new Set([...current, ...added])]);
  const [record] = await records(db, caller, app.id, [updated]);
  return record;
}

/**
 * DELETE /apps/{appId}/{coupons|events}/{id}: in the app that owns it the offer is deleted everywhere (with
 * its redemptions and assignments); in another app it is only taken off that app's list.
 */
export async function deleteOffer(
  db: Db,
  caller: Caller,
  appId: string,
  path: OfferPath,
  id: string,
  onChange?: OnChange,
): Promise<void> {
  const { row: app } = await appForCaller(db, caller, appId, actions[path].write);
  const offer = await linkedOffer(db, app.id, path, id);
  if (offer.ownerAppId === app.id) {
    const linked = await db
      .select({ appId: offerApps.appId })
      .from(offerApps)
      .where(eq(offerApps.offerId, offer.id));
    await db.delete(offers).where(eq(offers.id, offer.id));
    onChange?.(linked.map((l) => l.appId));
  } else {
    await db.delete(offerApps).where(and(eq(offerApps.offerId, offer.id), eq(offerApps.appId, app.id)));
    onChange?.([app.id]);
  }
}

/**
 * Checks that `order` names every id of `ids` exactly once; else 400 OrderMismatch with what is wrong (ids
 * missing, unknown to this list, or named twice). Ids compare case-insensitively.
 */
export function checkOrder(ids: string[], order: string[]): string[] {
  const known = new Set(ids);
  const given = order.map((id) => id.toLowerCase());
  const details: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  given.forEach((id, i) => {
    if (!known.has(id)) details.push({ path: `/order/${i}`, message: `${order[i]} is not in this list` });
    else if (seen.has(id)) details.push({ path: `/order/${i}`, message: `${order[i]} is named twice` });
    seen.add(id);
  });
  const missing = ids.filter((id) => !seen.has(id));
  if (missing.length) details.push({ path: "/order", message: `missing: ${missing.join(", ")}` });
  if (details.length) throw new ApiError("OrderMismatch", undefined, details);
  return given;
}

/** PUT /apps/{appId}/{coupons|events}/order: the app's list in the given order (this app's order only). */
export async function orderOffers(
  db: Db,
  caller: Caller,
  appId: string,
  path: OfferPath,
  order: string[],
  onChange?: OnChange,
): Promise<OfferRecord[]> {
  const { row: app } = await appForCaller(db, caller, appId, actions[path].write);
  const rows = await orderedRows(db, app.id, offerKindOf[path]);
  const given = checkOrder(
    rows.map((r) => r.offer.id),
    order,
  );
  if (given.length)
    await db.transaction(async (tx) => {
      const positions = sql.join(
        given.map((id, i) => sql`when ${id}::uuid then ${i}::integer`),
        sql` `,
      );
      await tx
        .update(offerApps)
        .set({ position: sql`case ${offerApps.offerId} ${positions} end` })
        .where(and(eq(offerApps.appId, app.id), inArray(offerApps.offerId, given)));
    });
  onChange?.([app.id]);
  return listOffers(db, caller, app.id, path);
}
