import type { Instant } from "./time.ts";
import { isWithinTimeframe, type TimeframeLike } from "./timeframe.ts";

interface FeatureLike {
  id: string;
  type: string;
  hide?: boolean;
  timeframe?: TimeframeLike;
  items?: { featureId: string; hideFromFeatures?: boolean }[];
}

/** Ids of features a Menu hides from the main list (spec §3 hideFromFeatures). */
export function featuresHiddenByMenus(features: FeatureLike[]): Set<string> {
  const hidden = new Set<string>();
  for (const f of features)
    if (f.type === "Menu")
      for (const item of f.items ?? []) if (item.hideFromFeatures) hidden.add(item.featureId);
  return hidden;
}

/**
 * The features an end user sees in the app's list (spec §3): pop-ups and features hidden by menus are
 * filtered out, as are features switched off (`hide`) and, when `now` is given, those outside their
 * timeframe.
 */
export function listedFeatures<F extends FeatureLike>(features: F[], now?: Instant): F[] {
  const hiddenByMenus = featuresHiddenByMenus(features);
  return features.filter(
    (f) =>
      f.type !== "PopUp" &&
      !f.hide &&
      !hiddenByMenus.has(f.id) &&
      (now === undefined || isWithinTimeframe(f.timeframe, now)),
  );
}

/** The pop-ups to show when the app opens: not switched off, within their timeframe. */
export const activePopUps = <F extends FeatureLike>(features: F[], now: Instant): F[] =>
  features.filter((f) => f.type === "PopUp" && !f.hide && isWithinTimeframe(f.timeframe, now));

/** The features a Menu shows, in its order (missing references skipped). */
export function menuFeatures<F extends FeatureLike>(menu: FeatureLike, features: F[]): F[] {
  const byId = new Map(features.map((f) => [f.id, f]));
  return (menu.items ?? []).flatMap((item) => {
    const f = byId.get(item.featureId);
    return f ? [f] : [];
  });
}

/** Row layout (spec §4, §9): features beyond the row count go to the 'More' overflow. */
export function splitOverflow<F>(features: F[], rowFeatureCount = 5): { row: F[]; overflow: F[] } {
  return { row: features.slice(0, rowFeatureCount), overflow: features.slice(rowFeatureCount) };
}
