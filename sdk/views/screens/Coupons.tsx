import { isCouponVisible, OFFER_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import type { Coupon } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { offerDate } from "../dates.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Empty, Screen } from "../ui/Screen.tsx";

/** The coupons an end user sees: within their timeframe, not personalized, of the feature's category if it has one. */
export function visibleCoupons(coupons: Coupon[] | undefined, now: number, category?: string): Coupon[] {
  return (coupons ?? []).filter((c) => isCouponVisible(c, now) && (!category || c.category === category));
}

/** spec §2 Coupons: the list, 'No Coupons' when empty; each entry opens the coupon's detail. */
export function CouponsScreen({ feature }: { feature: AnyFeature }) {
  const ctx = useView();
  const { t, navigate, definition, now } = ctx;
  const category = typeof feature.category === "string" ? feature.category : undefined;
  const coupons = visibleCoupons(definition.coupons, now, category);
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || t("coupons.title")} page="coupons">
      {coupons.length === 0 ? (
        <Empty text={t("coupons.empty")} />
      ) : (
        <ul className="ba-list">
          {coupons.map((c) => {
            const image = safeImage(c.image);
            const date = offerDate(ctx, c);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className="ba-card"
                  onClick={() => navigate({ page: "couponDetails", featureId: feature.id, itemId: c.id })}
                >
                  {image ? <img className="ba-card-image" src={image} alt="" /> : null}
                  <span className="ba-card-text">
                    <span className="ba-card-title">{c.title}</span>
                    {date ? <span className="ba-card-date">{date}</span> : null}
                    {c.description ? (
                      <span className="ba-card-desc">{truncate(c.description, OFFER_DESCRIPTION_MAX)}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
}

/** spec §2 coupon detail: image, title, date text, description, Share and Redeem. */
export function CouponDetailsScreen({ couponId }: { couponId?: string }) {
  const ctx = useView();
  const { t, definition, onShare, onRedeem } = ctx;
  const coupon = definition.coupons?.find((c) => c.id === couponId);
  if (!coupon)
    return (
      <Screen title={t("coupons.title")} page="couponDetails">
        <Empty text={t("coupons.empty")} />
      </Screen>
    );
  const image = safeImage(coupon.image);
  const date = offerDate(ctx, coupon);
  return (
    <Screen title={coupon.title} page="couponDetails">
      <article className="ba-detail">
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        <h3 className="ba-detail-title">{coupon.title}</h3>
        {date ? <p className="ba-detail-date">{date}</p> : null}
        {coupon.description ? <p className="ba-detail-desc">{coupon.description}</p> : null}
        <div className="ba-actions">
          <button
            type="button"
            className="ba-button ba-button-secondary"
            onClick={() =>
              onShare?.({ kind: "coupon", title: coupon.title, text: coupon.description ?? coupon.title })
            }
          >
            {t("common.share")}
          </button>
          <button type="button" className="ba-button" onClick={() => onRedeem?.(coupon)}>
            {t("coupons.redeem")}
          </button>
        </div>
      </article>
    </Screen>
  );
}
