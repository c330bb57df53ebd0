import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { email, sized } from "../text.ts";
import { defineFeature } from "./base.ts";

/** Click-to-email: read-only From, To, Subject, Message with Send and Cancel (spec §2). */
export const clickToEmail = defineFeature({
  type: "ClickToEmail",
  label: "Click to email",
  pageName: FEATURE_PAGE_NAMES.ClickToEmail,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ClickToEmail,
  properties: {
    email: email({ required: true, title: "To" }),
    subject: Type.Optional(sized("extraLongName", { title: "Subject" })),
    message: Type.Optional(sized("message2000", { title: "Message" })),
  },
  uiSchema: { message: { "ui:widget": "textarea" } },
  defaults: () => ({ title: "Email Us", email: "" }),
});
