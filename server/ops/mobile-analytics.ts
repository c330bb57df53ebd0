import { sql } from "drizzle-orm";
import type { AnalyticsSignal } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import { ensurePartitions } from "./analytics-partitions.ts";

/** The message on a signal whose appId is not the app the batch was sent for. */
export const SIGNAL_APP_MISMATCH = "the signal's appId must be the app of the X-App header";

/** How far ahead of the server's clock a signal's time may be (a device clock a little fast still counts). */
export const SIGNAL_FUTURE_MS = 24 * 60 * 60 * 1000;

/** Months of raw signals kept (ANALYTICS_RETENTION_MONTHS); older partitions are dropped, older signals refused. */
export const DEFAULT_RETENTION_MONTHS = 25;

/** The first instant a signal may carry: the start of the oldest month kept. */
export function oldestKept(now: Date, retentionMonths: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (retentionMonths - 1), 1));
}

/**
 * Stores a batch for the app of the X-App header, each event once: an event id seen before in this app is
 * skipped, so the widget may re-send a batch whose answer it never got (it re-sends the same id with the
 * same time). The header is the one source of the app: a signal naming another app fails the whole batch
 * (400, at its appId), and so do unknown and discontinued apps (404) rather than vanish silently. Signals
 * dated outside the kept window (before the oldest month kept, or more than a day ahead) are left out:
 * they would land in no partition, and no dashboard shows them.
 *
 * Rows go in sorted by id, duplicates within the batch dropped first: concurrent batches sharing ids then
 * take their row locks in the same order and wait for each other instead of deadlocking. The one insert
 * statement also queues the rows for the rollups (a trigger); folding them is a job's work, after the answer.
 */
export async function storeSignals(
  db: Db,
  appId: string,
  signals: AnalyticsSignal[],
  opts: { now?: Date; retentionMonths?: number } = {},
): Promise<{ stored: number }> {
  const mismatch = signals.findIndex((s) => s.appId !== appId);
  if (mismatch >= 0)
    throw new ApiError("Validation", SIGNAL_APP_MISMATCH, [
      { path: `/${mismatch}/appId`, message: SIGNAL_APP_MISMATCH },
    ]);
  const now = opts.now ?? new Date();
  const first = oldestKept(now, opts.retentionMonths ?? DEFAULT_RETENTION_MONTHS).getTime();
  const last = now.getTime() + SIGNAL_FUTURE_MS;
  const byId = new Map<string, AnalyticsSignal>();
  for (const s of signals) {
    const t = Date.parse(s.time);
    if (!byId.has(s.id) && t >= first && t <= last) byId.set(s.id, s);
  }
  const kept = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // One statement, one round trip: the app's status, and the rows as one JSON parameter (json_to_recordset)
  // rather than seven parameters per row. Nothing is inserted for an app that is unknown or Inactive.
  const rows = JSON.stringify(
    kept.map((s) => ({
      id: s.id,
      userId: s.userId ?? null,
      platform: s.platform,
      name: s.name,
      time: s.time,
      data: s.data ?? {},
    })),
  );
  const insert = async () =>
    rowsOf<{ status: string | null; stored: number }>(
      await db.execute(sql`with app as (select status from apps where id = ${appId}), stored as (
          insert into analytics_events (id, app_id, user_id, platform, name, time, data)
          select t.id, ${appId}, t."userId", t.platform, t.name, t.time, t.data
          from json_to_recordset(${rows}::json)
            as t(id uuid, "userId" text, platform text, name text, time timestamptz, data jsonb)
          where exists (select 1 from app where status <> 'Inactive')
          on conflict (app_id, time, id) do nothing
          returning 1
        )
        select (select status from app) as status, (select count(*) from stored)::int as stored`),
    )[0];
  let row: { status: string | null; stored: number };
  try {
    row = await insert();
  } catch (error) {
    // A month without its partition yet (the maintenance job makes them ahead; a server that slept past a
    // month's start, or a test clock, may be first): make the batch's months and try once more.
    if (!isMissingPartition(error)) throw error;
    const times = kept.map((s) => Date.parse(s.time));
    await ensurePartitions(db, new Date(Math.min(...times)), new Date(Math.max(...times)));
    row = await insert();
  }
  // Spec §4: apps with status Inactive are treated as not found.
  if (!row?.status || row.status === "Inactive") throw new ApiError("AppNotFound");
  return { stored: Number(row.stored) };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const isMissingPartition = (error: unknown): boolean => {
  // drizzle wraps the driver's error ("Failed query: ...") and keeps it as the cause.
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  )
    if (e.code === "23514" && /no partition/i.test(String(e.message))) return true;
  return false;
};
