import { type Static, Type } from "@sinclair/typebox";
import { dateTime, uuid } from "./common.ts";
import { phone } from "./phone.ts";
import { email, sized } from "./text.ts";

/** 'Please Provide Your Information': Name, Phone, Email, optional Comments (spec §2). */
export const LeadInput = Type.Object(
  {
    name: sized("longName", { required: true, title: "Name" }),
    phone: phone({ required: true, title: "Phone" }),
    email: email({ required: true, title: "Email" }),
    comments: Type.Optional(sized("message1000", { title: "Comments" })),
    /** What the lead asked about: a special, a promotion or a feature. */
    couponId: Type.Optional(Type.String({ maxLength: 100 })),
    eventId: Type.Optional(Type.String({ maxLength: 100 })),
    featureId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false, title: "Lead" },
);
export type LeadInput = Static<typeof LeadInput>;

/** A stored lead as GET /apps/{id}/leads lists it. */
export const Lead = Type.Object({
  ...LeadInput.properties,
  id: uuid(),
  appId: Type.String(),
  userId: Type.Optional(Type.String()),
  created: dateTime(),
});
export type Lead = Static<typeof Lead>;
