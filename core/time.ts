/** Instants as core/ accepts them: a Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number;

/** Epoch milliseconds of an instant; NaN for an unparsable string (callers treat it as absent). */
export const ms = (t: Instant): number =>
  t instanceof Date ? t.getTime() : typeof t === "number" ? t : Date.parse(t);

/** A present, parsable instant in ms, or undefined for empty values. */
export function optionalMs(t: Instant | null | undefined): number | undefined {
  if (t === null || t === undefined || t === "") return undefined;
  const v = ms(t);
  return Number.isNaN(v) ? undefined : v;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
