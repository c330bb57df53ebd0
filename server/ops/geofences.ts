import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import { currentOccurrence } from "../../core/geofence-entry.ts";
import { statusFromDates } from "../../core/status.ts";
import type { Audience } from "../../schemas/audience.ts";
import type { Geofence, GeofenceInput, GeofenceRecord, GeofenceStatus } from "../../schemas/geofence.ts";
import { RECURRENCE_TYPES, type RecurrenceType } from "../../schemas/recurrence.ts";
import type { Db } from "../db/connect.ts";
import { geofenceApps, geofences } from "../db/schema-push.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID, visibleAppIds } from "./apps.ts";
import { recordCompletion } from "./geofence-completions.ts";
import { checkOrder } from "./offers.ts";
import { checkAudienceValues } from "./push-audience.ts";
import { pushTimeZone } from "./push-notifications.ts";

type GeofenceRow = typeof geofences.$inferSelect;
type Unit = GeofenceRecord["location"]["radiusUnit"];

/** Called with the ids of the apps whose public payload changed, so their cached copies can be dropped. */
export type OnChange = (appIds: string[]) => void;

const recurrenceOf = (g: GeofenceRow): { type: RecurrenceType; endsBy: Date | null } | null =>
  g.recurrenceType && RECURRENCE_TYPES.includes(g.recurrenceType as RecurrenceType)
    ? { type: g.recurrenceType as RecurrenceType, endsBy: g.recurrenceEndsBy }
    : null;

/** spec §4 status of a geofence from its dates and recurrence, in its time zone (core/status.ts). */
export function geofenceStatus(g: GeofenceRow, now: Date): GeofenceStatus {
  return statusFromDates(
    { from: g.startsAt, to: g.endsAt, recurrence: recurrenceOf(g) },
    now,
    "geofence",
    g.timeZone,
  ) as GeofenceStatus;
}

/** The fields every reader of a geofence sees (the console and the widget's payload). */
function publicFields(g: GeofenceRow): Geofence {
  const recurrence = recurrenceOf(g);
  return {
    id: g.id,
    name: g.name,
    message: g.message,
    ...(g.silent ? { silent: true } : {}),
    location: { lat: g.lat, lng: g.lng, radius: g.radius, radiusUnit: g.radiusUnit as Unit },
    shape: "circle",
    ...(g.ctaText || g.ctaLink
      ? {
          callToAction: {
            ...(g.ctaText ? { text: g.ctaText } : {}),
            ...(g.ctaLink ? { link: g.ctaLink } : {}),
          },
        }
      : {}),
    ...(g.startsAt ? { startDate: g.startsAt.toISOString() } : {}),
    ...(g.endsAt ? { endDate: g.endsAt.toISOString() } : {}),
    // The zone its recurrence repeats in: the widget counts occurrences as the server does.
    ...(g.timeZone ? { timeZone: g.timeZone } : {}),
    ...(recurrence
      ? {
          recurrence: {
            type: recurrence.type,
            ...(recurrence.endsBy ? { endsBy: recurrence.endsBy.toISOString() } : {}),
          },
        }
      : {}),
    // Raised by every update (filters and apps too): the widget re-arms an edited geofence (spec §6).
    version: g.version,
  };
}

/** The geofences of this app in its order (equal positions: oldest first). */
async function orderedRows(db: Db, appId: string, only?: string) {
  return db
    .select({ geofence: geofences })
    .from(geofenceApps)
    .innerJoin(geofences, eq(geofences.id, geofenceApps.geofenceId))
    .where(and(eq(geofenceApps.appId, appId), only ? eq(geofences.id, only) : undefined))
    .orderBy(asc(geofenceApps.position), asc(geofences.createdAt), asc(geofences.id));
}

