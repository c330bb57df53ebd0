/** spec §9: coupon and event descriptions are cut at 60 characters, loyalty descriptions at 80. */
export const OFFER_DESCRIPTION_MAX = 60;
export const LOYALTY_DESCRIPTION_MAX = 80;
export const ELLIPSIS = "...";

/** Cuts text longer than `max` characters to its first `max`, followed by the ellipsis (spec §9). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? "";
  const chars = Array.from(value); // by code point, so an emoji is never split in half
  return chars.length <= max ? value : `${chars.slice(0, max).join("").trimEnd()}${ELLIPSIS}`;
}
