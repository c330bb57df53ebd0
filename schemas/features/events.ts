import { defineFeature } from "./base.ts";

/** Events (promotions): the app's events, 'No Promotions' when none is visible (spec §2). */
export const events = defineFeature({
  type: "Events",
  label: "Promotions",
  pageName: "events",
  analyticsPage: "events",
  properties: {},
  defaults: () => ({ title: "Promotions" }),
});