/** Shapes rows for the console: every field, the target apps the caller sees, status now. */
async function records(
  db: Db,
  caller: Caller,
  rows: GeofenceRow[],
  now = new Date(),
): Promise<GeofenceRecord[]> {
  if (!rows.length) return [];
  const visible = await visibleAppIds(db, caller);
  const links = await db
    .select({ geofenceId: geofenceApps.geofenceId, appId: geofenceApps.appId })
    .from(geofenceApps)
    .where(
      inArray(
        geofenceApps.geofenceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(geofenceApps.appId));
  return rows.map((g) => {
    const filters = (g.filters ?? {}) as Audience;
    return {
      ...publicFields(g),
      id: g.id,
      ...(g.delayedMessage && g.delayMinutes
        ? { delayedMessage: { message: g.delayedMessage, delayMinutes: g.delayMinutes } }
        : {}),
      ...(Object.keys(filters).length ? { filters } : {}),
      apps: links
        .filter((l) => l.geofenceId === g.id && (!visible || visible.has(l.appId)))
        .map((l) => l.appId),
      timeZone: g.timeZone,
      status: geofenceStatus(g, now),
      version: g.version,
      ownerAppId: g.ownerAppId,
    };
  });
}

/** GET /apps/{appId}/geofences: this app's geofences in its order. */
export async function listGeofences(db: Db, caller: Caller, appId: string): Promise<GeofenceRecord[]> {
  const { row: app } = await appForCaller(db, caller, appId, "geofences.read");
  const rows = await orderedRows(db, app.id);
  return records(
    db,
    caller,
    rows.map((r) => r.geofence),
  );
}

/** The geofence linked to this app, else 404 GeofenceNotFound (whatever it is elsewhere). */
async function linkedGeofence(db: Db, appId: string, id: string): Promise<GeofenceRow> {
  if (!UUID.test(id)) throw new ApiError("GeofenceNotFound");
  const [hit] = await orderedRows(db, appId, id.toLowerCase());
  if (!hit) throw new ApiError("GeofenceNotFound");
  return hit.geofence;
}

export async function getGeofence(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
): Promise<GeofenceRecord> {
  const { row: app } = await appForCaller(db, caller, appId, "geofences.read");
  const [record] = await records(db, caller, [await linkedGeofence(db, app.id, id)]);
  return record;
}

/**
 * The apps named besides the path's app: each must be one where the caller may edit geofences (spec §6). A
 * stranger to one of them gets 403 as well (not 404): the request is refused either way.
 */
async function checkWritableApps(db: Db, caller: Caller, appIds: string[]) {
  for (const id of appIds) {
    try {
      await appForCaller(db, caller, id, "geofences.write");
    } catch (e) {
      if (e instanceof ApiError && e.code === "AppNotFound") throw new ApiError("Forbidden");
      throw e;
    }
  }
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

const repeats = (type: RecurrenceType | undefined) => !!type && type !== "None" && type !== "Once";

/**
 * The columns of a geofence body. Dates must be in order (an end after the start, an 'Ends by' not before
 * the start), and a repeating geofence needs a start to count its occurrences from: else 400 Validation
 * with the field's path. The zone is the body's `timeZone`, else `storedZone` (an update), else the header's.
 */
function columns(input: GeofenceInput, offsetHeader: string | undefined, storedZone?: string) {
  const start = input.startDate ? new Date(input.startDate) : null;
  const end = input.endDate ? new Date(input.endDate) : null;
  const type = input.recurrence?.type;
  const endsBy = input.recurrence?.endsBy && repeats(type) ? new Date(input.recurrence.endsBy) : null;
  const details: { path: string; message: string }[] = [];
  if (start && end && end.getTime() < start.getTime())
    details.push({ path: "/endDate", message: "The end must not be before the start" });
  if (repeats(type) && !start)
    details.push({ path: "/startDate", message: "A repeating geofence needs a start date" });
  if (start && endsBy && endsBy.getTime() < start.getTime())
    details.push({ path: "/recurrence/endsBy", message: "'Ends by' must not be before the start" });
  if (details.length) throw new ApiError("Validation", details[0].message, details);
  return {
    name: input.name,
    message: input.message,
    silent: input.silent ?? false,
    lat: input.location.lat,
    lng: input.location.lng,
    radius: input.location.radius,
    radiusUnit: input.location.radiusUnit ?? "km",
    shape: "circle",
    ctaText: input.callToAction?.text || null,
    ctaLink: input.callToAction?.link || null,
    startsAt: start,
    endsAt: end,
    timeZone:
      storedZone !== undefined && input.timeZone === undefined
        ? storedZone
        : pushTimeZone(input.timeZone, offsetHeader),
    recurrenceType: type && type !== "None" ? type : null,
    recurrenceEndsBy: endsBy,
    delayedMessage: input.delayedMessage?.message ?? null,
    delayMinutes: input.delayedMessage?.delayMinutes ?? null,
    filters: input.filters ?? {},
  };
}

/** Links a geofence to apps, last in each app's list. */
async function linkLast(db: Db, geofenceId: string, appIds: string[]) {
  for (const appId of appIds) {
    const [bottom] = await db
      .select({ last: max(geofenceApps.position) })
      .from(geofenceApps)
      .where(eq(geofenceApps.appId, appId));
    await db
      .insert(geofenceApps)
      .values({ geofenceId, appId, position: (bottom?.last ?? -1) + 1 })
      .onConflictDoNothing();
  }
}

export interface GeofenceContext {
  /** The x-user-timezone-offset header: the zone a recurrence repeats in when the body names none. */
  offsetHeader?: string;
  onChange?: OnChange;
}

/** POST /apps/{appId}/geofences: a new geofence, last in the list of every app it runs in. */
export async function createGeofence(
  db: Db,
  caller: Caller,
  appId: string,
  input: GeofenceInput,
  ctx: GeofenceContext = {},
): Promise<GeofenceRecord> {
  const { row: app } = await appForCaller(db, caller, appId, "geofences.write");
  const others = unique(input.apps ?? []).filter((id) => id !== app.id);
  await checkWritableApps(db, caller, others);
  const values = columns(input, ctx.offsetHeader);
  await checkAudienceValues(db, [app.id, ...others], values.filters, "/filters");
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(geofences)
      .values({ ownerAppId: app.id, createdBy: caller.id, ...values })
      .returning();
    await linkLast(tx, row.id, [app.id, ...others]);
    return row;
  });
  ctx.onChange?.([app.id, ...others]);
  const [record] = await records(db, caller, [created]);
  return record;
}

