import { type Static, Type } from "@sinclair/typebox";
import { image, uuid } from "./common.ts";
import { phone } from "./phone.ts";
import { email, sized } from "./text.ts";

/**
 * A staff member of the app's staff directory (spec §7 staff-members). The spec names no fields; these are
 * what a directory entry and the tally by staff member need.
 */
export const StaffMember = Type.Object(
  {
    id: Type.Optional(uuid()),
    name: sized("longName", { required: true, title: "Name" }),
    title: Type.Optional(sized("longName", { title: "Position" })),
    email: Type.Optional(email({ title: "Email" })),
    phone: Type.Optional(phone({ title: "Phone" })),
    image: Type.Optional(image("Photo")),
    locations: Type.Optional(Type.Array(Type.String(), { title: "Locations" })),
    /** The member preselected for new customers (toggle-default). */
    isDefault: Type.Optional(Type.Boolean({ title: "Default" })),
  },
  { additionalProperties: false, title: "Staff member" },
);
export type StaffMember = Static<typeof StaffMember>;
