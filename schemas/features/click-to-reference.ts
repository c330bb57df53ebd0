import { uuid } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { defineFeature } from "./base.ts";

/** A second entry for another feature of the app (route name click-to-feature, spec §2). */
export const clickToReference = defineFeature({
  type: "ClickToReference",
  label: "Link to a feature",
  pageName: FEATURE_PAGE_NAMES.ClickToReference,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ClickToReference,
  properties: { featureId: uuid({ title: "Feature" }) },
  uiSchema: { featureId: { "ui:widget": "feature" } },
  defaults: () => ({ title: "More" }),
});
