import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { phone } from "../phone.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** Roadside assistance: call the brand's roadside line, or open its page. */
export const brandedRoadsideAssistance = defineFeature({
  type: "BrandedRoadsideAssistance",
  label: "Roadside assistance",
  pageName: FEATURE_PAGE_NAMES.BrandedRoadsideAssistance,
  analyticsPage: FEATURE_ANALYTICS_PAGES.BrandedRoadsideAssistance,
  properties: {
    phone: phone({ required: true, title: "Roadside phone number" }),
    link: Type.Optional(url({ title: "Link" })),
  },
  defaults: () => ({ title: "Roadside", phone: "" }),
});
