import { inArray } from "drizzle-orm";
import type { AnalyticsSignal } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { analyticsEvents } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";

/**
 * Stores a batch once: an event id seen before is skipped, so the widget may re-send a batch whose answer
 * it never got. Signals of unknown or discontinued apps fail the batch (404) rather than vanish silently.
 */
export async function storeSignals(db: Db, signals: AnalyticsSignal[]): Promise<{ stored: number }> {
  if (!signals.length) return { stored: 0 };
  const appIds = [...new Set(signals.map((s) => s.appId))];
  const known = await db
    .select({ id: apps.id, status: apps.status })
    .from(apps)
    .where(inArray(apps.id, appIds));
  const active = new Set(known.filter((a) => a.status !== "Inactive").map((a) => a.id));
  if (appIds.some((id) => !active.has(id))) throw new ApiError("AppNotFound");
  const rows = await db
    .insert(analyticsEvents)
    .values(
      signals.map((s) => ({
        id: s.id,
        appId: s.appId,
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
