import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import { toE164 } from "../../core/phone.ts";
import {
  EMAIL_PATTERN,
  messages,
  PERSONALIZED_BULK_MAX_ROWS,
  type PersonalizedSpecial,
  type PersonalizedSpecialAssign,
  type PersonalizedSpecialBulk,
  type PersonalizedSpecialBulkResult,
  type PersonalizedSpecialQuery,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { endUsers } from "../db/schema-mobile.ts";
import { offerApps, offers, personalizedSpecials, redemptions } from "../db/schema-offers.ts";
import { ApiError } from "../errors.ts";
import { type Caller, mayOnApp } from "../permissions.ts";
import { appForCaller } from "./apps.ts";
import { appUserOf, type OfferRow, offerInApp, personalizedSpecialInApp } from "./redemptions.ts";

/** The row message of a contact that names no app user of this app (issue 12 contract). */
export const UNKNOWN_CONTACT = "No app user with this e-mail or phone";

/** Reading assignments shows app users and offers: both reads are needed. */
async function mayRead(db: Db, caller: Caller, appId: string) {
  const access = await appForCaller(db, caller, appId, "coupons.read");
  if (!mayOnApp(caller, access.role, "appUsers.read")) throw new ApiError("Forbidden");
}

/** A personalized coupon of this app: 404 when it is not the app's coupon, 400 when not personalized. */
async function personalizedOffer(db: Db, appId: string, offerId: string): Promise<OfferRow> {
  const offer = await offerInApp(db, appId, offerId);
  if (offer?.kind !== "coupon") throw new ApiError("OfferNotFound");
  if (!offer.personalized) throw new ApiError("OfferNotPersonalized");
  return offer;
}

/** Personalized specials of this app (filtered), newest first, each with when it was redeemed. */
async function specialsWhere(db: Db, appId: string, filter: PersonalizedSpecialQuery) {
  // The first redemption of the offer by its user in this app: a personalized special is redeemed once.
  const redeemedAt = sql<Date | string | null>`(select min(${redemptions.createdAt}) from ${redemptions}
    where ${redemptions.appId} = ${personalizedSpecials.appId}
      and ${redemptions.offerId} = ${personalizedSpecials.offerId}
      and ${redemptions.endUserId} = ${personalizedSpecials.endUserId})`;
  const rows = await db
    .select({ special: personalizedSpecials, offerTitle: offers.title, user: endUsers, redeemedAt })
    .from(personalizedSpecials)
    .innerJoin(offers, eq(offers.id, personalizedSpecials.offerId))
    .innerJoin(offerApps, and(eq(offerApps.offerId, offers.id), eq(offerApps.appId, appId)))
    .innerJoin(endUsers, eq(endUsers.id, personalizedSpecials.endUserId))
    .where(
      and(
        eq(personalizedSpecials.appId, appId),
        filter.offerId ? eq(personalizedSpecials.offerId, filter.offerId) : undefined,
        filter.appUserId ? eq(personalizedSpecials.endUserId, filter.appUserId) : undefined,
      ),
    )
    .orderBy(desc(personalizedSpecials.createdAt), desc(personalizedSpecials.id));
  return rows.map(
    (r): PersonalizedSpecial => ({
      id: r.special.id,
      offerId: r.special.offerId,
      offerTitle: r.offerTitle,
      appUser: appUserOf(r.user),
      createdAt: r.special.createdAt.toISOString(),
      redeemedAt: r.redeemedAt === null ? undefined : new Date(r.redeemedAt).toISOString(),
    }),
  );
}

/** GET /apps/{appId}/personalized-specials?offerId=&appUserId= */
export async function listPersonalizedSpecials(
  db: Db,
  caller: Caller,
  appId: string,
  filter: PersonalizedSpecialQuery,
): Promise<PersonalizedSpecial[]> {
  await mayRead(db, caller, appId);
  return specialsWhere(db, appId, filter);
}

/**
 * PUT /apps/{appId}/personalized-specials: the offer's assignment list becomes exactly these app users
 * (new ones added, missing ones removed, the rest kept with their dates). Every id must be an end user of
 * this app; otherwise nothing changes and each bad entry is named by its path.
 */
export async function assignPersonalizedSpecials(
  db: Db,
  caller: Caller,
  appId: string,
  input: PersonalizedSpecialAssign,
): Promise<PersonalizedSpecial[]> {
  await appForCaller(db, caller, appId, "coupons.write");
  const offer = await personalizedOffer(db, appId, input.offerId);
  const wanted = [...new Set(input.appUserIds.map((id) => id.toLowerCase()))];
  const known = wanted.length
    ? await db
        .select({ id: endUsers.id })
        .from(endUsers)
        .where(and(eq(endUsers.appId, appId), inArray(endUsers.id, wanted)))
    : [];
  const knownIds = new Set(known.map((u) => u.id));
  const details = input.appUserIds
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => !knownIds.has(id.toLowerCase()))
    .map(({ i }) => ({ path: `/appUserIds/${i}`, message: "No app user with this id" }));
  if (details.length) throw new ApiError("Validation", details[0].message, details);
  await db.transaction(async (tx) => {
    await tx
      .delete(personalizedSpecials)
      .where(
        and(
          eq(personalizedSpecials.appId, appId),
          eq(personalizedSpecials.offerId, offer.id),
          wanted.length ? notInArray(personalizedSpecials.endUserId, wanted) : undefined,
        ),
      );
    if (wanted.length)
      await tx
        .insert(personalizedSpecials)
        .values(wanted.map((endUserId) => ({ appId, offerId: offer.id, endUserId, createdBy: caller.id })))
        .onConflictDoNothing();
  });
  return specialsWhere(db, appId, { offerId: offer.id });
}

