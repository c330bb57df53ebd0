import { type Static, Type } from "@sinclair/typebox";
import { image, uuid } from "./common.ts";
import { sized } from "./text.ts";

/** A loyalty program of the loyalty list (spec §3: id, title, description, image). */
export const LoyaltyProgram = Type.Object(
  {
    id: uuid({ title: "Id" }),
    title: sized("longName", { required: true, title: "Title" }),
    description: Type.Optional(sized("extraMessage", { title: "Description" })),
    image: Type.Optional(image()),
  },
  { additionalProperties: false, title: "Loyalty program" },
);
export type LoyaltyProgram = Static<typeof LoyaltyProgram>;
