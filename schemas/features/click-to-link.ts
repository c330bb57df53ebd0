import { Type } from "@sinclair/typebox";
import { stringEnum } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/**
 * The integrated screens a ClickToLink opens; each is also its widget page id (spec §2), which is why the
 * editor route is click-to-link/{meta}.
 */
export const LINK_METAS = [
  "glovebox",
  "tca_contracts",
  "i360",
  "utp",
  "inventory",
  "inventory_favorites",
  "roadside_assistance",
  "uptime_pro",
] as const;

export const clickToLink = defineFeature({
  type: "ClickToLink",
  label: "Integrated screen",
  pageName: FEATURE_PAGE_NAMES.ClickToLink,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ClickToLink,
  properties: {
    meta: stringEnum(LINK_METAS, { title: "Screen" }),
    link: Type.Optional(url({ title: "Link" })),
  },
  uiSchema: {
    meta: {
      "ui:enumNames": [
        "Mobile Glovebox",
        "Contracts",
        "i360",
        "UTP",
        "Inventory",
        "Inventory favorites",
        "Roadside Assistance",
        "Uptime Pro",
      ],
    },
  },
  defaults: () => ({ title: "Glovebox", meta: "glovebox" }),
});