type Contact = { row: number; value: string; kind: "email" | "phone"; key: string };

const EMAIL = new RegExp(EMAIL_PATTERN);
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z]/g, "");
const emailHeaders = new Set(["email", "emails", "emailaddress", "mail", "correo", "correoelectronico"]);
const phoneHeaders = new Set([
  "phone",
  "phones",
  "phonenumber",
  "mobile",
  "cell",
  "telephone",
  "tel",
  "telefono",
]);

/**
 * The contacts of a bulk text, each with its row (1-based line of the input, a header row included). A
 * first row naming an e-mail or phone column is a header and picks the column(s) (e-mail first, then phone);
 * a first row with neither "@" nor a digit in its first cell is a header of another kind; otherwise every
 * row's first cell is the contact.
 */
export function contactsOf(text: string): {
  contacts: Contact[];
  errors: PersonalizedSpecialBulkResult["errors"];
} {
  const clean = text.replace(/^\uFEFF/, "");
  // Papa guesses the delimiter (",", ";", tab...) only when blank lines are skipped; rows keep their line
  // numbers, so the real parse keeps blank lines and uses the guessed delimiter.
  const { delimiter } = Papa.parse<string[]>(clean, { skipEmptyLines: "greedy", preview: 100 }).meta;
  const rows = Papa.parse<string[]>(clean, { skipEmptyLines: false, delimiter }).data;
  const first = rows[0] ?? [];
  let emailAt = first.findIndex((h) => emailHeaders.has(headerKey(h)));
  const phoneAt = first.findIndex((h) => phoneHeaders.has(headerKey(h)));
  let start = 1;
  if (emailAt < 0 && phoneAt < 0) {
    emailAt = 0;
    const head = (first[0] ?? "").trim();
    if (!head || head.includes("@") || /\d/.test(head) || rows.length < 2) start = 0;
  }
  const contacts: Contact[] = [];
  const errors: PersonalizedSpecialBulkResult["errors"] = [];
  for (let i = start; i < rows.length; i++) {
    const cells = rows[i];
    const value =
      ((emailAt >= 0 ? cells[emailAt]?.trim() : "") || (phoneAt >= 0 ? cells[phoneAt]?.trim() : "")) ?? "";
    if (!value) continue;
    const row = i + 1;
    if (value.includes("@")) {
      if (EMAIL.test(value)) contacts.push({ row, value, kind: "email", key: value.toLowerCase() });
      else errors.push({ row, value, message: messages.email });
    } else {
      const phone = toE164(value);
      if (phone) contacts.push({ row, value, kind: "phone", key: phone });
      else errors.push({ row, value, message: messages.phone });
    }
  }
  return { contacts, errors };
}

/**
 * POST /apps/{appId}/personalized-specials/bulk: assigns the offer to the app users found by verified e-mail
 * (any case) or phone (in E.164, as sign-in stores it). Rows that name no app user, or are no e-mail or
 * phone, are reported by row; a contact already assigned (or repeated in the list) counts as existing.
 */
export async function bulkAddPersonalizedSpecials(
  db: Db,
  caller: Caller,
  appId: string,
  input: PersonalizedSpecialBulk,
): Promise<PersonalizedSpecialBulkResult> {
  await appForCaller(db, caller, appId, "coupons.write");
  const offer = await personalizedOffer(db, appId, input.offerId);
  const { contacts, errors } = contactsOf(input.contacts);
  if (contacts.length + errors.length > PERSONALIZED_BULK_MAX_ROWS) throw new ApiError("ContactsTooMany");
  const emails = [...new Set(contacts.filter((c) => c.kind === "email").map((c) => c.key))];
  const phones = [...new Set(contacts.filter((c) => c.kind === "phone").map((c) => c.key))];
  const byEmail = new Map<string, string>();
  const byPhone = new Map<string, string>();
  if (emails.length)
    for (const u of await db
      .select({ id: endUsers.id, email: endUsers.email })
      .from(endUsers)
      .where(
        and(
          eq(endUsers.appId, appId),
          eq(endUsers.emailVerified, true),
          inArray(sql`lower(${endUsers.email})`, emails),
        ),
      ))
      byEmail.set((u.email ?? "").toLowerCase(), u.id);
  if (phones.length)
    for (const u of await db
      .select({ id: endUsers.id, phone: endUsers.phone })
      .from(endUsers)
      .where(
        and(eq(endUsers.appId, appId), eq(endUsers.phoneVerified, true), inArray(endUsers.phone, phones)),
      ))
      byPhone.set(u.phone ?? "", u.id);
  const found: string[] = [];
  for (const c of contacts) {
    const id = (c.kind === "email" ? byEmail : byPhone).get(c.key);
    if (id) found.push(id);
    else errors.push({ row: c.row, value: c.value, message: UNKNOWN_CONTACT });
  }
  errors.sort((a, b) => a.row - b.row);
  const unique = [...new Set(found)];
  const added = unique.length
    ? await db
        .insert(personalizedSpecials)
        .values(unique.map((endUserId) => ({ appId, offerId: offer.id, endUserId, createdBy: caller.id })))
        .onConflictDoNothing()
        .returning({ id: personalizedSpecials.id })
    : [];
  return { added: added.length, existing: found.length - added.length, errors };
}

/** DELETE /apps/{appId}/personalized-specials/{id}: the user no longer has this special (redemptions stay). */
export async function deletePersonalizedSpecial(db: Db, caller: Caller, appId: string, id: string) {
  await appForCaller(db, caller, appId, "coupons.write");
  const { special } = await personalizedSpecialInApp(db, appId, id);
  await db.delete(personalizedSpecials).where(eq(personalizedSpecials.id, special.id));
}
