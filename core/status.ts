import type { RecurrenceType } from "../schemas/constants/recurrence.ts";
import { recurrenceEnd } from "./recurrence.ts";
import { type Instant, ms, optionalMs } from "./time.ts";
import { localTimeZone } from "./zoned-time.ts";

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
 * The end is `to`; without it, a repeating item ends by `recurrence.endsBy` (never when absent; a calendar
 * date ends with that day in `timeZone`, as core/recurrence.ts counts it). Without `to`, a one-off push ends
 * at its start, so it is Delivering at its scheduled instant and Sent right after, while a one-off geofence
 * stays Active from its start on (an area is watched over a span, not at an instant). A missing bound is
 * open: a coupon with no dates is always in progress.
 */
export function statusFromDates(
  item: Dated,
  now: Instant,
  kind: "push" | "geofence" = "push",
  timeZone: string = localTimeZone(),
): ScheduleStatus {
  const t = ms(now);
  const from = optionalMs(item.from);
  const repeating = isRepeating(item.recurrence);
  const end =
    optionalMs(item.to) ??
    (repeating ? recurrenceEnd(item.recurrence?.endsBy, timeZone) : kind === "push" ? from : undefined);
  if (end !== undefined && t > end) return kind === "geofence" ? "Expired" : "Sent";
  if (from !== undefined && t < from) return "Planned";
  if (repeating) return "Recurring";
  return kind === "geofence" ? "Active" : "Delivering";
}
