import { type Static, Type } from "@sinclair/typebox";
import { dateTime, image, uuid } from "./common.ts";
import { sized } from "./text.ts";
import { url } from "./url.ts";

const offerProperties = {
  id: uuid({ title: "Id" }),
  title: sized("longName", { required: true, title: "Title" }),
  description: Type.Optional(sized("message1000", { title: "Description" })),
  image: Type.Optional(image()),
  from: Type.Optional(dateTime({ title: "From" })),
  to: Type.Optional(dateTime({ title: "To" })),
  /** Personalized coupons go to chosen users only and are never listed (core/timeframe.ts). */
  personalized: Type.Optional(Type.Boolean({ title: "Personalized" })),
  hideDates: Type.Optional(Type.Boolean({ title: "Hide dates" })),
  /** Apps of a multi-app group that show it. */
  apps: Type.Optional(Type.Array(Type.String(), { title: "Apps" })),
  /** Catalog category (core/catalog.ts: Restaurant apps offer only Restaurants). */
  category: Type.Optional(Type.String({ title: "Category", maxLength: 100 })),
};

/** A coupon (spec §3: id, title, description, image, from, to, personalized, hideDates, apps). */
export const Coupon = Type.Object(offerProperties, { additionalProperties: false, title: "Coupon" });
export type Coupon = Static<typeof Coupon>;

/** An event (promotion): a coupon's fields plus a link, shown as 'More Info' (spec §2, §3). */
export const Event = Type.Object(
  { ...offerProperties, link: Type.Optional(url({ title: "More Info link" })) },
  { additionalProperties: false, title: "Event" },
);
export type Event = Static<typeof Event>;

export const offerUiSchema = {
  id: { "ui:widget": "hidden" },
  image: { "ui:widget": "image" },
  description: { "ui:widget": "textarea" },
};
