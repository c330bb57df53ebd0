import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** Book your service: the dealer's online scheduler, opened like a web link. */
export const brandedBookYourService = defineFeature({
  type: "BrandedBookYourService",
  label: "Book your service",
  pageName: FEATURE_PAGE_NAMES.BrandedBookYourService,
  analyticsPage: FEATURE_ANALYTICS_PAGES.BrandedBookYourService,
  properties: { link: url({ required: true, title: "Scheduler link" }) },
  defaults: () => ({ title: "Book Service", link: "" }),
});
