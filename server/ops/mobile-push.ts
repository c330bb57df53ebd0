import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { pushSubscriptions } from "../db/schema-mobile.ts";
import { MobileError } from "./mobile-errors.ts";

export interface Subscribe3 {
  userId: string;
  platform: string;
  token?: string;
}

/** Subscriptions one user id keeps in one app (browsers and devices); a newer one replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Keeps one subscription per app and token; subscribing again moves it to the latest user (a browser that
 * signed in as someone else). Without a token the spec's fallback built from the user id is stored. Each
 * user id keeps its MAX_SUBSCRIPTIONS_PER_USER most recent subscriptions in the app, so an anonymous
 * caller cannot grow one user's list without end.
 */
export async function subscribe(db: Db, appId: string, input: Subscribe3) {
  const token = input.token?.trim() || `web-${input.userId}`;
  if (!input.userId.trim()) throw new MobileError("PushTokenRequired");
  return db.transaction(async (tx) => {
    // One user's subscriptions change one at a time, so the trim below sees every newer row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${appId}:${input.userId}`}))`);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ appId, userId: input.userId, platform: input.platform, token })
      .onConflictDoUpdate({
        target: [pushSubscriptions.appId, pushSubscriptions.token],
        set: { userId: input.userId, platform: input.platform, updatedAt: sql`now()` },
      })
      .returning({ id: pushSubscriptions.id });
    await tx.execute(sql`
      delete from push_subscriptions
      where app_id = ${appId} and user_id = ${input.userId} and id not in (
        select id from push_subscriptions
        where app_id = ${appId} and user_id = ${input.userId}
        order by (id = ${row.id}) desc, updated_at desc, created_at desc, id desc
        limit ${MAX_SUBSCRIPTIONS_PER_USER}
      )`);
    return { id: row.id };
  });
}
