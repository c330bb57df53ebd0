import type { Db } from "../db/connect.ts";
import { leads } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";
import type { Limits } from "../services/limits.ts";
import type { Mailer } from "../services/mail.ts";
import type { Sms } from "../services/sms.ts";
import { inertAppName, normalizeIdentifier } from "./mobile-auth.ts";
import { MobileError } from "./mobile-errors.ts";
import { offerInApp } from "./redemptions.ts";

/**
 * Send Offer's limits (issue 17): one signed-in customer, one address and one app each have an hourly
 * budget, counted in the shared counters (app.limits) so every API node sees the same numbers. A send
 * that a limit refuses is not counted against the others' budgets after it.
 */
export const SEND_OFFER_LIMITS = {
  windowMs: 3_600_000,
  perUser: 10,
  perAddress: 3,
  perApp: 200,
} as const;

/** 'Please Provide Your Information' (spec §2): Name, Phone, Email, optional Comments, about one offer. */
export interface OfferLeadInput {
  name: string;
  phone: string;
  email: string;
  comments?: string;
  userId?: string;
}

/** A lead about an offer of this app (source "offer"), listed with the offer's title in the console. */
export async function createOfferLead(db: Db, appId: string, offerId: string, input: OfferLeadInput) {
  const offer = await offerInApp(db, appId, offerId);
  if (!offer) throw new ApiError("OfferNotFound");
  const errors = (["name", "phone", "email"] as const)
    .filter((k) => !input[k]?.trim())
    .map((k) => ({
      path: `/${k}`,
      message: `${k === "name" ? "Name" : k === "phone" ? "Phone" : "Email"} is required`,
    }));
  if (errors.length) throw new ApiError("Validation", errors[0].message, errors);
  const [row] = await db
    .insert(leads)
    .values({
      appId,
      source: "offer",
      offerId: offer.id,
      userId: input.userId ?? null,
      name: input.name.trim(),
      phone: input.phone.trim(),
      email: input.email.trim(),
      comments: input.comments?.trim() || null,
    })
    .returning({ id: leads.id });
  return { id: row.id };
}

export interface SendOfferDeps {
  mailer: Mailer;
  sms: Sms;
  limits: Limits;
}

/**
 * The message of a sent offer: the offer's title and the app's name made inert (no links, no control
 * characters, as a sign-in code's app name: anyone can create an app and name its offers), and the portal's
 * own address on this server, where the offer is shown.
 */
export function offerMessage(appName: string, title: string, link: string) {
  const app = inertAppName(appName);
  const offer = inertAppName(title);
  return {
    subject: `A special offer${app ? ` from “${app}”` : ""}: “${offer}”`,
    text: `“${offer}”${app ? ` from “${app}”` : ""}. See it and redeem it at ${link}`,
  };
}

/**
 * Send Offer (spec §2): the offer to a phone by text or to an e-mail address, by a signed-in customer, within
 * the hourly limits per customer, per address and per app.
 */
export async function sendOffer(
  db: Db,
  deps: SendOfferDeps,
  input: { appId: string; appName: string; userId: string; offerId: string; origin: string },
  to: { channel: "email" | "sms"; address: string },
) {
  const offer = await offerInApp(db, input.appId, input.offerId);
  if (!offer || offer.personalized) throw new ApiError("OfferNotFound");
  const id = normalizeIdentifier(to.channel === "sms" ? { phone: to.address } : { email: to.address });
  const { windowMs, perUser, perAddress, perApp } = SEND_OFFER_LIMITS;
  const over = async (key: string, max: number) => (await deps.limits.hit(key, windowMs)).hits > max;
  if (await over(`portal-send:user:${input.userId}`, perUser)) throw new ApiError("OfferSendLimit");
  if (await over(`portal-send:to:${id.channel}:${id.value}`, perAddress))
    throw new ApiError("OfferSendLimit");
  if (await over(`portal-send:app:${input.appId}`, perApp)) throw new ApiError("OfferSendLimit");
  const link = `${input.origin}/portal/${input.appId}#${offer.kind === "coupon" ? "coupons" : "promotions"}`;
  const { subject, text } = offerMessage(input.appName, offer.title, link);
  if (id.channel === "email") await deps.mailer.send({ to: id.value, subject, text });
  else
    await deps.sms.send({ to: id.value, text }).catch(() => {
      throw new MobileError("SmsFailed");
    });
  return { sent: true as const };
}
