import { Type } from "@sinclair/typebox";
import { icon, image } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { stampCount } from "../numbers.ts";
import { sized } from "../text.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** spec §9: default hyperlink text. */
export const DEFAULT_LINK_TEXT = "Learn More";

/** Loyalty stamp card (spec §3: headerTitle, description, link, linkText, image, stampNumber, stampIcon, code). */
export const loyalty = defineFeature({
  type: "Loyalty",
  label: "Loyalty card",
  pageName: FEATURE_PAGE_NAMES.Loyalty,
  analyticsPage: FEATURE_ANALYTICS_PAGES.Loyalty,
  properties: {
    description: Type.Optional(sized("extraMessage", { title: "Description" })),
    link: Type.Optional(url({ title: "Link" })),
    linkText: Type.Optional(sized("shortName", { title: "Link text", default: DEFAULT_LINK_TEXT })),
    image: Type.Optional(image()),
    stampNumber: stampCount({ title: "Number of stamps" }),
    stampIcon: Type.Optional(icon("Stamp icon")),
    code: sized("loyaltyCode", { required: true, title: "Code" }),
  },
  uiSchema: {
    description: { "ui:widget": "textarea" },
    image: { "ui:widget": "image" },
    stampIcon: { "ui:widget": "icon" },
  },
  defaults: () => ({ title: "Loyalty", stampNumber: 10, code: "", linkText: DEFAULT_LINK_TEXT }),
});
