import { randomUUID } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { currentOccurrence, insideCircle } from "../../core/geofence-entry.ts";
import type { Audience } from "../../schemas/audience.ts";
import { RECURRENCE_TYPES, type RecurrenceType } from "../../schemas/recurrence.ts";
import type { Db } from "../db/connect.ts";
import { endUserNotifications, geofenceApps, geofenceCompletions, geofences } from "../db/schema-push.ts";
import { ApiError } from "../errors.ts";
import { storeSignals } from "./mobile-analytics.ts";
import { audienceWhere } from "./push-audience.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Completion {
  geofenceId: string;
  appId: string;
  userId: string;
  /** The geofence's version when entered: an update (a new version) resets it for everyone (spec §6). */
  version: number;
  /** The occurrence's start as ISO text, "" for a geofence that does not repeat. */
  occurrence: string;
}

/**
 * Records that a user entered a geofence, once per geofence, version, occurrence and user (the table's
 * primary key): answers true only for the call that wrote the row, so concurrent entries deliver once.
 */
export async function recordCompletion(db: Db, c: Completion): Promise<boolean> {
  const rows = await db
    .insert(geofenceCompletions)
    .values({ ...c, completedAt: sql`now()` })
    .onConflictDoNothing()
    .returning({ userId: geofenceCompletions.userId });
  return rows.length === 1;
}

export interface EnterInput {
  userId: string;
  lat: number;
  lng: number;
}

export interface EnterAnswer {
  message: string;
  callToAction?: { text?: string; link?: string };
  /** True only for the first entry of this user in this occurrence and version (the message is new). */
  delivered: boolean;
  /** A silent geofence records the entry and the signal but shows and stores no message. */
  silent: boolean;
}

/** The job that writes a geofence's delayed message (server/jobs/geofence-delayed.ts). */
export const GEOFENCE_DELAYED_JOB = "geofence.delayed";

export interface DelayedGeofenceMessage extends Completion {}

/** What enterGeofence needs of the job queue (server/jobs/types.ts JobQueue). */
export interface DelayQueue {
  send(
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfter?: Date | number },
  ): Promise<string | null>;
}

/**
 * The widget reports that its visitor is at (lat, lng) inside a geofence: the geofence must run in this
 * app, be active now (its dates and recurrence, core/geofence-entry.ts), contain the point (haversine, in
 * its radius unit) and its filters must take this user (the push audience rules, server/ops/push-audience.ts).
 * The first entry per user, version and occurrence writes the inbox entry (unless silent), the analytics
 * signal `geofence` with its geofenceId, and schedules the delayed message; later entries answer
 * `delivered: false` and change nothing.
 */
