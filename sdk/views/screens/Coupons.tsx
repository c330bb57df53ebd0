import { isCouponVisible } from "../../../core/rules.ts";
import type { Coupon } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import type { AnyFeature } from "../types.ts";
import { OfferDetail, OfferList } from "./Offers.tsx";

const coupons = {
  listPage: "coupons",
  detailsPage: "couponDetails",
  titleKey: "coupons.title",
  emptyKey: "coupons.empty",
} as const;

/** The coupons an end user sees: within their timeframe, not personalized, of the feature's category if it has one. */
export function visibleCoupons(list: Coupon[] | undefined, now: number, category?: string): Coupon[] {
  return (list ?? []).filter((c) => isCouponVisible(c, now) && (!category || c.category === category));
}

/** spec §2 Coupons: the list, 'No Coupons' when empty; each entry opens the coupon's detail. */
export function CouponsScreen({ feature }: { feature: AnyFeature }) {
  const { definition, now } = useView();
  const category = typeof feature.category === "string" ? feature.category : undefined;
  return (
    <OfferList feature={feature} offers={visibleCoupons(definition.coupons, now, category)} kind={coupons} />
  );
}

/** spec §2 coupon detail: image, title, date text, description, Share and Redeem. */
export function CouponDetailsScreen({ couponId }: { couponId?: string }) {
  const { t, definition, onShare, onRedeem } = useView();
  const coupon = definition.coupons?.find((c) => c.id === couponId);
  return (
    <OfferDetail
      offer={coupon}
      kind={coupons}
      actions={(c) => (
        <>
          <button
            type="button"
            className="ba-button ba-button-secondary"
            onClick={() => onShare?.({ kind: "coupon", title: c.title, text: c.description ?? c.title })}
          >
            {t("common.share")}
          </button>
          <button type="button" className="ba-button" onClick={() => onRedeem?.(c)}>
            {t("coupons.redeem")}
          </button>
        </>
      )}
    />
  );
}
