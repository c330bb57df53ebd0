import { uuid } from "../common.ts";
import { defineFeature } from "./base.ts";

/** A second entry for another feature of the app (route name click-to-feature, spec §2). */
export const clickToReference = defineFeature({
  type: "ClickToReference",
  label: "Link to a feature",
  pageName: "click-to-feature",
  analyticsPage: "home",
  properties: { featureId: uuid({ title: "Feature" }) },
  uiSchema: { featureId: { "ui:widget": "feature" } },
  defaults: () => ({ title: "More" }),
});
