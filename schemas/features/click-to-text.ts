import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { phone } from "../phone.ts";
import { sized } from "../text.ts";
import { defineFeature } from "./base.ts";

/** Texting: the number as title, a sample bubble and a read-only input (spec §2). */
export const clickToText = defineFeature({
  type: "ClickToText",
  label: "Texting",
  pageName: FEATURE_PAGE_NAMES.ClickToText,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ClickToText,
  properties: {
    phone: phone({ required: true, title: "Phone number" }),
    message: Type.Optional(sized("message", { title: "Message" })),
  },
  defaults: () => ({ title: "Text Us", phone: "" }),
});
