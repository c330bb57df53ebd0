import { type Static, Type } from "@sinclair/typebox";
import { icon, image, stringEnum } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { phone } from "../phone.ts";
import { email, sized } from "../text.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** Contact method types (spec §2 labels: Call, Message, Email, Open, Address; see core/contact.ts). */
export const CONTACT_METHOD_TYPES = [
  "PhoneNumber",
  "MobileNumber",
  "Texting",
  "Email",
  "Website",
  "Link",
  "Address",
] as const;

const whenType = (types: string[], value: object) => ({
  if: { properties: { type: { enum: types } }, required: ["type"] },
  then: { properties: { value } },
});

/** A contact method (spec §3: type, value, displayName, icon, extras with ext); its value checked by type. */
export const ContactMethod = Type.Object(
  {
    type: stringEnum(CONTACT_METHOD_TYPES, { title: "Type" }),
    value: Type.Optional(Type.String({ title: "Value" })),
    displayName: Type.Optional(sized("longName", { title: "Display name" })),
    icon: Type.Optional(icon()),
    extras: Type.Optional(
      Type.Object(
        { ext: Type.Optional(Type.String({ title: "Extension", maxLength: 10 })) },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    allOf: [
      whenType(["PhoneNumber", "MobileNumber", "Texting"], phone()),
      whenType(["Email"], email()),
      whenType(["Website", "Link"], url()),
      whenType(["Address"], sized("address")),
    ],
  },
);
export type ContactMethod = Static<typeof ContactMethod>;

/** A contact group (spec §3: name, image, methods). */
export const ContactGroup = Type.Object(
  {
    name: sized("name", { required: true, title: "Name" }),
    image: Type.Optional(image()),
    methods: Type.Array(ContactMethod, { title: "Methods", default: [] }),
  },
  { additionalProperties: false },
);
export type ContactGroup = Static<typeof ContactGroup>;

/** Contact us: logo, name, website and address rows, then the groups (spec §2). */
export const contactUs = defineFeature({
  type: "ContactUs",
  label: "Contact us",
  pageName: FEATURE_PAGE_NAMES.ContactUs,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ContactUs,
  properties: {
    address: Type.Optional(sized("address", { title: "Address" })),
    groups: Type.Optional(Type.Array(ContactGroup, { title: "Contact groups" })),
  },
  uiSchema: {
    groups: {
      items: { image: { "ui:widget": "image" }, methods: { items: { icon: { "ui:widget": "icon" } } } },
    },
  },
  defaults: () => ({ title: "Contact Us", groups: [] }),
});
