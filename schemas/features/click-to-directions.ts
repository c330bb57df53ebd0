import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { latitude, longitude } from "../numbers.ts";
import { sized } from "../text.ts";
import { defineFeature } from "./base.ts";

/** Directions: an embedded maps view for the address (spec §2). */
export const clickToDirections = defineFeature({
  type: "ClickToDirections",
  label: "Directions",
  pageName: FEATURE_PAGE_NAMES.ClickToDirections,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ClickToDirections,
  properties: {
    address: sized("address", { required: true, title: "Address" }),
    latitude: Type.Optional(latitude()),
    longitude: Type.Optional(longitude()),
  },
  defaults: () => ({ title: "Directions", address: "" }),
});
