import type { AnyFeature, Route } from "../types.ts";

export type NotificationTarget = { route: Route } | { link: string } | null;

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Where a notification's path leads (a push's Link, a geofence's call to action): a web address opens as a
 * link; `coupon:{id}`, `event:{id}` and `feature:{id}` (also as `coupons/{id}`, `/events/{id}`,
 * `features/{id}`), or a bare id of one of the app's features, coupons or events, open that screen of the
 * app. Anything else leads nowhere (null), so the inbox only marks it opened.
 */
export function notificationTarget(
  path: string | null | undefined,
  app: { features: AnyFeature[]; coupons?: { id: string }[]; events?: { id: string }[] },
): NotificationTarget {
  const p = path?.trim();
  if (!p) return null;
  if (/^(https?:)?\/\//i.test(p) || /^www\./i.test(p)) return { link: p.startsWith("//") ? `https:${p}` : p };
  const m = /^\/?(coupons?|events?|features?)[:/]([^/?#]+)\/?$/i.exec(p);
  const kind = m?.[1].toLowerCase().replace(/s$/, "");
  const id = m ? decodeURIComponent(m[2]) : p;
  if (!ID.test(id)) return null;
  const isFeature = app.features.some((f) => f.id === id);
  const isCoupon = app.coupons?.some((c) => c.id === id);
  const isEvent = app.events?.some((e) => e.id === id);
  const couponsFeature = app.features.find((f) => f.type === "Coupons")?.id;
  if ((kind === "coupon" || (!kind && isCoupon)) && isCoupon)
    return {
      route: { page: "couponDetails", itemId: id, ...(couponsFeature ? { featureId: couponsFeature } : {}) },
    };
  if ((kind === "event" || (!kind && isEvent)) && isEvent)
    return { route: { page: "eventDetails", itemId: id } };
  if ((kind === "feature" || !kind) && isFeature) return { route: { page: "feature", featureId: id } };
  return null;
}
