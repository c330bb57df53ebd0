import { Type } from "@sinclair/typebox";
import { defineFeature } from "./base.ts";

/** Coupons: the app's coupons (definition.coupons), 'No Coupons' when none is visible (spec §2). */
export const coupons = defineFeature({
  type: "Coupons",
  label: "Coupons",
  pageName: "coupons",
  analyticsPage: "coupons",
  properties: {
    category: Type.Optional(Type.String({ title: "Category", maxLength: 100 })),
  },
  defaults: () => ({ title: "Specials" }),
});
