import {
  RECURRENCE_END_LABELS,
  RECURRENCE_LABELS,
  RECURRENCE_TYPES,
  type RecurrenceType,
} from "../schemas/constants/recurrence.ts";
import { type Instant, ms, optionalMs } from "./time.ts";
import { daysInMonth, fromWallTime, localTimeZone, toWallTime, type WallTime } from "./zoned-time.ts";

export { RECURRENCE_END_LABELS, RECURRENCE_LABELS, RECURRENCE_TYPES };

/** Step of each repeating type: days or months (spec §9: quarterly 3 months, semi-annual 6). */
const STEPS: Partial<Record<RecurrenceType, { days?: number; months?: number }>> = {
  Daily: { days: 1 },
  Weekly: { days: 7 },
  BiWeekly: { days: 14 },
  Monthly: { months: 1 },
  Quarterly: { months: 3 },
  SemiAnnualy: { months: 6 },
  Annualy: { months: 12 },
};

/** The UI label of a recurrence type (spec §3: Bi-Weekly, Semi-Annually, Annually). */
export const recurrenceLabel = (type: RecurrenceType): string => RECURRENCE_LABELS[type];

/** The end-mode label: 'Never ends' or 'Ends by' (spec §3). */
export const recurrenceEndLabel = (endsBy: Instant | null | undefined): string =>
  optionalMs(endsBy) === undefined ? RECURRENCE_END_LABELS.never : RECURRENCE_END_LABELS.endsBy;

/**
 * The n-th occurrence, always counted from the start (never from the previous occurrence) so that a
 * Monthly series from the 31st gives 28/29/30/31 as months allow and goes back to the 31st, and wall time
 * stays fixed across DST, for as many years as it runs.
 */
function occurrence(
  start: WallTime,
  step: { days?: number; months?: number },
  n: number,
  tz: string,
): number {
  if (step.days) {
    // Date.UTC normalises day overflow; only the date moves, the wall time stays.
    const d = new Date(Date.UTC(start.year, start.month - 1, start.day + n * step.days));
    return fromWallTime(
      { ...start, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
      tz,
    );
  }
  const total = start.month - 1 + n * (step.months ?? 0);
  const year = start.year + Math.floor(total / 12);
  const month = (total % 12) + 1;
  return fromWallTime({ ...start, year, month, day: Math.min(start.day, daysInMonth(year, month)) }, tz);
}

/**
 * The last instant of an 'Ends by' in ms (undefined when it never ends): an instant as is, a calendar date
 * (YYYY-MM-DD) the end of that day in the schedule's zone. Shared with status from dates (core/status.ts).
 */
export function recurrenceEnd(
  endsBy: Instant | null | undefined,
  tz: string = localTimeZone(),
): number | undefined {
  if (typeof endsBy === "string" && /^\d{4}-\d{2}-\d{2}$/.test(endsBy)) {
    const [year, month, day] = endsBy.split("-").map(Number);
    return fromWallTime({ year, month, day, hour: 23, minute: 59, second: 59, millisecond: 999 }, tz);
  }
  return optionalMs(endsBy);
}

export interface RecurrenceRule {
  type: RecurrenceType;
  endsBy?: Instant | null;
}

/**
 * The first occurrence strictly after `after`, or null when there is none: a one-off (None or Once) that
 * is past, or a series past its 'Ends by'. Computed in `timeZone` (default: where the code runs).
 */
export function nextOccurrence(
  start: Instant,
  rule: RecurrenceRule | null | undefined,
  after: Instant,
  timeZone: string = localTimeZone(),
): Date | null {
  const startMs = ms(start);
  const afterMs = ms(after);
  const end = recurrenceEnd(rule?.endsBy, timeZone);
  const step = rule ? STEPS[rule.type] : undefined;
  if (!step) return startMs > afterMs && (end === undefined || startMs <= end) ? new Date(startMs) : null;
  const wall = toWallTime(startMs, timeZone);
  // Jump to about `after` by the average step, then walk back or forward to the exact next one: cheap for
  // long series, and exact because every occurrence is counted from the start.
  const period = step.days ? step.days * 86_400_000 : (step.months ?? 1) * 30.436875 * 86_400_000;
  let n = afterMs > startMs ? Math.floor((afterMs - startMs) / period) : 0;
  let t = occurrence(wall, step, n, timeZone);
  while (n > 0) {
    const previous = occurrence(wall, step, n - 1, timeZone);
    if (previous <= afterMs) break;
    n--;
    t = previous;
  }
  while (t <= afterMs) t = occurrence(wall, step, ++n, timeZone);
  return end !== undefined && t > end ? null : new Date(t);
}

/** Every occurrence from the start up to `until` (inclusive), for the View Schedule list and tests. */
export function occurrencesUntil(
  start: Instant,
  rule: RecurrenceRule | null | undefined,
  until: Instant,
  timeZone: string = localTimeZone(),
): Date[] {
  const out: Date[] = [];
  const first = ms(start);
  if (first <= ms(until) && (recurrenceEnd(rule?.endsBy, timeZone) ?? Number.POSITIVE_INFINITY) >= first)
    out.push(new Date(first));
  let next = nextOccurrence(start, rule, first, timeZone);
  while (next && next.getTime() <= ms(until)) {
    out.push(next);
    next = nextOccurrence(start, rule, next, timeZone);
  }
  return out;
}
