import { type Static, Type } from "@sinclair/typebox";
import { color, stringEnum } from "./common.ts";
import { LAYOUTS, THEME_DEFAULTS } from "./constants/theme.ts";

export { LAYOUTS, type Layout, THEME_DEFAULTS } from "./constants/theme.ts";

/** The app's theme (spec §3), with the spec's defaults filled in by ajv when a save leaves them out. */
export const Theme = Type.Object(
  {
    layout: stringEnum(LAYOUTS, { title: "Layout", default: THEME_DEFAULTS.layout }),
    iconColor: Type.Optional(color("Icon colour")),
    titleColor: Type.Optional(color("Title colour")),
    textColor: Type.Optional(color("Text colour")),
    backgroundColor: Type.Optional(color("Background colour")),
    headerBackgroundColor: Type.Optional(color("Header background colour")),
    headerTitleColor: Type.Optional(color("Header title colour")),
    iconBackgroundColor: Type.Optional(color("Icon background colour")),
    iconBorderRadius: Type.Number({
      title: "Icon border radius",
      minimum: 0,
      maximum: 100,
      default: THEME_DEFAULTS.iconBorderRadius,
    }),
    rowFeatureCount: Type.Integer({
      title: "Features per row",
      minimum: 1,
      maximum: 12,
      default: THEME_DEFAULTS.rowFeatureCount,
    }),
    rowFeatureTextSize: Type.Number({
      title: "Feature text size",
      minimum: 6,
      maximum: 40,
      default: THEME_DEFAULTS.rowFeatureTextSize,
    }),
  },
  { additionalProperties: false, title: "Theme" },
);
export type Theme = Static<typeof Theme>;

export const themeUiSchema = Object.fromEntries(
  Object.keys(Theme.properties)
    .filter((k) => k.endsWith("Color"))
    .map((k) => [k, { "ui:widget": "color" }]),
);
