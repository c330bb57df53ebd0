import { THEME_DEFAULTS, type Theme } from "../schemas/theme.ts";

/** The theme a renderer uses: the app's theme over the spec's defaults (layout CoverOnly, radius 0, ...). */
export const resolveTheme = (theme: Partial<Theme> | null | undefined): Theme => ({
  ...THEME_DEFAULTS,
  ...theme,
});
