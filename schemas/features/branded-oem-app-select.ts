import { Type } from "@sinclair/typebox";
import { atLeast } from "../common.ts";
import { defineFeature } from "./base.ts";

/** Lets the end user pick their manufacturer's app among presets (schemas/manufacturer-app.ts). */
export const brandedOemAppSelect = defineFeature({
  type: "BrandedOemAppSelect",
  label: "Manufacturer apps",
  pageName: "branded-oem-app-select",
  analyticsPage: "home",
  properties: {
    presets: atLeast(1, Type.String({ title: "Manufacturer app", minLength: 1 }), {
      title: "Manufacturer apps",
    }),
  },
  defaults: () => ({ title: "Brand Apps", presets: [] }),
});
