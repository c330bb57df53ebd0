import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { defineFeature } from "./base.ts";

/** Coupons: the app's coupons (definition.coupons), 'No Coupons' when none is visible (spec §2). */
export const coupons = defineFeature({
  type: "Coupons",
  label: "Coupons",
  pageName: FEATURE_PAGE_NAMES.Coupons,
  analyticsPage: FEATURE_ANALYTICS_PAGES.Coupons,
  properties: {
    category: Type.Optional(Type.String({ title: "Category", maxLength: 100 })),
  },
  defaults: () => ({ title: "Specials" }),
});
