import { type Static, Type } from "@sinclair/typebox";
import { uuid } from "./common.ts";
import { LOYALTY_CODE_INPUT_MAX } from "./constants/limits.ts";
import { messages } from "./messages.ts";

/**
 * Stamp cards of the Loyalty feature (issue 12 item 5): a signed-in end user enters the counter code and
 * gets a stamp; staff can add one from the console. Every stamp is logged with who and how.
 */

/** How a stamp was given: the counter code in the widget, or a staff member in the console. */
export const StampMethod = Type.Union([Type.Literal("code"), Type.Literal("staff")]);
export type StampMethod = Static<typeof StampMethod>;

/** One stamp on a card. `staffEmail` is shown in the console only, never to end users. */
export const LoyaltyStampLogItem = Type.Object({
  id: Type.String({ format: "uuid" }),
  method: StampMethod,
  staffEmail: Type.Optional(Type.String()),
  createdAt: Type.String({ format: "date-time" }),
});
export type LoyaltyStampLogItem = Static<typeof LoyaltyStampLogItem>;

/**
 * A stamp card. `stampNumber` is the feature's count when the card started; a full card has `completedAt`
 * and the next stamp starts a new card. Lists are newest first.
 */
export const LoyaltyCard = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    featureId: Type.String(),
    featureTitle: Type.String(),
    appUserId: Type.String({ format: "uuid" }),
    stamps: Type.Integer({ minimum: 0 }),
    stampNumber: Type.Integer({ minimum: 1 }),
    completedAt: Type.Optional(Type.String({ format: "date-time" })),
    createdAt: Type.String({ format: "date-time" }),
    log: Type.Array(LoyaltyStampLogItem),
  },
  {
    examples: [
      {
        id: "0b7d2f7e-3c1a-4f5e-9d2b-7a6c5e4d3c21",
        featureId: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a05",
        featureTitle: "Loyalty",
        appUserId: "5a4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c",
        stamps: 2,
        stampNumber: 8,
        createdAt: "2026-11-20T15:04:05.000Z",
        log: [
          {
            id: "7c6b5a4f-3e2d-4c1b-8a9f-8e7d6c5b4a39",
            method: "staff",
            createdAt: "2026-11-21T10:00:00.000Z",
          },
          {
            id: "1c2b3a4f-5e6d-4c7b-8a9f-0e1d2c3b4a58",
            method: "code",
            createdAt: "2026-11-20T15:04:05.000Z",
          },
        ],
      },
    ],
  },
);
export type LoyaltyCard = Static<typeof LoyaltyCard>;

/** The answer to a stamp: the card after it, whether this stamp filled it, and then the feature's reward. */
export const StampResult = Type.Object({
  card: LoyaltyCard,
  completed: Type.Boolean(),
  reward: Type.Optional(Type.String()),
});
export type StampResult = Static<typeof StampResult>;

/** Widget: POST /mobile/users/{userId}/loyalty-stamps. */
export const MobileStampInput = Type.Object(
  {
    featureId: uuid({ title: "Loyalty feature" }),
    code: Type.String({
      minLength: 1,
      maxLength: LOYALTY_CODE_INPUT_MAX,
      pattern: "\\S",
      errorMessage: {
        type: messages.required,
        minLength: messages.required,
        pattern: messages.required,
        maxLength: messages.max(LOYALTY_CODE_INPUT_MAX),
      },
    }),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { featureId: messages.required, code: messages.required } },
    examples: [{ featureId: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a05", code: "12345" }],
  },
);
export type MobileStampInput = Static<typeof MobileStampInput>;

/** Console: POST /apps/{appId}/loyalty-stamps (staff adds a stamp at the desk). */
export const StaffStampInput = Type.Object(
  {
    appUserId: uuid({ title: "App user" }),
    featureId: uuid({ title: "Loyalty feature" }),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { appUserId: messages.required, featureId: messages.required } },
    examples: [
      {
        appUserId: "5a4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c",
        featureId: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a05",
      },
    ],
  },
);
export type StaffStampInput = Static<typeof StaffStampInput>;

/** One row of GET /apps/{appId}/loyalty-stamps?appUserId= (newest first). */
export const LoyaltyStampEntry = Type.Object({
  id: Type.String({ format: "uuid" }),
  cardId: Type.String({ format: "uuid" }),
  featureId: Type.String(),
  appUserId: Type.String({ format: "uuid" }),
  method: StampMethod,
  staffEmail: Type.Optional(Type.String()),
  createdAt: Type.String({ format: "date-time" }),
});
export type LoyaltyStampEntry = Static<typeof LoyaltyStampEntry>;

/** ?appUserId= of the console's card and stamp lists. */
export const LoyaltyUserQuery = Type.Object(
  { appUserId: uuid({ title: "App user" }) },
  { errorMessage: { required: { appUserId: messages.required } } },
);
export type LoyaltyUserQuery = Static<typeof LoyaltyUserQuery>;

/** POST /apps/{appId}/users/search: the console's pickers find an app user by e-mail, phone or name. */
export const AppUserSearch = Type.Object(
  {
    query: Type.String({
      minLength: 2,
      maxLength: 100,
      pattern: "\\S",
      errorMessage: {
        type: messages.required,
        pattern: messages.required,
        minLength: messages.min(2),
        maxLength: messages.max(100),
      },
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { query: messages.required } },
    examples: [{ query: "smith", limit: 10 }],
  },
);
export type AppUserSearch = Static<typeof AppUserSearch>;

/** An app user as the console's pickers show one. */
export const AppUserHit = Type.Object({
  id: Type.String({ format: "uuid" }),
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
});
export type AppUserHit = Static<typeof AppUserHit>;
