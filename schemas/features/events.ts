import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { defineFeature } from "./base.ts";

/** Events (promotions): the app's events, 'No Promotions' when none is visible (spec §2). */
export const events = defineFeature({
  type: "Events",
  label: "Promotions",
  pageName: FEATURE_PAGE_NAMES.Events,
  analyticsPage: FEATURE_ANALYTICS_PAGES.Events,
  properties: {},
  defaults: () => ({ title: "Promotions" }),
});
