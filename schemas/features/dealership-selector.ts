import { type Static, Type } from "@sinclair/typebox";
import { atLeast } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { phone } from "../phone.ts";
import { sized } from "../text.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** One rooftop the end user can pick; `appId` switches to that dealership's own app when it has one. */
export const Dealership = Type.Object(
  {
    name: sized("longName", { required: true, title: "Name" }),
    address: Type.Optional(sized("address", { title: "Address" })),
    phone: Type.Optional(phone({ title: "Phone" })),
    website: Type.Optional(url({ title: "Website" })),
    appId: Type.Optional(Type.String({ title: "App", maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type Dealership = Static<typeof Dealership>;

export const dealershipSelector = defineFeature({
  type: "DealershipSelector",
  label: "Dealership selector",
  pageName: FEATURE_PAGE_NAMES.DealershipSelector,
  analyticsPage: FEATURE_ANALYTICS_PAGES.DealershipSelector,
  properties: { dealerships: atLeast(1, Dealership, { title: "Dealerships" }) },
  defaults: () => ({ title: "Locations", dealerships: [] }),
});
