import type { AppDefinition } from "../../../schemas/index.ts";
import type { OfferKind, OfferRecord } from "./types.ts";

/** The cache key of an app's offer list; the live preview reads the coupons and events from here. */
export const offersKey = (appId: string, kind: OfferKind) => ["offers", appId, kind] as const;

const COUPON_FIELDS = [
  "id",
  "title",
  "description",
  "image",
  "from",
  "to",
  "personalized",
  "hideDates",
  "apps",
  "category",
] as const;

/** A console record as the definition carries it (spec §3 Coupon; events add their link). */
function toDefinitionOffer(o: OfferRecord, kind: OfferKind): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of kind === "events" ? [...COUPON_FIELDS, "link" as const] : COUPON_FIELDS)
    if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  return out;
}

/**
 * The draft with the offers of the console's cache, when it holds them: the preview then shows a special
 * created or reordered on the Specials page at once, without a reload (the loaded definition carries the
 * offers as they were when the app was opened).
 */
export function withOffers(
  definition: AppDefinition,
  coupons: OfferRecord[] | undefined,
  events: OfferRecord[] | undefined,
): AppDefinition {
  if (!coupons && !events) return definition;
  return {
    ...definition,
    ...(coupons ? { coupons: coupons.map((o) => toDefinitionOffer(o, "coupons")) } : {}),
    ...(events ? { events: events.map((o) => toDefinitionOffer(o, "events")) } : {}),
  } as AppDefinition;
}
