import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/**
 * Web link: 'PREVIEW IS NOT AVAILABLE' and 'Open Link In Browser' (spec §2). The link may hold '[$appId]'
 * and '[$location]', replaced by core/web-link.ts.
 */
export const webLink = defineFeature({
  type: "WebLink",
  label: "Web link",
  pageName: FEATURE_PAGE_NAMES.WebLink,
  analyticsPage: FEATURE_ANALYTICS_PAGES.WebLink,
  properties: { link: url({ required: true, title: "Link" }) },
  uiSchema: { link: { "ui:placeholder": "https://" } },
  defaults: () => ({ title: "Website", link: "" }),
});
