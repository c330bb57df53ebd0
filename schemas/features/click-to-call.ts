import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { phone } from "../phone.ts";
import { defineFeature } from "./base.ts";

/** Click-to-call: 'Calling {number}' with Cancel (spec §2). */
export const clickToCall = defineFeature({
  type: "ClickToCall",
  label: "Click to call",
  pageName: FEATURE_PAGE_NAMES.ClickToCall,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ClickToCall,
  properties: { phone: phone({ required: true, title: "Phone number" }) },
  uiSchema: { phone: { "ui:placeholder": "(555) 555-5555" } },
  defaults: () => ({ title: "Call Us", phone: "" }),
});
