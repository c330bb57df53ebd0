import { type Static, Type } from "@sinclair/typebox";
import { atLeast, stringEnum } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { emailList, sized, text } from "../text.ts";
import { defineFeature } from "./base.ts";

/** Custom form field types; Select and Recipient are dropdowns (spec §3). */
export const FORM_FIELD_TYPES = [
  "Text",
  "TextArea",
  "Email",
  "Phone",
  "Number",
  "Date",
  "Checkbox",
  "Select",
  "Recipient",
] as const;

const whenType = (types: string[], then: object) => ({
  if: { properties: { type: { enum: types } }, required: ["type"] },
  then,
});

/**
 * A custom form field (spec §3: name, description, type, long, options, values). Select and Recipient need
 * two non-blank options; a Recipient's values are the e-mail behind each option (spec §5).
 */
export const FormField = Type.Object(
  {
    name: text(2, 120, { required: true, title: "Name" }),
    description: Type.Optional(text(2, 400, { title: "Description" })),
    type: stringEnum(FORM_FIELD_TYPES, { title: "Type", default: "Text" }),
    long: Type.Optional(Type.Boolean({ title: "Long" })),
    options: Type.Optional(Type.Array(Type.String(), { title: "Options" })),
    values: Type.Optional(Type.Array(Type.String(), { title: "Recipient e-mails" })),
  },
  {
    additionalProperties: false,
    allOf: [
      whenType(["Select", "Recipient"], {
        required: ["options"],
        properties: { options: { minNonBlank: 2 } },
      }),
      whenType(["Recipient"], { required: ["values"], recipientEmails: true }),
    ],
  },
);
export type FormField = Static<typeof FormField>;

/** Custom form: fields by type, then the submit button with custom text or 'Submit' (spec §2). */
export const form = defineFeature({
  type: "Form",
  label: "Custom form",
  pageName: FEATURE_PAGE_NAMES.Form,
  analyticsPage: FEATURE_ANALYTICS_PAGES.Form,
  properties: {
    fields: atLeast(2, FormField, { title: "Fields" }),
    submitText: Type.Optional(sized("shortName", { title: "Submit button text" })),
    recipients: Type.Optional(emailList({ title: "Send submissions to" })),
  },
  defaults: () => ({
    title: "Contact Form",
    fields: [
      { name: "Name", type: "Text" },
      { name: "Email", type: "Email" },
    ],
  }),
});
