import { and, desc, eq, sql } from "drizzle-orm";
import type { CustomerDetail, CustomerUpdate, Vehicle } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { loyaltyCards, pointsBalances } from "../db/schema-loyalty.ts";
import { endUserSessions, endUsers, formData, leads, pushSubscriptions } from "../db/schema-mobile.ts";
import { offers, redemptions } from "../db/schema-offers.ts";
import { endUserNotifications } from "../db/schema-push.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID } from "./apps.ts";
import { endUserView, setVehicles, updateEndUser } from "./mobile-users.ts";

/** How many of each list (redemptions, cards, leads, notifications) the customer page shows. */
export const CUSTOMER_LIST_LIMIT = 20;

type EndUserRow = typeof endUsers.$inferSelect;

/** This app's end user `userId`, or 404: an id of another app's user is unknown here. */
async function appUser(db: Db, appId: string, userId: string): Promise<EndUserRow> {
  if (!UUID.test(userId)) throw new ApiError("AppUserNotFound");
  const [user] = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.id, userId), eq(endUsers.appId, appId)));
  if (!user) throw new ApiError("AppUserNotFound");
  return user;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything about one customer for the console's customer page (appUsers.read), latest 20 of each list. */
export async function getCustomer(
  db: Db,
  caller: Caller,
  appId: string,
  userId: string,
): Promise<CustomerDetail> {
  const { row: app } = await appForCaller(db, caller, appId, "appUsers.read");
  const user = await appUser(db, appId, userId);
  return customerDetail(db, app.definition, user);
}

async function customerDetail(db: Db, definition: unknown, user: EndUserRow): Promise<CustomerDetail> {
  const appId = user.appId;
  const [view, signedIn, push, redeemed, cards, balance, leadRows, notes] = await Promise.all([
    endUserView(db, user),
    db
      .select({ at: sql<Date | string | null>`max(${endUserSessions.createdAt})` })
      .from(endUserSessions)
      .where(eq(endUserSessions.endUserId, user.id)),
    db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.appId, appId), eq(pushSubscriptions.userId, user.id)))
      .limit(1),
    db
      .select({ r: redemptions, title: offers.title })
      .from(redemptions)
      .innerJoin(offers, eq(offers.id, redemptions.offerId))
      .where(and(eq(redemptions.appId, appId), eq(redemptions.endUserId, user.id)))
      .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
      .limit(CUSTOMER_LIST_LIMIT),
    db
      .select()
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.appId, appId), eq(loyaltyCards.endUserId, user.id)))
      .orderBy(desc(loyaltyCards.createdAt), desc(loyaltyCards.id))
      .limit(CUSTOMER_LIST_LIMIT),
    db
      .select({ balance: pointsBalances.balance })
      .from(pointsBalances)
      .where(and(eq(pointsBalances.appId, appId), eq(pointsBalances.endUserId, user.id))),
    db
      .select({
        lead: leads,
        offerTitle: offers.title,
        formTitle: formData.title,
        featureId: formData.featureId,
      })
      .from(leads)
      .leftJoin(offers, eq(offers.id, leads.offerId))
      .leftJoin(formData, eq(formData.id, leads.formDataId))
      .where(and(eq(leads.appId, appId), eq(leads.userId, user.id)))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(CUSTOMER_LIST_LIMIT),
    db
      .select()
      .from(endUserNotifications)
      .where(and(eq(endUserNotifications.appId, appId), eq(endUserNotifications.userId, user.id)))
      .orderBy(desc(endUserNotifications.createdAt), desc(endUserNotifications.id))
      .limit(CUSTOMER_LIST_LIMIT),
  ]);
  const titles = new Map(
    (((definition as { features?: unknown[] })?.features ?? []) as { id?: unknown; title?: unknown }[]).map(
      (f) => [String(f.id), typeof f.title === "string" && f.title.trim() ? f.title : "Loyalty card"],
    ),
  );
  const lastSignIn = signedIn[0]?.at;
  return {
    id: user.id,
    name: user.name,
    company: user.company,
    phone: user.phone,
    email: user.email,
    dateOfBirth: user.dateOfBirth,
    address: user.address,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    vehicles: view.vehicles,
    staffMemberId: user.staffMemberId,
    hasPush: push.length > 0,
    createdAt: user.createdAt.toISOString(),
    signedInAt: lastSignIn ? new Date(lastSignIn).toISOString() : null,
    redemptions: redeemed.map(({ r, title }) => ({
      id: r.id,
      offerId: r.offerId,
      title,
      channel: r.channel,
      locationId: r.locationId,
      createdAt: r.createdAt.toISOString(),
    })),
    loyalty: {
      cards: cards.map((c) => ({
        id: c.id,
        featureId: c.featureId,
        programTitle: titles.get(c.featureId) ?? "Loyalty card",
        stamps: c.stamps,
        required: c.stampNumber,
        completedAt: iso(c.completedAt),
      })),
      points: { balance: balance[0]?.balance ?? 0 },
    },
    leads: leadRows.map(({ lead, offerTitle, formTitle, featureId }) => ({
      id: lead.id,
      source: lead.source,
      comments: lead.comments,
      createdAt: lead.createdAt.toISOString(),
      ...(lead.offerId && offerTitle !== null ? { offer: { id: lead.offerId, title: offerTitle } } : {}),
      ...(lead.formDataId && featureId !== null
        ? { form: { id: lead.formDataId, title: formTitle ?? "Form" } }
        : {}),
    })),
    notifications: notes.map((n) => ({
      id: n.id,
      message: n.message,
      path: n.path,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
      opened: n.openedAt !== null,
    })),
  };
}

/**
 * Saves a customer's profile from the console (appUsers.edit), by the widget's own rules: the phone in E.164,
 * and a changed e-mail or phone loses its verified flag.
 */
export async function updateCustomer(
  db: Db,
  caller: Caller,
  appId: string,
  userId: string,
  input: CustomerUpdate,
): Promise<CustomerDetail> {
  const { row: app } = await appForCaller(db, caller, appId, "appUsers.edit");
  const user = await appUser(db, appId, userId);
  await updateEndUser(db, user, input);
  return customerDetail(db, app.definition, await appUser(db, appId, userId));
}

/** Replaces a customer's vehicles with this list, in order (appUsers.edit). */
export async function setCustomerVehicles(
  db: Db,
  caller: Caller,
  appId: string,
  userId: string,
  vehicles: Vehicle[],
): Promise<Vehicle[]> {
  await appForCaller(db, caller, appId, "appUsers.edit");
  const user = await appUser(db, appId, userId);
  return setVehicles(db, user, vehicles);
}
