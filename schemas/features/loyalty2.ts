import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { LoyaltyProgram } from "../loyalty-program.ts";
import { defineFeature } from "./base.ts";

/**
 * The loyalty list (route loyalty-repository): 'No Loyalty Programs' when empty; exactly one program opens
 * directly (spec §2). Points, value and rewards come from the rewards service configured on the app.
 */
export const loyalty2 = defineFeature({
  type: "Loyalty2",
  label: "Loyalty programs",
  pageName: FEATURE_PAGE_NAMES.Loyalty2,
  analyticsPage: FEATURE_ANALYTICS_PAGES.Loyalty2,
  properties: {
    programs: Type.Optional(Type.Array(LoyaltyProgram, { title: "Programs" })),
  },
  uiSchema: {
    programs: {
      items: {
        id: { "ui:widget": "hidden" },
        image: { "ui:widget": "image" },
        description: { "ui:widget": "textarea" },
      },
    },
  },
  defaults: () => ({ title: "Rewards", programs: [] }),
});