export async function enterGeofence(
  db: Db,
  appId: string,
  geofenceId: string,
  input: EnterInput,
  opts: { queue?: DelayQueue; now?: Date } = {},
): Promise<EnterAnswer> {
  const now = opts.now ?? new Date();
  if (!UUID.test(geofenceId)) throw new ApiError("GeofenceNotFound");
  const [g] = await db
    .select({ geofence: geofences })
    .from(geofences)
    .innerJoin(geofenceApps, eq(geofenceApps.geofenceId, geofences.id))
    .where(and(eq(geofences.id, geofenceId), eq(geofenceApps.appId, appId)));
  if (!g) throw new ApiError("GeofenceNotFound");
  const fence = g.geofence;
  const recurrence =
    fence.recurrenceType && RECURRENCE_TYPES.includes(fence.recurrenceType as RecurrenceType)
      ? { type: fence.recurrenceType as RecurrenceType, endsBy: fence.recurrenceEndsBy }
      : null;
  const { active, occurrence } = currentOccurrence(
    { startsAt: fence.startsAt, endsAt: fence.endsAt, recurrence, timeZone: fence.timeZone },
    now,
  );
  if (!active) throw new ApiError("GeofenceNotActive");
  if (!insideCircle(input, fence)) throw new ApiError("GeofenceOutside");
  if (!(await userMatches(db, appId, input.userId, (fence.filters ?? {}) as Audience)))
    throw new ApiError("GeofenceNotForUser");

  const completion = { geofenceId, appId, userId: input.userId, version: fence.version, occurrence };
  const callToAction =
    fence.ctaText || fence.ctaLink
      ? {
          ...(fence.ctaText ? { text: fence.ctaText } : {}),
          ...(fence.ctaLink ? { link: fence.ctaLink } : {}),
        }
      : undefined;
  const answer = (delivered: boolean): EnterAnswer => ({
    message: fence.message,
    ...(callToAction ? { callToAction } : {}),
    delivered,
    silent: fence.silent,
  });
  if (!(await recordCompletion(db, completion))) return answer(false);

  if (!fence.silent)
    await db.insert(endUserNotifications).values({
      appId,
      userId: input.userId,
      geofenceId,
      message: fence.message,
      path: fence.ctaLink ?? null,
    });
  await storeSignals(db, appId, [
    {
      id: randomUUID(),
      time: now.toISOString(),
      appId,
      userId: input.userId,
      platform: "Web",
      name: "geofence",
      data: { geofenceId, title: fence.name },
    },
  ]);
  if (fence.delayedMessage && fence.delayMinutes && opts.queue)
    await opts.queue.send(GEOFENCE_DELAYED_JOB, completion, {
      singletonKey: delayKey(completion),
      startAfter: new Date(now.getTime() + fence.delayMinutes * 60_000),
    });
  return answer(true);
}

/** One delayed message per completion. */
export const delayKey = (c: Completion) =>
  `geofence-delayed:${c.geofenceId}:${c.appId}:${c.userId}:${c.version}:${c.occurrence}`;

/** The geofence's filters take this user: the push audience condition over this one (app, user) pair. */
async function userMatches(db: Db, appId: string, userId: string, filters: Audience): Promise<boolean> {
  const set = Object.values(filters).some((v) => v !== undefined && v !== null && v !== "" && v !== false);
  if (!set) return true;
  const result = await db.execute(
    sql`select 1 as ok from (select ${appId}::uuid as app_id, ${userId}::text as user_id) s where ${audienceWhere([appId], filters)}`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Writes a geofence's delayed message into the user's inbox, once per completion, if the geofence still
 * has that version and a delayed message (an update in between resets it, spec §6). Idempotent: a retried
 * job finds the entry written after the completion and writes nothing.
 */
export async function deliverDelayedMessage(db: Db, c: DelayedGeofenceMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${delayKey(c)}))`);
    const [fence] = await tx.select().from(geofences).where(eq(geofences.id, c.geofenceId));
    if (!fence || fence.version !== c.version || !fence.delayedMessage) return false;
    const [done] = await tx
      .select({ at: geofenceCompletions.completedAt })
      .from(geofenceCompletions)
      .where(
        and(
          eq(geofenceCompletions.geofenceId, c.geofenceId),
          eq(geofenceCompletions.userId, c.userId),
          eq(geofenceCompletions.version, c.version),
          eq(geofenceCompletions.occurrence, c.occurrence),
        ),
      );
    if (!done) return false;
    const [written] = await tx
      .select({ id: endUserNotifications.id })
      .from(endUserNotifications)
      .where(
        and(
          eq(endUserNotifications.appId, c.appId),
          eq(endUserNotifications.userId, c.userId),
          eq(endUserNotifications.geofenceId, c.geofenceId),
          eq(endUserNotifications.message, fence.delayedMessage),
          gte(endUserNotifications.createdAt, done.at),
        ),
      );
    if (written) return false;
    await tx.insert(endUserNotifications).values({
      appId: c.appId,
      userId: c.userId,
      geofenceId: c.geofenceId,
      message: fence.delayedMessage,
      path: fence.ctaLink ?? null,
    });
    return true;
  });
}
