import { type Static, Type } from "@sinclair/typebox";

/** Which parts of the end user's profile the app asks for (spec §3 profileConfig). */
export const ProfileConfig = Type.Object(
  {
    vehicles: Type.Optional(Type.Boolean({ title: "Vehicles" })),
    company: Type.Optional(Type.Boolean({ title: "Company" })),
    phone: Type.Optional(Type.Boolean({ title: "Phone" })),
    employees: Type.Optional(Type.Boolean({ title: "Employees" })),
    locationsSelectorDisable: Type.Optional(Type.Boolean({ title: "Hide the locations selector" })),
  },
  { additionalProperties: false, title: "Profile" },
);
export type ProfileConfig = Static<typeof ProfileConfig>;
