import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { emailList, sized } from "../text.ts";
import { defineFeature } from "./base.ts";

/**
 * Email: the end user writes a message that goes to a list of the dealer's addresses. The spec names the
 * type without a page name of its own, so its editor is "email".
 */
export const emailFeature = defineFeature({
  type: "Email",
  label: "Email",
  pageName: FEATURE_PAGE_NAMES.Email,
  analyticsPage: FEATURE_ANALYTICS_PAGES.Email,
  properties: {
    recipients: emailList({ required: true, title: "Recipients", description: "Comma-separated e-mails" }),
    subject: Type.Optional(sized("extraLongName", { title: "Subject" })),
  },
  defaults: () => ({ title: "Email", recipients: "" }),
});
