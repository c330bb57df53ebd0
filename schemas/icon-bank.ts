import { type Static, Type } from "@sinclair/typebox";

/**
 * A category of the icon bank (spec §3: a category and its icons). `automotive` marks the categories a
 * Restaurant app does not offer, and `adminOnly` those only Admins see (core/icons.ts).
 */
export const IconCategory = Type.Object(
  {
    category: Type.String({ minLength: 1, maxLength: 100 }),
    icons: Type.Array(Type.String({ minLength: 1, maxLength: 500 })),
    automotive: Type.Optional(Type.Boolean()),
    adminOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type IconCategory = Static<typeof IconCategory>;

export const IconBank = Type.Object(
  { categories: Type.Array(IconCategory) },
  { additionalProperties: false },
);
export type IconBank = Static<typeof IconBank>;
