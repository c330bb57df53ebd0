import type { IconCategory } from "../schemas/icon-bank.ts";

/** The marker in an icon's name that means "draw in full colour, no tint" (spec §3). */
export const COLORFUL_MARKER = "[colorful]";
export const isColorfulIcon = (icon: string | null | undefined): boolean => !!icon?.includes(COLORFUL_MARKER);

/** Icon category renames (spec §9). */
export const ICON_CATEGORY_RENAMES: Readonly<Record<string, string>> = {
  Events: "Promotions",
  Hospitality: "Hospitality and Retail",
};
/** Categories never offered (spec §9). */
export const HIDDEN_ICON_CATEGORIES: ReadonlySet<string> = new Set(["Fitness", "Food & Drink", "Retail"]);

export const iconCategoryName = (category: string): string => ICON_CATEGORY_RENAMES[category] ?? category;

/**
 * The categories the icon picker offers (spec §6, §9): hidden ones removed, admin-only ones for Admins only,
 * automotive ones not for Restaurant apps, and the renames applied.
 */
export function visibleIconCategories(
  categories: IconCategory[],
  opts: { domainType?: string; isAdmin?: boolean } = {},
): IconCategory[] {
  return categories
    .filter((c) => !HIDDEN_ICON_CATEGORIES.has(c.category))
    .filter((c) => opts.isAdmin || !c.adminOnly)
    .filter((c) => opts.domainType !== "Restaurant" || !c.automotive)
    .map((c) => ({ ...c, category: iconCategoryName(c.category) }));
}
