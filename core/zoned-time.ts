/**
 * Wall-clock time in an IANA time zone, with Intl only (no Node API, no tz database of our own). Recurring
 * schedules are wall-clock rules ("every month on the 31st at 09:30 in New York"), so occurrences are
 * computed on wall time and converted back to instants here, which is what keeps them right across DST.
 */
export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone the code runs in (the browser's for the builder and widget). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The wall-clock reading of an instant in a zone. */
export function toWallTime(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

const asUtc = (w: WallTime) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);

/** The zone's offset from UTC at an instant, in ms. */
const offsetAt = (instant: number, timeZone: string) => asUtc(toWallTime(instant, timeZone)) - instant;

/**
 * The instant a wall-clock time names in a zone. Like Temporal's "compatible" choice: a time skipped by a
 * spring-forward gap moves forward by the gap; a time repeated by a fall-back takes the earlier instant.
 */
export function fromWallTime(w: WallTime, timeZone: string): number {
  const local = asUtc(w);
  const DAY = 86_400_000;
  const before = offsetAt(local - DAY, timeZone);
  const after = offsetAt(local + DAY, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((t) => asUtc(toWallTime(t, timeZone)) === local)
    .sort((a, b) => a - b);
  if (candidates.length) return candidates[0];
  // In a gap: read the wall time with the offset from before the change, which lands after the gap.
  return local - before;
}

/** Days in a month (month 1-12). */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
