import { Type } from "@sinclair/typebox";
import { Coupon, Event, type FieldError, Timeframe } from "../../../schemas/index.ts";
import type { AppUserRef, OfferInput, OfferKind, OfferRecord, OfferStatus } from "./types.ts";

/** The ids in their new order after the item `activeId` is dropped where `overId` was (dnd-kit's arrayMove). */
export function moveId(ids: readonly string[], activeId: string, overId: string): string[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The list in the order of `ids` (items missing from `ids` keep their place at the end). */
export function inOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
}

/**
 * spec §4: an offer is Planned before `from`, Expired after `to` and Active in between (both ends
 * inclusive); a missing end is open, so an offer without dates is always Active.
 */
export function offerStatus(o: { from?: string; to?: string }, now: number): OfferStatus {
  if (o.from && now < Date.parse(o.from)) return "Planned";
  if (o.to && now > Date.parse(o.to)) return "Expired";
  return "Active";
}

/** antd tag colours by status; Active is a solid dark green (the preset green fails WCAG AA contrast). */
export const STATUS_COLOR: Record<OfferStatus, string> = {
  Planned: "blue",
  Active: "#237804",
  Expired: "default",
};

/** What the console calls each kind: coupons are Specials, events are Promotions (spec §2). */
export const KIND_TEXT: Record<OfferKind, { page: string; one: string; path: string }> = {
  coupons: { page: "Specials", one: "special", path: "specials" },
  events: { page: "Promotions", one: "promotion", path: "promotions" },
};

/** The drawer's form: the record's fields with from/to as one timeframe (the console's range picker). */
export interface OfferFormValue {
  title?: string;
  description?: string;
  image?: string;
  timeframe?: { from?: string; to?: string };
  hideDates?: boolean;
  personalized?: boolean;
  oncePerUser?: boolean;
  link?: string;
}

const couponProps = Coupon.properties;
const common = {
  title: couponProps.title,
  description: couponProps.description,
  image: couponProps.image,
  timeframe: Type.Optional({ ...Timeframe, title: "Dates" }),
  hideDates: couponProps.hideDates,
  personalized: couponProps.personalized,
  oncePerUser: Type.Optional(Type.Boolean({ title: "Once per user" })),
};

/** The form schemas, cut from the contract's Coupon and Event (built once so ajv compiles them once). */
export const OFFER_FORM_SCHEMA: Record<OfferKind, object> = {
  coupons: Type.Object(common, { additionalProperties: false }),
  events: Type.Object({ ...common, link: Event.properties.link }, { additionalProperties: false }),
};

export const OFFER_FORM_UI = {
  "ui:order": [
    "title",
    "description",
    "image",
    "timeframe",
    "hideDates",
    "personalized",
    "oncePerUser",
    "link",
  ],
  description: { "ui:widget": "textarea" },
  image: { "ui:widget": "image" },
  hideDates: { "ui:widget": "switch" },
  personalized: { "ui:widget": "switch" },
  oncePerUser: { "ui:widget": "switch" },
};

export function toFormValue(o: Partial<OfferRecord> | null): OfferFormValue {
  // A new offer is redeemed once per user unless the form says otherwise (the server's default too).
  if (!o) return { oncePerUser: true };
  const out: OfferFormValue = {};
  if (o.title !== undefined) out.title = o.title;
  if (o.description) out.description = o.description;
  if (o.image) out.image = o.image;
  if (o.from || o.to) out.timeframe = { ...(o.from ? { from: o.from } : {}), ...(o.to ? { to: o.to } : {}) };
  if (o.hideDates) out.hideDates = true;
  if (o.personalized) out.personalized = true;
  out.oncePerUser = o.oncePerUser !== false;
  if (o.link) out.link = o.link;
  return out;
}

/** The body of a create or update; fields the form leaves empty are not sent. */
export function toInput(kind: OfferKind, v: OfferFormValue, apps: string[]): OfferInput {
  const out: OfferInput = { title: v.title ?? "", apps };
  if (v.description) out.description = v.description;
  if (v.image) out.image = v.image;
  if (v.timeframe?.from) out.from = v.timeframe.from;
  if (v.timeframe?.to) out.to = v.timeframe.to;
  out.hideDates = Boolean(v.hideDates);
  out.personalized = Boolean(v.personalized);
  out.oncePerUser = v.oncePerUser !== false;
  if (kind === "events" && v.link) out.link = v.link;
  return out;
}

/**
 * The server's field errors (`details` of a 400) as errors of the form: paths may be under /body, and
 * from/to live in the form's timeframe. Errors of fields the form does not have are returned apart.
 */
export function serverFieldErrors(details: unknown): { fields: FieldError[]; other: FieldError[] } {
  const fields: FieldError[] = [];
  const other: FieldError[] = [];
  if (!Array.isArray(details)) return { fields, other };
  for (const d of details) {
    if (!d || typeof d.path !== "string" || typeof d.message !== "string") continue;
    const path = d.path.replace(/^\/body(?=\/|$)/, "");
    const [, head] = path.split("/");
    if (head === "from" || head === "to") fields.push({ path: `/timeframe/${head}`, message: d.message });
    else if (
      ["title", "description", "image", "hideDates", "personalized", "oncePerUser", "link"].includes(head)
    )
      fields.push({ path, message: d.message });
    else other.push({ path, message: d.message });
  }
  return { fields, other };
}

/** How a picker and a list name an app user: name, then e-mail, then phone. */
export function userLabel(u: AppUserRef): string {
  const contact = [u.email, u.phone].filter(Boolean).join(", ");
  if (u.name && contact) return `${u.name} (${contact})`;
  return u.name || contact || u.id;
}

/** An ISO date-time as the console shows it. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}
