import { Type } from "@sinclair/typebox";
import { date } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { sized } from "../text.ts";
import { defineFeature } from "./base.ts";

/** Referral: instructions, certificate, 'From' name, description, optional 'Expires' date (spec §2, §3). */
export const referralProgram = defineFeature({
  type: "ReferralProgram",
  label: "Referral",
  pageName: FEATURE_PAGE_NAMES.ReferralProgram,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ReferralProgram,
  properties: {
    programName: sized("longName", { required: true, title: "Program name" }),
    certificateDescription: Type.Optional(sized("message", { title: "Certificate description" })),
    instructions: Type.Optional(sized("longMessage", { title: "Instructions" })),
    expiration: Type.Optional(date({ title: "Expires" })),
  },
  uiSchema: { instructions: { "ui:widget": "textarea" } },
  defaults: () => ({ title: "Refer a Friend", programName: "" }),
});
