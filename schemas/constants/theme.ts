/** Home screen layouts (spec §2). */
export const LAYOUTS = ["SingleRow", "Tiles", "CoverOnly", "LogoAndCover"] as const;
export type Layout = (typeof LAYOUTS)[number];

/** spec §9: row feature count default 5, row text size 11. */
export const THEME_DEFAULTS = {
  layout: "CoverOnly",
  iconBorderRadius: 0,
  rowFeatureCount: 5,
  rowFeatureTextSize: 11,
} as const satisfies { layout: Layout } & Record<string, unknown>;
