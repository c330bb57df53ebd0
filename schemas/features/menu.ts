import { type Static, Type } from "@sinclair/typebox";
import { atLeast, uuid } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { defineFeature } from "./base.ts";

/** A menu entry: another feature, optionally hidden from the main list (spec §3, core/menu.ts). */
export const MenuItem = Type.Object(
  {
    featureId: uuid({ title: "Feature" }),
    hideFromFeatures: Type.Optional(Type.Boolean({ title: "Hide from features" })),
  },
  { additionalProperties: false },
);
export type MenuItem = Static<typeof MenuItem>;

export const menu = defineFeature({
  type: "Menu",
  label: "Menu",
  pageName: FEATURE_PAGE_NAMES.Menu,
  analyticsPage: FEATURE_ANALYTICS_PAGES.Menu,
  properties: { items: atLeast(1, MenuItem, { title: "Items" }) },
  uiSchema: { items: { items: { featureId: { "ui:widget": "feature" } } } },
  defaults: () => ({ title: "Menu", items: [] }),
});
