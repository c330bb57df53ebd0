import { and, asc, desc, eq, inArray, min, sql } from "drizzle-orm";
import { isWithinTimeframe } from "../../core/timeframe.ts";
import type { SpecialPackage, SpecialPackageInput, WidgetPackage } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { offerApps, offers, specialPackageItems, specialPackages } from "../db/schema-offers.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID } from "./apps.ts";
import { checkOrder, offerStatus } from "./offers.ts";

type PackageRow = typeof specialPackages.$inferSelect;

/** Shapes package rows with their coupons in order and their status now. */
async function shape(db: Db, rows: PackageRow[]): Promise<SpecialPackage[]> {
  if (!rows.length) return [];
  const items = await db
    .select({ packageId: specialPackageItems.packageId, offerId: specialPackageItems.offerId })
    .from(specialPackageItems)
    .where(
      inArray(
        specialPackageItems.packageId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(specialPackageItems.position));
  const now = new Date();
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    ...(p.description != null ? { description: p.description } : {}),
    ...(p.image != null ? { image: p.image } : {}),
    ...(p.startsAt ? { from: p.startsAt.toISOString() } : {}),
    ...(p.endsAt ? { to: p.endsAt.toISOString() } : {}),
    couponIds: items.filter((i) => i.packageId === p.id).map((i) => i.offerId),
    status: offerStatus({ from: p.startsAt, to: p.endsAt }, now),
  }));
}

const packagesOf = (db: Db, appId: string) =>
  db
    .select()
    .from(specialPackages)
    .where(eq(specialPackages.appId, appId))
    .orderBy(asc(specialPackages.position), desc(specialPackages.createdAt), asc(specialPackages.id));

/**
 * The widget's packages (GET /api/mobile/app): those shown now by their dates (spec §4, core/timeframe.ts), in
 * the app's order, each naming only coupons of the public list `publicCouponIds` (never a personalized one);
 * a package left with none is not sent.
 */
export async function packagesForWidget(
  db: Db,
  appId: string,
  publicCouponIds: Set<string>,
  now: Date = new Date(),
): Promise<WidgetPackage[]> {
  const rows = (await packagesOf(db, appId)).filter((p) =>
    isWithinTimeframe({ from: p.startsAt, to: p.endsAt }, now),
  );
  return (await shape(db, rows)).flatMap(({ status: _status, couponIds, ...p }) => {
    const shown = couponIds.filter((id) => publicCouponIds.has(id));
    return shown.length ? [{ ...p, couponIds: shown }] : [];
  });
}

/** GET /apps/{appId}/special-packages: the app's packages in its order. */
export async function listPackages(db: Db, caller: Caller, appId: string): Promise<SpecialPackage[]> {
  const { row: app } = await appForCaller(db, caller, appId, "coupons.read");
  return shape(db, await packagesOf(db, app.id));
}

async function packageOf(db: Db, appId: string, id: string): Promise<PackageRow> {
  if (!UUID.test(id)) throw new ApiError("PackageNotFound");
  const [row] = await db
    .select()
    .from(specialPackages)
    .where(and(eq(specialPackages.appId, appId), eq(specialPackages.id, id.toLowerCase())));
  if (!row) throw new ApiError("PackageNotFound");
  return row;
}

export async function getPackage(db: Db, caller: Caller, appId: string, id: string): Promise<SpecialPackage> {
  const { row: app } = await appForCaller(db, caller, appId, "coupons.read");
  const [one] = await shape(db, [await packageOf(db, app.id, id)]);
  return one;
}

/**
 * The package's coupons, checked: each a coupon (not an event) linked to this app, each named once; else
 * 400 PackageCouponInvalid with the offending entries.
 */
