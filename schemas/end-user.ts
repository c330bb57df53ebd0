import { type Static, Type } from "@sinclair/typebox";
import { date } from "./common.ts";
import { phone } from "./phone.ts";
import { email, sized } from "./text.ts";

/**
 * The embedded end user's profile (spec §3). Verification flags are set by the server only, so the
 * editable form (EndUserProfileUpdate) leaves them out.
 */
const editable = {
  name: Type.Optional(sized("longName", { title: "Full Name" })),
  company: Type.Optional(sized("longName", { title: "Company" })),
  phone: Type.Optional(phone({ title: "Phone" })),
  email: Type.Optional(email({ title: "Email" })),
  dateOfBirth: Type.Optional(date({ title: "Date" })),
  address: Type.Optional(sized("address", { title: "Address" })),
};

export const EndUserProfileUpdate = Type.Object(editable, { additionalProperties: false });
export type EndUserProfileUpdate = Static<typeof EndUserProfileUpdate>;

export const EndUserProfile = Type.Object(
  {
    ...editable,
    emailVerified: Type.Optional(Type.Boolean()),
    phoneVerified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: "Profile" },
);
export type EndUserProfile = Static<typeof EndUserProfile>;
