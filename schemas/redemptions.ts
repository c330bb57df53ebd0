import { type Static, Type } from "@sinclair/typebox";
import { stringEnum, uuid } from "./common.ts";
import { Coupon } from "./coupon.ts";

/** Where a redemption was recorded: the widget, the customer portal, or the console by staff at the desk. */
export const redemptionChannels = ["widget", "portal", "console"] as const;
export const RedemptionChannel = stringEnum(redemptionChannels, { title: "Channel" });
export type RedemptionChannel = Static<typeof RedemptionChannel>;

/** An app user as the console's offer pages show one: who redeemed, who a personalized special is for. */
export const OfferAppUser = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
  },
  {
    title: "App user",
    examples: [{ id: "2b0f4c7e-8d5a-4f1e-9c3b-6a7d8e9f0a1b", name: "Dana Doe", email: "dana@example.com" }],
  },
);
export type OfferAppUser = Static<typeof OfferAppUser>;

/** A location id of the app (spec §3 locations); free text so the console can name any desk. */
const locationId = Type.String({ title: "Location", minLength: 1, maxLength: 100 });

/** One redemption: who redeemed which offer, when, where and through which channel. */
export const Redemption = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    offerId: Type.String({ format: "uuid" }),
    personalizedSpecialId: Type.Optional(Type.String({ format: "uuid" })),
    appUser: OfferAppUser,
    locationId: Type.Optional(Type.String()),
    channel: RedemptionChannel,
    createdAt: Type.String({ format: "date-time" }),
  },
  {
    title: "Redemption",
    examples: [
      {
        id: "5d7c2a10-3b4e-4f6a-8c9d-0e1f2a3b4c5d",
        offerId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
        appUser: { id: "2b0f4c7e-8d5a-4f1e-9c3b-6a7d8e9f0a1b", name: "Dana Doe", email: "dana@example.com" },
        locationId: "main-street",
        channel: "console",
        createdAt: "2026-05-01T15:30:00.000Z",
      },
    ],
  },
);
export type Redemption = Static<typeof Redemption>;

/** POST /apps/{appId}/coupons/{id}/redemptions: staff records a redemption for an app user at the desk. */
export const RedemptionRecordInput = Type.Object(
  { appUserId: uuid({ title: "App user" }), locationId: Type.Optional(locationId) },
  {
    additionalProperties: false,
    examples: [{ appUserId: "2b0f4c7e-8d5a-4f1e-9c3b-6a7d8e9f0a1b", locationId: "main-street" }],
  },
);
export type RedemptionRecordInput = Static<typeof RedemptionRecordInput>;

/** POST /apps/{appId}/personalized-specials/{id}/redemptions: the special names the user already. */
export const PersonalizedRedemptionInput = Type.Object(
  { locationId: Type.Optional(locationId) },
  { additionalProperties: false, examples: [{ locationId: "main-street" }] },
);
export type PersonalizedRedemptionInput = Static<typeof PersonalizedRedemptionInput>;

/** POST /mobile/users/{userId}/redemptions: the signed-in end user redeems a coupon in the widget. */
export const MobileRedemptionInput = Type.Object(
  {
    offerId: uuid({ title: "Special" }),
    personalizedSpecialId: Type.Optional(uuid({ title: "Personalized special" })),
    locationId: Type.Optional(locationId),
  },
  {
    additionalProperties: false,
    examples: [{ offerId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" }],
  },
);
export type MobileRedemptionInput = Static<typeof MobileRedemptionInput>;

export const MobileRedemption = Type.Object({
  id: Type.String({ format: "uuid" }),
  offerId: Type.String({ format: "uuid" }),
  createdAt: Type.String({ format: "date-time" }),
});
export type MobileRedemption = Static<typeof MobileRedemption>;

/** A personalized special as its user sees it: the coupon plus the assignment it came with. */
export const PersonalizedCoupon = Type.Object(
  { ...Coupon.properties, personalizedSpecialId: Type.String({ format: "uuid" }) },
  { title: "Personalized coupon" },
);
export type PersonalizedCoupon = Static<typeof PersonalizedCoupon>;

/**
 * GET /mobile/users/{userId}/offers: the user's own personalized specials (visible now) and the offers they
 * redeemed and may not redeem again.
 */
export const MobileOffers = Type.Object(
  { personalized: Type.Array(PersonalizedCoupon), redeemed: Type.Array(Type.String({ format: "uuid" })) },
  {
    examples: [
      {
        personalized: [
          {
            id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
            title: "Free oil change for Dana",
            personalized: true,
            personalizedSpecialId: "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910",
          },
        ],
        redeemed: ["9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"],
      },
    ],
  },
);
export type MobileOffers = Static<typeof MobileOffers>;
