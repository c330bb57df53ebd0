import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { pushSubscriptions } from "../db/schema-mobile.ts";
import { MobileError } from "./mobile-errors.ts";

export interface Subscribe3 {
  userId: string;
  platform: string;
  token?: string;
}

/**
 * Keeps one subscription per app and token; subscribing again moves it to the latest user (a browser that
 * signed in as someone else). Without a token the spec's fallback built from the user id is stored.
 */
export async function subscribe(db: Db, appId: string, input: Subscribe3) {
  const token = input.token?.trim() || `web-${input.userId}`;
  if (!input.userId.trim()) throw new MobileError("PushTokenRequired");
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ appId, userId: input.userId, platform: input.platform, token })
    .onConflictDoUpdate({
      target: [pushSubscriptions.appId, pushSubscriptions.token],
      set: { userId: input.userId, platform: input.platform, updatedAt: sql`now()` },
    })
    .returning({ id: pushSubscriptions.id });
  return { id: row.id };
}
