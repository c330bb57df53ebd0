import { Type } from "@sinclair/typebox";
import { phone } from "../phone.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** Roadside assistance: call the brand's roadside line, or open its page. */
export const brandedRoadsideAssistance = defineFeature({
  type: "BrandedRoadsideAssistance",
  label: "Roadside assistance",
  pageName: "branded-roadside-assistance",
  analyticsPage: "roadside_assistance",
  properties: {
    phone: phone({ required: true, title: "Roadside phone number" }),
    link: Type.Optional(url({ title: "Link" })),
  },
  defaults: () => ({ title: "Roadside", phone: "" }),
});
