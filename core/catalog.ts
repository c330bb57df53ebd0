/** Catalog renames for all lists (spec §9). */
const RENAMES: Readonly<Record<string, string>> = { General_Int: "General", Tire_Rotation: "Tires" };
/** Renames only for the events list: 'General' becomes Sale (spec §9). */
const EVENT_RENAMES: Readonly<Record<string, string>> = { General: "Sale" };

export type CatalogKind = "coupons" | "events";

/** The display name of a catalog entry (coupon or event category). */
export function catalogName(name: string, kind: CatalogKind): string {
  const renamed = RENAMES[name] ?? name;
  return kind === "events" ? (EVENT_RENAMES[renamed] ?? renamed) : renamed;
}

/** The one coupon category a Restaurant app is offered (spec §6). */
export const RESTAURANT_COUPON_CATEGORY = "Restaurants";

export interface CatalogEntry {
  name: string;
  adminOnly?: boolean;
}

/**
 * A catalog as a user sees it (spec §6): admin-only entries for Admins only; Restaurant apps get only the
 * Restaurants coupon category; display names renamed.
 */
export function visibleCatalog<E extends CatalogEntry>(
  entries: E[],
  kind: CatalogKind,
  opts: { domainType?: string; isAdmin?: boolean } = {},
): (E & { label: string })[] {
  return entries
    .filter((e) => opts.isAdmin || !e.adminOnly)
    .filter(
      (e) => kind !== "coupons" || opts.domainType !== "Restaurant" || e.name === RESTAURANT_COUPON_CATEGORY,
    )
    .map((e) => ({ ...e, label: catalogName(e.name, kind) }));
}
