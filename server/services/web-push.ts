import type https from "node:https";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../db/connect.ts";
import { pushSubscriptions, vapidKeys } from "../db/schema-mobile.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let cached: Promise<VapidKeys> | undefined;
let cachedFor: Db | undefined;

/**
 * The server's VAPID keys: made on first use and stored, so every API node and every restart signs with the
 * same pair and browsers' subscriptions stay valid. Concurrent first calls agree through the primary key.
 */
export function vapid(db: Db): Promise<VapidKeys> {
  if (cached && cachedFor === db) return cached;
  cachedFor = db;
  cached = (async () => {
    const fresh = webpush.generateVAPIDKeys();
    await db
      .insert(vapidKeys)
      .values({ id: 1, ...fresh })
      .onConflictDoNothing();
    const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
    return { publicKey: row.publicKey, privateKey: row.privateKey };
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}

/** A Web subscription token is the browser's PushSubscription as JSON; other tokens cannot receive Web push. */
export function parseWebToken(token: string): webpush.PushSubscription | undefined {
  try {
    const s = JSON.parse(token);
    if (
      typeof s?.endpoint === "string" &&
      typeof s?.keys?.p256dh === "string" &&
      typeof s?.keys?.auth === "string"
    )
      return s;
  } catch {
    /* a fallback token built from the user id */
  }
  return undefined;
}

/**
 * Sends one push message to a stored Web subscription. A subscription the push service reports gone (404 or
 * 410) is deleted so it is not tried again. Returns whether the message was accepted.
 */
export async function sendWebPush(
  db: Db,
  subscription: { id: string; token: string },
  payload: { title?: string; message: string; path?: string },
  options: { subject?: string; agent?: https.Agent } = {},
): Promise<boolean> {
  const subject = options.subject ?? (process.env.PUBLIC_URL || "mailto:no-reply@brand-apps.local");
  const target = parseWebToken(subscription.token);
  if (!target) return false;
  const keys = await vapid(db);
  try {
    await webpush.sendNotification(target, JSON.stringify(payload), {
      vapidDetails: { subject, ...keys },
      TTL: 24 * 3600,
      ...(options.agent ? { agent: options.agent } : {}),
    });
    return true;
  } catch (e) {
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410)
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return false;
  }
}
