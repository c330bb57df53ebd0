import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { dateTime, uuid } from "./common.ts";
import { Coupon, Event } from "./coupon.ts";
import { messages } from "./messages.ts";
import { sized } from "./text.ts";

/**
 * Coupons (specials) and events (promotions) as records of their own (issue 12): the console edits them
 * through /apps/{appId}/coupons and /apps/{appId}/events; the widget still reads them in its app payload.
 */

/** Where an offer stands by its dates (spec §4): before `from`, between the dates, after `to`. */
export const OfferStatus = Type.Union(
  [Type.Literal("Planned"), Type.Literal("Active"), Type.Literal("Expired")],
  {
    description:
      "Planned before `from`, Active between the dates (a missing date is open), Expired after `to`.",
  },
);
export type OfferStatus = Static<typeof OfferStatus>;

const { id: _id, apps: _apps, ...couponFields } = Coupon.properties;

const appIds = Type.Array(uuid(), {
  maxItems: 200,
  title: "Apps",
  description:
    "The apps that show it. Creating defaults to the app of the path, which is always included; every app named must be one where the caller may edit coupons (else 403 Forbidden). Links to apps the caller cannot edit are kept as they are.",
});

const inputFields = {
  ...couponFields,
  apps: Type.Optional(appIds),
  oncePerUser: Type.Optional(
    Type.Boolean({
      title: "Once per user",
      description: "Each app user may redeem it once (the default); false allows repeated redemptions.",
    }),
  ),
};

const inputOptions = (title: string) => ({
  additionalProperties: false,
  title,
  errorMessage: { required: { title: messages.required } },
});

/** POST and PUT /apps/{appId}/coupons[/{id}]: a coupon's fields without its id. */
export const CouponInput = Type.Object(inputFields, inputOptions("CouponInput"));
export type CouponInput = Static<typeof CouponInput>;

/** POST and PUT /apps/{appId}/events[/{id}]: a coupon's fields plus the 'More Info' link. */
export const EventInput = Type.Object(
  { ...inputFields, link: Event.properties.link },
  inputOptions("EventInput"),
);
export type EventInput = Static<typeof EventInput>;

const recordFields = {
  id: uuid({ title: "Id" }),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  from: Type.Optional(Type.String({ format: "date-time" })),
  to: Type.Optional(Type.String({ format: "date-time" })),
  personalized: Type.Boolean({ description: "Shown only to the app users it is assigned to (spec §4)." }),
  hideDates: Type.Boolean(),
  category: Type.Optional(Type.String()),
  apps: Type.Array(Type.String(), {
    description:
      "The apps that show it, as far as the caller can see them (apps with a role, or all for Admins).",
  }),
  oncePerUser: Type.Boolean(),
  status: OfferStatus,
  redemptions: Type.Integer({ minimum: 0, description: "How many times it was redeemed in this app." }),
  ownerAppId: Type.String({
    description:
      "The app it was created in: deleting it there deletes it everywhere; elsewhere only unlinks it.",
  }),
};

/** A coupon as the console lists it: its fields, where it runs, its status and redemption count. */
export const CouponRecord = Type.Object(recordFields, {
  title: "CouponRecord",
  examples: [
    {
      id: "2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b01",
      title: "$25 off any oil change",
      description: "Show this coupon to your service advisor.",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-12-31T23:59:59.000Z",
      personalized: false,
      hideDates: false,
      apps: ["7d2f0f0e-5a0b-4c1e-9d3a-1b2c3d4e5f60"],
      oncePerUser: true,
      status: "Active",
      redemptions: 12,
      ownerAppId: "7d2f0f0e-5a0b-4c1e-9d3a-1b2c3d4e5f60",
    },
  ],
});
export type CouponRecord = Static<typeof CouponRecord>;

/** An event (promotion) as the console lists it: a coupon record plus its link. */
export const EventRecord = Type.Object(
  { ...recordFields, link: Type.Optional(Type.String()) },
  { title: "EventRecord" },
);
export type EventRecord = Static<typeof EventRecord>;

/** PUT /apps/{appId}/coupons/order (and events, special-packages): the new order of the whole list. */
export const OrderInput = Type.Object(
  {
    order: Type.Array(Type.String({ maxLength: 100 }), {
      maxItems: 5000,
      description: "Every id of the app's list exactly once, first shown first.",
    }),
  },
  { additionalProperties: false, errorMessage: { required: { order: messages.required } } },
);
export type OrderInput = Static<typeof OrderInput>;

const packageFields = {
  title: sized("longName", {
    required: true,
    title: "Title",
    description: "The package's name, shown as the offer's title (2 to 64 characters).",
  }),
  description: Type.Optional(
    sized("message1000", {
      title: "Description",
      description: "What the package offers (5 to 1000 characters).",
    }),
  ),
  image: Type.Optional(
    Type.String({
      title: "Image",
      maxLength: 2000,
      description: "An uploaded image (/api/images/...) or an absolute URL.",
    }),
  ),
  from: Type.Optional(
    dateTime({ title: "From", description: "Shown from this instant on; none: from now." }),
  ),
  to: Type.Optional(dateTime({ title: "To", description: "Shown until this instant; none: with no end." })),
  couponIds: Type.Array(uuid(), {
    maxItems: 100,
    title: "Specials",
    description: "The coupons it bundles, in the order shown; each must be a coupon of this app, named once.",
  }),
};

/** POST and PUT /apps/{appId}/special-packages[/{id}]. */
export const SpecialPackageInput = Type.Object(packageFields, {
  additionalProperties: false,
  title: "SpecialPackageInput",
  errorMessage: { required: { title: messages.required, couponIds: messages.required } },
});
export type SpecialPackageInput = Static<typeof SpecialPackageInput>;

/** A special package: several coupons of one app shown as one offer, with its own title, image and dates. */
export const SpecialPackage = Type.Object(
  {
    id: uuid({ title: "Id" }),
    title: Type.String({ description: "The package's name (2 to 64 characters)." }),
    description: Type.Optional(
      Type.String({ description: "What the package offers (5 to 1000 characters)." }),
    ),
    image: Type.Optional(
      Type.String({ description: "An uploaded image (/api/images/...) or an absolute URL." }),
    ),
    from: Type.Optional(Type.String({ format: "date-time", description: "Shown from this instant on." })),
    to: Type.Optional(Type.String({ format: "date-time", description: "Shown until this instant." })),
    couponIds: Type.Array(Type.String(), {
      description: "The coupons it bundles, in the order shown (coupons of this app).",
    }),
    status: OfferStatus,
  },
  {
    title: "SpecialPackage",
    examples: [
      {
        id: "5c3e7a10-2b4d-4f6a-8c9e-0a1b2c3d4e5f",
        title: "Winter care package",
        description: "An oil change and a tire rotation at one price.",
        from: "2026-12-01T00:00:00.000Z",
        to: "2027-02-28T23:59:59.000Z",
        couponIds: ["2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b01", "2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b02"],
        status: "Planned",
      },
    ],
  },
);
export type SpecialPackage = Static<typeof SpecialPackage>;

/** The schemas of an offer kind, for the one plugin that serves both. */
export const offerSchemas: Record<"coupons" | "events", { input: TSchema; record: TSchema }> = {
  coupons: { input: CouponInput, record: CouponRecord },
  events: { input: EventInput, record: EventRecord },
};