/**
 * PUT /apps/{appId}/geofences/{id}: replaces the geofence's fields everywhere it runs and raises its version,
 * so everyone who entered it may enter it again (spec §6: an admin's update resets it). With `apps`, the
 * links to apps the caller may edit become exactly those named (the path's app and the owner app always
 * stay); links to apps the caller cannot edit stay as they are.
 */
export async function updateGeofence(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
  input: GeofenceInput,
  ctx: GeofenceContext = {},
): Promise<GeofenceRecord> {
  const { row: app } = await appForCaller(db, caller, appId, "geofences.write");
  const fence = await linkedGeofence(db, app.id, id);
  const current = (
    await db
      .select({ appId: geofenceApps.appId })
      .from(geofenceApps)
      .where(eq(geofenceApps.geofenceId, fence.id))
  ).map((l) => l.appId);
  let added: string[] = [];
  let removed: string[] = [];
  if (input.apps) {
    const wanted = unique([app.id, ...input.apps]);
    added = wanted.filter((a) => !current.includes(a));
    await checkWritableApps(db, caller, added);
    for (const a of current.filter((c) => !wanted.includes(c))) {
      const access = await appForCaller(db, caller, a, "geofences.write").catch(() => undefined);
      if (access) removed.push(a);
    }
  }
  removed = removed.filter((a) => a !== app.id && a !== fence.ownerAppId);
  // Without a `timeZone` the geofence keeps its zone: the editor's offset header would pin a named zone's DST.
  const values = columns(input, ctx.offsetHeader, fence.timeZone);
  const linked = [...new Set([...current, ...added])].filter((a) => !removed.includes(a));
  await checkAudienceValues(db, linked, values.filters, "/filters");
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(geofences)
      .set({ ...values, version: sql`${geofences.version} + 1`, updatedAt: new Date() })
      .where(eq(geofences.id, fence.id))
      .returning();
    if (removed.length)
      await tx
        .delete(geofenceApps)
        .where(and(eq(geofenceApps.geofenceId, fence.id), inArray(geofenceApps.appId, removed)));
    await linkLast(tx, fence.id, added);
    return row;
  });
  ctx.onChange?.([...new Set([...current, ...added])]);
  const [record] = await records(db, caller, [updated]);
  return record;
}

