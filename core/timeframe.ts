import { type Instant, ms, optionalMs } from "./time.ts";

export interface TimeframeLike {
  from?: Instant | null;
  to?: Instant | null;
}

/**
 * Visibility by timeframe (spec §4): both from and to, shown only between them; only from, from then on;
 * only to, until then; neither, always. Both ends are inclusive.
 */
export function isWithinTimeframe(timeframe: TimeframeLike | null | undefined, now: Instant): boolean {
  const t = ms(now);
  const from = optionalMs(timeframe?.from);
  const to = optionalMs(timeframe?.to);
  return (from === undefined || t >= from) && (to === undefined || t <= to);
}

/** Coupons follow their timeframe; personalized ones are never listed (spec §4). */
export function isCouponVisible(
  coupon: { from?: Instant | null; to?: Instant | null; personalized?: boolean | null },
  now: Instant,
): boolean {
  return !coupon.personalized && isWithinTimeframe(coupon, now);
}

/** Events show when they have no end or their end is still ahead; the start is ignored (spec §4). */
export function isEventVisible(event: { to?: Instant | null }, now: Instant): boolean {
  const to = optionalMs(event.to);
  return to === undefined || to > ms(now);
}
