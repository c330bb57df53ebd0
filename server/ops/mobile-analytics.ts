import { eq } from "drizzle-orm";
import type { AnalyticsSignal } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { analyticsEvents } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";

/** The message on a signal whose appId is not the app the batch was sent for. */
export const SIGNAL_APP_MISMATCH = "the signal's appId must be the app of the X-App header";

/**
 * Stores a batch for the app of the X-App header, each event once: an event id seen before in this app is
 * skipped, so the widget may re-send a batch whose answer it never got. The header is the one source of the
 * app: a signal naming another app fails the whole batch (400, at its appId), and so do unknown and
 * discontinued apps (404) rather than vanish silently.
 *
 * Rows go in sorted by id, duplicates within the batch dropped first: concurrent batches sharing ids then
 * take their row locks in the same order and wait for each other instead of deadlocking.
 */
export async function storeSignals(
  db: Db,
  appId: string,
  signals: AnalyticsSignal[],
): Promise<{ stored: number }> {
  const mismatch = signals.findIndex((s) => s.appId !== appId);
  if (mismatch >= 0)
    throw new ApiError("Validation", SIGNAL_APP_MISMATCH, [
      { path: `/${mismatch}/appId`, message: SIGNAL_APP_MISMATCH },
    ]);
  const [app] = await db.select({ status: apps.status }).from(apps).where(eq(apps.id, appId));
  // Spec §4: apps with status Inactive are treated as not found.
  if (!app || app.status === "Inactive") throw new ApiError("AppNotFound");
  const byId = new Map<string, AnalyticsSignal>();
  for (const s of signals) if (!byId.has(s.id)) byId.set(s.id, s);
  if (!byId.size) return { stored: 0 };
  const rows = await db
    .insert(analyticsEvents)
    .values(
      [...byId.values()]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((s) => ({
          id: s.id,
          appId,
          userId: s.userId ?? null,
          platform: s.platform,
          name: s.name,
          time: new Date(s.time),
          data: s.data ?? {},
        })),
    )
    .onConflictDoNothing({ target: [analyticsEvents.appId, analyticsEvents.id] })
    .returning({ id: analyticsEvents.id });
  return { stored: rows.length };
}
