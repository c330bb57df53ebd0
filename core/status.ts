import type { RecurrenceType } from "../schemas/recurrence.ts";
import { type Instant, ms, optionalMs } from "./time.ts";

export type ScheduleStatus = "Sent" | "Expired" | "Delivering" | "Active" | "Recurring" | "Planned";

export interface Dated {
  from?: Instant | null;
  to?: Instant | null;
  recurrence?: { type: RecurrenceType; endsBy?: Instant | null } | null;
}

/** A recurrence that repeats: any type but Once (and None, which means no recurrence). */
export const isRepeating = (r: Dated["recurrence"]): boolean => !!r && r.type !== "Once" && r.type !== "None";

/**
 * Status from dates (spec §4). Finished once the end has passed: Sent, or Expired for geofences. In
 * progress while now is between from and to (both inclusive): Delivering, or Active for geofences; and
 * Recurring instead when a repeating recurrence has started. Otherwise Planned.
 *
 * The end is `to`; without it, a repeating item ends by `recurrence.endsBy` (never when absent) and a
 * one-off item ends at its start, so a push is Delivering at its scheduled instant and Sent right after.
 * A missing bound is open: a coupon with no dates is always in progress.
 */
export function statusFromDates(
  item: Dated,
  now: Instant,
  kind: "push" | "geofence" = "push",
): ScheduleStatus {
  const t = ms(now);
  const from = optionalMs(item.from);
  const repeating = isRepeating(item.recurrence);
  const end = optionalMs(item.to) ?? (repeating ? optionalMs(item.recurrence?.endsBy) : from);
  if (end !== undefined && t > end) return kind === "geofence" ? "Expired" : "Sent";
  if (from !== undefined && t < from) return "Planned";
  if (repeating) return "Recurring";
  return kind === "geofence" ? "Active" : "Delivering";
}
