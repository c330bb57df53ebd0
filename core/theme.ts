import { THEME_DEFAULTS } from "../schemas/constants/theme.ts";
import type { Theme } from "../schemas/theme.ts";

/** The theme a renderer uses: the app's theme over the spec's defaults (layout CoverOnly, radius 0, ...). */
export const resolveTheme = (theme: Partial<Theme> | null | undefined): Theme => ({
  ...THEME_DEFAULTS,
  ...theme,
});
