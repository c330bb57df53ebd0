import { type Static, Type } from "@sinclair/typebox";
import { uuid } from "./common.ts";
import { OfferAppUser } from "./redemptions.ts";

/** The most contacts (or app users) one bulk call or one assignment list may carry. */
export const PERSONALIZED_BULK_MAX_ROWS = 5000;

/** A personalized special: one offer assigned to one app user (spec §4: shown only to that user). */
export const PersonalizedSpecial = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    offerId: Type.String({ format: "uuid" }),
    offerTitle: Type.String(),
    appUser: OfferAppUser,
    createdAt: Type.String({ format: "date-time" }),
    /** When the user redeemed it; absent while it is still open. */
    redeemedAt: Type.Optional(Type.String({ format: "date-time" })),
  },
  {
    title: "Personalized special",
    examples: [
      {
        id: "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910",
        offerId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        offerTitle: "Free oil change",
        appUser: { id: "2b0f4c7e-8d5a-4f1e-9c3b-6a7d8e9f0a1b", name: "Dana Doe", email: "dana@example.com" },
        createdAt: "2026-05-01T15:30:00.000Z",
      },
    ],
  },
);
export type PersonalizedSpecial = Static<typeof PersonalizedSpecial>;

/** GET /apps/{appId}/personalized-specials?offerId=&appUserId= */
export const PersonalizedSpecialQuery = Type.Object(
  { offerId: Type.Optional(uuid()), appUserId: Type.Optional(uuid()) },
  { additionalProperties: false },
);
export type PersonalizedSpecialQuery = Static<typeof PersonalizedSpecialQuery>;

/** PUT /apps/{appId}/personalized-specials: the offer's assignment list becomes exactly these app users. */
export const PersonalizedSpecialAssign = Type.Object(
  {
    offerId: uuid({ title: "Special" }),
    appUserIds: Type.Array(uuid(), { title: "App users", maxItems: PERSONALIZED_BULK_MAX_ROWS }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        offerId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        appUserIds: ["2b0f4c7e-8d5a-4f1e-9c3b-6a7d8e9f0a1b"],
      },
    ],
  },
);
export type PersonalizedSpecialAssign = Static<typeof PersonalizedSpecialAssign>;

/**
 * POST /apps/{appId}/personalized-specials/bulk: one e-mail or phone per line, or a CSV whose e-mail/phone
 * column (found by its header) or else first column holds them.
 */
export const PersonalizedSpecialBulk = Type.Object(
  {
    offerId: uuid({ title: "Special" }),
    contacts: Type.String({ title: "E-mails or phones", maxLength: 1_000_000 }),
  },
  {
    additionalProperties: false,
    examples: [
      { offerId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", contacts: "dana@example.com\n+1 555 010 2030" },
      { offerId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", contacts: "Name,Email\nDana Doe,dana@example.com" },
    ],
  },
);
export type PersonalizedSpecialBulk = Static<typeof PersonalizedSpecialBulk>;

/** What a bulk call did: new assignments, contacts already assigned, and the rows it could not use. */
export const PersonalizedSpecialBulkResult = Type.Object(
  {
    added: Type.Integer(),
    existing: Type.Integer(),
    errors: Type.Array(Type.Object({ row: Type.Integer(), value: Type.String(), message: Type.String() })),
  },
  {
    examples: [
      {
        added: 2,
        existing: 1,
        errors: [{ row: 4, value: "nobody@example.com", message: "No app user with this e-mail or phone" }],
      },
    ],
  },
);
export type PersonalizedSpecialBulkResult = Static<typeof PersonalizedSpecialBulkResult>;