/**
 * DELETE /apps/{appId}/geofences/{id}: in the app that owns it the geofence is deleted everywhere (with its
 * completions); in another app it is only taken off that app's list.
 */
export async function deleteGeofence(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
  onChange?: OnChange,
): Promise<void> {
  const { row: app } = await appForCaller(db, caller, appId, "geofences.write");
  const fence = await linkedGeofence(db, app.id, id);
  if (fence.ownerAppId === app.id) {
    const linked = await db
      .select({ appId: geofenceApps.appId })
      .from(geofenceApps)
      .where(eq(geofenceApps.geofenceId, fence.id));
    await db.delete(geofences).where(eq(geofences.id, fence.id));
    onChange?.(linked.map((l) => l.appId));
  } else {
    await db
      .delete(geofenceApps)
      .where(and(eq(geofenceApps.geofenceId, fence.id), eq(geofenceApps.appId, app.id)));
    onChange?.([app.id]);
  }
}

/** PUT /apps/{appId}/geofences/order: the app's list in the given order (every id once, else 400 OrderMismatch). */
export async function orderGeofences(
  db: Db,
  caller: Caller,
  appId: string,
  order: string[],
  onChange?: OnChange,
): Promise<GeofenceRecord[]> {
  const { row: app } = await appForCaller(db, caller, appId, "geofences.write");
  const rows = await orderedRows(db, app.id);
  const given = checkOrder(
    rows.map((r) => r.geofence.id),
    order,
  );
  if (given.length)
    await db.transaction(async (tx) => {
      const positions = sql.join(
        given.map((g, i) => sql`when ${g}::uuid then ${i}::integer`),
        sql` `,
      );
      await tx
        .update(geofenceApps)
        .set({ position: sql`case ${geofenceApps.geofenceId} ${positions} end` })
        .where(and(eq(geofenceApps.appId, app.id), inArray(geofenceApps.geofenceId, given)));
    });
  onChange?.([app.id]);
  return listGeofences(db, caller, app.id);
}

/**
 * The geofences the widget watches in this app (its payload's `definition.geofences`): those Active or
 * Recurring now, in the app's order, with what the widget needs to draw and detect them. Filters, target
 * apps and the delayed message stay on the server (an entry is checked there).
 */
export async function activeGeofences(db: Db, appId: string, now = new Date()): Promise<Geofence[]> {
  const rows = await orderedRows(db, appId);
  return rows
    .map((r) => r.geofence)
    .filter((g) => {
      const status = geofenceStatus(g, now);
      return status === "Active" || status === "Recurring";
    })
    .map(publicFields);
}

/**
 * PUT /apps/{appId}/analytics/events/geofence/{geofenceId}/complete: records that `userId` completed the
 * geofence in this app, in its current version and occurrence, as the widget's entry does, so it is not
 * delivered to that user again until the next occurrence or an update. `completed` is false when it was
 * already recorded. The occurrence is the one running now (a planned or expired geofence: its first, "").
 */
export async function completeGeofence(
  db: Db,
  caller: Caller,
  appId: string,
  geofenceId: string,
  userId: string,
  now = new Date(),
): Promise<{ completed: boolean; version: number; occurrence: string }> {
  const { row: app } = await appForCaller(db, caller, appId, "geofences.write");
  const fence = await linkedGeofence(db, app.id, geofenceId);
  const { occurrence } = currentOccurrence(
    {
      startsAt: fence.startsAt,
      endsAt: fence.endsAt,
      recurrence: recurrenceOf(fence),
      timeZone: fence.timeZone,
    },
    now,
  );
  const completed = await recordCompletion(db, {
    geofenceId: fence.id,
    appId: app.id,
    userId,
    version: fence.version,
    occurrence,
  });
  return { completed, version: fence.version, occurrence };
}
