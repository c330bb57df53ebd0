import { type Static, Type } from "@sinclair/typebox";
import { color, icon, image } from "./common.ts";
import { text } from "./text.ts";

/** Where promo titles put the app's name; core/promo.ts fills it in. */
export const APP_NAME_PLACEHOLDER = "{appName}";

export const PromoItem = Type.Object(
  {
    icon: Type.Optional(icon()),
    title: text(2, 60, { required: true, title: "Title" }),
    subtitle: Type.Optional(text(2, 140, { title: "Subtitle" })),
  },
  { additionalProperties: false },
);
export type PromoItem = Static<typeof PromoItem>;

/** The public promo page's content (spec §3: title, items, colours, bottomLogo). */
export const Promo = Type.Object(
  {
    title: text(2, 100, { required: true, title: "Title" }),
    items: Type.Array(PromoItem, { title: "Items", default: [] }),
    backgroundColor: Type.Optional(color("Background colour")),
    titleColor: Type.Optional(color("Title colour")),
    iconColor: Type.Optional(color("Icon colour")),
    bottomLogo: Type.Optional(image("Bottom logo")),
  },
  { additionalProperties: false, title: "Promo page" },
);
export type Promo = Static<typeof Promo>;

/** The five default sets, keyed as the spec names them (spec §3). */
export const PROMO_DOMAINS = ["car", "Truck", "Powersport", "Equipment", "Trailer"] as const;
export type PromoDomain = (typeof PROMO_DOMAINS)[number];

const item = (icon: string, title: string, subtitle: string): PromoItem => ({ icon, title, subtitle });
const service = item("service", "Service", "Schedule service and see your repair history");
const specials = item("specials", "Service & Parts Specials", "Save with exclusive mobile coupons");
const roadside = item("roadside", "Roadside Assistance", "Help is one tap away, day or night");
const glovebox = item("glovebox", "Mobile Glovebox", "Keep your documents and vehicles with you");
const finance = item("finance", "Finance", "Explore financing options and payments");
const sales = item("sales", "Sales Promotions", "Be first to hear about sales events");
const orderParts = item("parts", "Order Parts", "Request parts and get them ready for pickup");
const merchandise = item("merchandise", "Parts & Merchandise", "Shop parts, gear and accessories");
const leasing = item("leasing", "Leasing & Rentals", "Lease or rent when you need more");

const title = `Download the ${APP_NAME_PLACEHOLDER} app`;

/** Default promo content per domain: six items each, the title with the app-name placeholder (spec §3). */
export const PROMO_DEFAULTS: Record<PromoDomain, Promo> = {
  car: { title, items: [service, sales, finance, specials, roadside, glovebox] },
  Truck: { title, items: [service, orderParts, specials, roadside, leasing, glovebox] },
  Powersport: { title, items: [service, sales, finance, merchandise, specials, glovebox] },
  Equipment: { title, items: [service, orderParts, merchandise, leasing, finance, specials] },
  Trailer: { title, items: [service, orderParts, merchandise, leasing, sales, roadside] },
};