async function checkedCoupons(db: Db, appId: string, couponIds: string[]): Promise<string[]> {
  const ids = couponIds.map((id) => id.toLowerCase());
  const linked = ids.length
    ? await db
        .select({ id: offers.id })
        .from(offerApps)
        .innerJoin(offers, eq(offers.id, offerApps.offerId))
        .where(and(eq(offerApps.appId, appId), eq(offers.kind, "coupon"), inArray(offers.id, ids)))
    : [];
  const known = new Set(linked.map((l) => l.id));
  const details: { path: string; message: string }[] = [];
  ids.forEach((id, i) => {
    if (!known.has(id))
      details.push({ path: `/couponIds/${i}`, message: `${couponIds[i]} is not a coupon of this app` });
    else if (ids.indexOf(id) !== i)
      details.push({ path: `/couponIds/${i}`, message: `${couponIds[i]} is named twice` });
  });
  if (details.length) throw new ApiError("PackageCouponInvalid", undefined, details);
  return ids;
}

function columns(input: SpecialPackageInput) {
  return {
    title: input.title,
    description: input.description || null,
    image: input.image || null,
    startsAt: input.from ? new Date(input.from) : null,
    endsAt: input.to ? new Date(input.to) : null,
  };
}

async function setItems(db: Db, packageId: string, couponIds: string[]) {
  await db.delete(specialPackageItems).where(eq(specialPackageItems.packageId, packageId));
  if (couponIds.length)
    await db
      .insert(specialPackageItems)
      .values(couponIds.map((offerId, position) => ({ packageId, offerId, position })));
}

/** POST /apps/{appId}/special-packages: a new package, first in the app's list. */
export async function createPackage(
  db: Db,
  caller: Caller,
  appId: string,
  input: SpecialPackageInput,
): Promise<SpecialPackage> {
  const { row: app } = await appForCaller(db, caller, appId, "coupons.write");
  const couponIds = await checkedCoupons(db, app.id, input.couponIds);
  const row = await db.transaction(async (tx) => {
    const [top] = await tx
      .select({ first: min(specialPackages.position) })
      .from(specialPackages)
      .where(eq(specialPackages.appId, app.id));
    const [created] = await tx
      .insert(specialPackages)
      .values({ appId: app.id, position: (top?.first ?? 1) - 1, ...columns(input) })
      .returning();
    await setItems(tx, created.id, couponIds);
    return created;
  });
  const [one] = await shape(db, [row]);
  return one;
}

/** PUT /apps/{appId}/special-packages/{id}: replaces the package's fields and coupons. */
export async function updatePackage(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
  input: SpecialPackageInput,
): Promise<SpecialPackage> {
  const { row: app } = await appForCaller(db, caller, appId, "coupons.write");
  const current = await packageOf(db, app.id, id);
  const couponIds = await checkedCoupons(db, app.id, input.couponIds);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(specialPackages)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(specialPackages.id, current.id))
      .returning();
    await setItems(tx, current.id, couponIds);
    return updated;
  });
  const [one] = await shape(db, [row]);
  return one;
}

/** DELETE /apps/{appId}/special-packages/{id}: the package goes; its coupons stay. */
export async function deletePackage(db: Db, caller: Caller, appId: string, id: string): Promise<void> {
  const { row: app } = await appForCaller(db, caller, appId, "coupons.write");
  const current = await packageOf(db, app.id, id);
  await db.delete(specialPackages).where(eq(specialPackages.id, current.id));
}

/** PUT /apps/{appId}/special-packages/order: every package of the app exactly once (else 400 OrderMismatch). */
export async function orderPackages(
  db: Db,
  caller: Caller,
  appId: string,
  order: string[],
): Promise<SpecialPackage[]> {
  const { row: app } = await appForCaller(db, caller, appId, "coupons.write");
  const given = checkOrder(
    (await packagesOf(db, app.id)).map((p) => p.id),
    order,
  );
  if (given.length) {
    const positions = sql.join(
      given.map((id, i) => sql`when ${id}::uuid then ${i}::integer`),
      sql` `,
    );
    await db
      .update(specialPackages)
      .set({ position: sql`case ${specialPackages.id} ${positions} end` })
      .where(and(eq(specialPackages.appId, app.id), inArray(specialPackages.id, given)));
  }
  return shape(db, await packagesOf(db, app.id));
}
