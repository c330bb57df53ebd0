import { Type } from "@sinclair/typebox";
import { atLeast } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { defineFeature } from "./base.ts";

/** Lets the end user pick their manufacturer's app among presets (schemas/manufacturer-app.ts). */
export const brandedOemAppSelect = defineFeature({
  type: "BrandedOemAppSelect",
  label: "Manufacturer apps",
  pageName: FEATURE_PAGE_NAMES.BrandedOemAppSelect,
  analyticsPage: FEATURE_ANALYTICS_PAGES.BrandedOemAppSelect,
  properties: {
    presets: atLeast(1, Type.String({ title: "Manufacturer app", minLength: 1 }), {
      title: "Manufacturer apps",
    }),
  },
  defaults: () => ({ title: "Brand Apps", presets: [] }),
});
