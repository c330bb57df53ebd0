import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { endUsers } from "../db/schema-mobile.ts";
import { endUserNotifications, pushNotifications, pushOccurrences } from "../db/schema-push.ts";
import { ApiError } from "../errors.ts";
import { userOfToken } from "./mobile-auth.ts";
import { MobileError } from "./mobile-errors.ts";

/** The most inbox entries one list answer carries (newest first). */
export const INBOX_LIMIT = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface InboxItem {
  id: string;
  message: string;
  path: string | null;
  createdAt: string;
  read: boolean;
  opened: boolean;
}

/** The app of X-App must exist and run (spec §4: Inactive is discontinued). */
export async function liveApp(db: Db, appId: string): Promise<void> {
  if (!UUID.test(appId)) throw new ApiError("AppNotFound");
  const [row] = await db.select({ status: apps.status }).from(apps).where(eq(apps.id, appId));
  if (!row) throw new ApiError("AppNotFound");
  if (row.status === "Inactive") throw new ApiError("AppDiscontinued");
}

/**
 * Who may use `{userId}`'s inbox in the app of X-App, as the other widget user calls decide: a user the app
 * knows (an end_users row: someone who signed in) needs the bearer token of their own session in this app;
 * an anonymous install id, which only its browser holds, reads its own inbox without one. A token sent
 * anyway must prove that very user. Rows are always filtered by app and user, so nothing crosses either.
 */
export async function inboxOwner(db: Db, appId: string, userId: string, bearer: string | undefined) {
  await liveApp(db, appId);
  if (bearer) {
    const user = await userOfToken(db, appId, bearer);
    if (user.id !== userId) throw new MobileError("UserTokenInvalid");
    return;
  }
  const [known] = await db
    .select({ id: endUsers.id })
    .from(endUsers)
    .where(and(eq(endUsers.id, userId), eq(endUsers.appId, appId)));
  if (known) throw new MobileError("UserTokenRequired");
}

const mine = (appId: string, userId: string) =>
  and(eq(endUserNotifications.appId, appId), eq(endUserNotifications.userId, userId));

/** The user's inbox in one app: newest first, at most INBOX_LIMIT, and how many of all are unread. */
export async function listInbox(
  db: Db,
  appId: string,
  userId: string,
): Promise<{ items: InboxItem[]; unread: number }> {
  // A push that shares a coupon or an event (spec §2) leads to it when it has no link of its own.
  const rows = await db
    .select({
      id: endUserNotifications.id,
      message: endUserNotifications.message,
      path: sql<
        string | null
      >`coalesce(${endUserNotifications.path}, 'coupon:' || ${pushNotifications.shareCoupon}::text, 'event:' || ${pushNotifications.shareEvent}::text)`,
      createdAt: endUserNotifications.createdAt,
      readAt: endUserNotifications.readAt,
      openedAt: endUserNotifications.openedAt,
    })
    .from(endUserNotifications)
    .leftJoin(pushOccurrences, eq(pushOccurrences.id, endUserNotifications.occurrenceId))
    .leftJoin(pushNotifications, eq(pushNotifications.id, pushOccurrences.pushId))
    .where(mine(appId, userId))
    .orderBy(desc(endUserNotifications.createdAt), desc(endUserNotifications.id))
    .limit(INBOX_LIMIT);
  const [{ unread }] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(endUserNotifications)
    .where(and(mine(appId, userId), isNull(endUserNotifications.readAt)));
  return {
    items: rows.map((r) => ({
      id: r.id,
      message: r.message,
      path: r.path,
      createdAt: new Date(r.createdAt).toISOString(),
      read: r.readAt !== null,
      opened: r.openedAt !== null,
    })),
    unread: Number(unread),
  };
}

/** 404 unless the entry is this user's in this app (another user's or app's id is as unknown as a random one). */
async function ownEntry(db: Db, appId: string, userId: string, id: string) {
  if (!UUID.test(id)) throw new ApiError("NotificationNotFound");
  const [row] = await db
    .select({ id: endUserNotifications.id })
    .from(endUserNotifications)
    .where(and(mine(appId, userId), eq(endUserNotifications.id, id)));
  if (!row) throw new ApiError("NotificationNotFound");
}

/**
 * Opened (and so read): the first open adds one to its push occurrence's `opened`; opening again changes
 * nothing. The conditional UPDATE makes concurrent opens count once.
 */
export async function markOpened(db: Db, appId: string, userId: string, id: string): Promise<void> {
  await ownEntry(db, appId, userId, id);
  await db.transaction(async (tx) => {
    const [first] = await tx
      .update(endUserNotifications)
      .set({ openedAt: sql`now()`, readAt: sql`coalesce(${endUserNotifications.readAt}, now())` })
      .where(and(mine(appId, userId), eq(endUserNotifications.id, id), isNull(endUserNotifications.openedAt)))
      .returning({ occurrenceId: endUserNotifications.occurrenceId });
    if (first?.occurrenceId)
      await tx
        .update(pushOccurrences)
        .set({ opened: sql`${pushOccurrences.opened} + 1` })
        .where(eq(pushOccurrences.id, first.occurrenceId));
  });
}

/** Every unread entry of the user in this app becomes read; answers how many changed. */
export async function markAllRead(db: Db, appId: string, userId: string): Promise<{ read: number }> {
  const rows = await db
    .update(endUserNotifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(appId, userId), isNull(endUserNotifications.readAt)))
    .returning({ id: endUserNotifications.id });
  return { read: rows.length };
}

/** The service worker's receipt: the first one adds one to its push occurrence's `delivered`. */
export async function markDelivered(db: Db, appId: string, userId: string, id: string): Promise<void> {
  await ownEntry(db, appId, userId, id);
  await db.transaction(async (tx) => {
    const [first] = await tx
      .update(endUserNotifications)
      .set({ deliveredAt: sql`now()` })
      .where(
        and(mine(appId, userId), eq(endUserNotifications.id, id), isNull(endUserNotifications.deliveredAt)),
      )
      .returning({ occurrenceId: endUserNotifications.occurrenceId });
    if (first?.occurrenceId)
      await tx
        .update(pushOccurrences)
        .set({ delivered: sql`${pushOccurrences.delivered} + 1` })
        .where(eq(pushOccurrences.id, first.occurrenceId));
  });
}
