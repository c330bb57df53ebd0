import type { ReactNode } from "react";
import { OFFER_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import type { Coupon, Event, WidgetPackage } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { offerDate } from "../dates.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Empty, Screen } from "../ui/Screen.tsx";

/** Coupons and events (promotions) are drawn alike: spec §2 gives both a list with an empty text and a detail. */
type Offer = Coupon | Event;

interface OfferKind {
  /** The list's and the detail's widget page ids (analytics). */
  listPage: "coupons" | "events";
  detailsPage: "couponDetails" | "eventDetails";
  /** Locale keys of the default title and the empty text. */
  titleKey: string;
  emptyKey: string;
}

/** The list screen: image, title, date text and the description truncated to 60 characters. */
export function OfferList({
  feature,
  offers,
  kind,
  tag,
  packages = [],
}: {
  feature: AnyFeature;
  offers: Offer[];
  kind: OfferKind;
  /** A marker drawn on an entry (a personalized special's 'Just for you'). */
  tag?: (offer: Offer) => string | undefined;
  /** Special packages, each one entry marked 'Package', after the marked offers and before the rest. */
  packages?: WidgetPackage[];
}) {
  const ctx = useView();
  const { t, navigate } = ctx;
  const entry = (
    item: Offer | WidgetPackage,
    marker: string | undefined,
    page: OfferKind["detailsPage"] | "packageDetails",
  ) => {
    const image = safeImage(item.image);
    const date = offerDate(ctx, item);
    return (
      <li key={item.id}>
        <button
          type="button"
          className="ba-card"
          onClick={() => navigate({ page, featureId: feature.id, itemId: item.id })}
        >
          {image ? <img className="ba-card-image" src={image} alt="" /> : null}
          <span className="ba-card-text">
            {marker ? <span className="ba-tag">{marker}</span> : null}
            <span className="ba-card-title">{item.title}</span>
            {date ? <span className="ba-card-date">{date}</span> : null}
            {item.description ? (
              <span className="ba-card-desc">{truncate(item.description, OFFER_DESCRIPTION_MAX)}</span>
            ) : null}
          </span>
        </button>
      </li>
    );
  };
  const marked = offers.filter((o) => tag?.(o));
  const rest = offers.filter((o) => !tag?.(o));
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || t(kind.titleKey)} page={kind.listPage}>
      {offers.length === 0 && packages.length === 0 ? (
        <Empty text={t(kind.emptyKey)} />
      ) : (
        <ul className="ba-list">
          {marked.map((o) => entry(o, tag?.(o), kind.detailsPage))}
          {packages.map((p) => entry(p, t("offers.package"), "packageDetails"))}
          {rest.map((o) => entry(o, undefined, kind.detailsPage))}
        </ul>
      )}
    </Screen>
  );
}

/** The detail screen: image, title, date text, full description, then the kind's own actions. */
export function OfferDetail<T extends Offer>({
  offer,
  kind,
  actions,
  tag,
}: {
  offer: T | undefined;
  kind: OfferKind;
  actions: (offer: T) => ReactNode;
  /** Drawn above the title (a personalized special's 'Just for you'). */
  tag?: string;
}) {
  const ctx = useView();
  const { t } = ctx;
  if (!offer)
    return (
      <Screen title={t(kind.titleKey)} page={kind.detailsPage}>
        <Empty text={t(kind.emptyKey)} />
      </Screen>
    );
  const image = safeImage(offer.image);
  const date = offerDate(ctx, offer);
  return (
    <Screen title={offer.title} page={kind.detailsPage}>
      <article className="ba-detail">
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        {tag ? <p className="ba-tag">{tag}</p> : null}
        <h3 className="ba-detail-title">{offer.title}</h3>
        {date ? <p className="ba-detail-date">{date}</p> : null}
        {offer.description ? <p className="ba-detail-desc">{offer.description}</p> : null}
        <div className="ba-actions">{actions(offer)}</div>
      </article>
    </Screen>
  );
}
