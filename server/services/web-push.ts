import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../db/connect.ts";
import { pushSubscriptions, vapidKeys } from "../db/schema-mobile.ts";
import { pushProfileSecrets } from "../ops/push-profile.ts";
import { isSealed, open, seal } from "./crypto-box.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let cached: Promise<VapidKeys> | undefined;
let cachedFor: Db | undefined;

/**
 * The server's VAPID keys: made on first use and stored, so every API node and every restart signs with the
 * same pair and browsers' subscriptions stay valid. Concurrent first calls agree through the primary key.
 * The private key is sealed at rest (services/crypto-box.ts); a pair stored plain before is sealed here.
 */
export function vapid(db: Db): Promise<VapidKeys> {
  if (cached && cachedFor === db) return cached;
  cachedFor = db;
  cached = (async () => {
    const fresh = webpush.generateVAPIDKeys();
    await db
      .insert(vapidKeys)
      .values({ id: 1, publicKey: fresh.publicKey, privateKey: seal(fresh.privateKey) })
      .onConflictDoNothing();
    const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
    if (!isSealed(row.privateKey))
      await db
        .update(vapidKeys)
        .set({ privateKey: seal(row.privateKey) })
        .where(eq(vapidKeys.id, 1));
    return { publicKey: row.publicKey, privateKey: open(row.privateKey) };
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}

/** The `sub` claim of VAPID: PUBLIC_URL when it is https, else a mailto address. */
export function vapidSubject(publicUrl = process.env.PUBLIC_URL): string {
  return publicUrl?.startsWith("https://") ? publicUrl : "mailto:no-reply@brand-apps.local";
}

/**
 * The VAPID keys an app's Web pushes are signed with: its push profile's Web keys when an admin set them
 * (admin push-profile), else the server's pair (the one the widget subscribes with by default).
 */
export async function vapidForApp(db: Db, appId: string): Promise<VapidKeys & { subject: string }> {
  const web = UUID_TEXT.test(appId) ? (await pushProfileSecrets(db, appId))?.web : undefined;
  if (web?.publicKey && web.privateKey)
    return { publicKey: web.publicKey, privateKey: web.privateKey, subject: web.subject };
  return { ...(await vapid(db)), subject: vapidSubject() };
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
 * A delivery's idempotency key: 32 URL-safe base64 characters (the most RFC 8030 allows in a Topic header)
 * derived from (occurrence, subscription). The push service keeps one message per Topic, and the service
 * worker shows one notification per tag, so a resend after a crash replaces the first copy.
 */
export function deliveryKey(occurrenceId: string, subscriptionId: string): string {
  return createHash("sha256")
    .update(`${occurrenceId}:${subscriptionId}`)
    .digest()
    .subarray(0, 24)
    .toString("base64url");
}

export type SendOutcome =
  | { result: "sent"; status: number }
  /** 404/410: the subscription is gone for good. */
  | { result: "gone"; status: number }
  /** 429, 5xx, a timeout or a network error: worth another try later. */
  | { result: "retry"; status?: number; retryAfterMs?: number; error: string }
  /** Any other refusal (400, 401, 403, 413 ...): another try would fail the same way. */
  | { result: "failed"; status?: number; error: string };

export interface WebPushMessage {
  subscription: webpush.PushSubscription;
  payload: string;
  keys: VapidKeys & { subject: string };
  /** Topic header (the delivery key). */
  topic?: string;
  ttlSeconds?: number;
}

export interface WebPushSenderOptions {
  /** Extra CA certificates (PEM) trusted for push endpoints, e.g. a local test push service. */
  ca?: string | Buffer;
  /** Requests in flight to one push service origin at most (throttling per push service). */
  perOriginConcurrency?: number;
  /** Longest wait for one push service answer. */
  timeoutMs?: number;
  /** Plain http endpoints (a local bench); push services and browsers use https only. */
  allowHttp?: boolean;
}

/** A counting semaphore per push service origin, paused until a 429's Retry-After has passed. */
class OriginGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  pausedUntil = 0;
  constructor(private readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    const wait = this.pausedUntil - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/**
 * Sends encrypted Web Push messages (RFC 8291 aes128gcm, VAPID RFC 8292) with kept-alive connections per
 * push service origin, at most `perOriginConcurrency` requests in flight per origin, and a pause after a
 * 429 for its Retry-After. VAPID JWTs are signed once per (key, origin) and reused for 12 hours.
 */
export class WebPushSender {
  private readonly agents = new Map<string, http.Agent>();
  private readonly gates = new Map<string, OriginGate>();
  private readonly jwt = new Map<string, { header: string; until: number }>();
  private readonly perOrigin: number;
  private readonly timeoutMs: number;

  /**
   * One TLS context with the extra CA for every connection. (Passing `ca` to the agent instead costs a new
   * context per connection and the whole certificate list in the agent's pool key on every request.)
   */
  private readonly secureContext?: tls.SecureContext;

  constructor(private readonly options: WebPushSenderOptions = {}) {
    this.perOrigin = options.perOriginConcurrency ?? 100;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    if (options.ca)
      this.secureContext = tls.createSecureContext({ ca: [...tls.rootCertificates, String(options.ca)] });
  }

  private agent(url: URL): http.Agent {
    let agent = this.agents.get(url.origin);
    if (!agent) {
      const common = { keepAlive: true, maxSockets: this.perOrigin, timeout: this.timeoutMs };
      agent =
        url.protocol === "https:"
          ? new https.Agent({
              ...common,
              ...(this.secureContext ? { secureContext: this.secureContext } : {}),
            })
          : new http.Agent(common);
      this.agents.set(url.origin, agent);
    }
    return agent;
  }

  private gate(origin: string): OriginGate {
    let gate = this.gates.get(origin);
    if (!gate) {
      gate = new OriginGate(this.perOrigin);
      this.gates.set(origin, gate);
    }
    return gate;
  }

  private authorization(origin: string, keys: VapidKeys & { subject: string }): string {
    const id = `${keys.publicKey}\u0000${origin}\u0000${keys.subject}`;
    const now = Date.now();
    const hit = this.jwt.get(id);
    if (hit && hit.until > now) return hit.header;
    const expiration = Math.floor(now / 1000) + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      origin,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
      expiration,
    ) as { Authorization: string };
    this.jwt.set(id, { header: Authorization, until: now + 11 * 3600 * 1000 });
    return Authorization;
  }

  async send(message: WebPushMessage): Promise<SendOutcome> {
    let url: URL;
    try {
      url = new URL(message.subscription.endpoint);
      if (url.protocol !== "https:" && !(url.protocol === "http:" && this.options.allowHttp))
        throw new Error("not https");
    } catch {
      return { result: "failed", error: "The subscription's endpoint is not an https URL" };
    }
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    let headers: Record<string, string | number>;
    try {
      details = webpush.generateRequestDetails(message.subscription, message.payload, {
        TTL: message.ttlSeconds ?? 24 * 3600,
        contentEncoding: "aes128gcm",
        ...(message.topic ? { topic: message.topic } : {}),
      });
      headers = {
        ...(details.headers as Record<string, string>),
        Authorization: this.authorization(url.origin, message.keys),
      };
    } catch (e) {
      // A malformed subscription key or VAPID key: no try would get further.
      return { result: "failed", error: String((e as Error).message ?? e) };
    }
    const gate = this.gate(url.origin);
    await gate.acquire();
    try {
      const answer = await this.post(url, headers, details.body as Buffer);
      const status = answer.status;
      if (status >= 200 && status < 300) return { result: "sent", status };
      if (status === 404 || status === 410) return { result: "gone", status };
      if (status === 429 || status >= 500) {
        const retryAfterMs = retryAfter(answer.retryAfter);
        if (status === 429) gate.pausedUntil = Date.now() + (retryAfterMs ?? 5000);
        return { result: "retry", status, retryAfterMs, error: `The push service answered ${status}` };
      }
      return { result: "failed", status, error: `The push service answered ${status}` };
    } catch (e) {
      return { result: "retry", error: String((e as Error).message ?? e) };
    } finally {
      gate.release();
    }
  }

  private post(
    url: URL,
    headers: Record<string, string | number>,
    body: Buffer,
  ): Promise<{ status: number; retryAfter?: string }> {
    return new Promise((resolve, reject) => {
      const request = (url.protocol === "https:" ? https : http).request(
        url,
        { method: "POST", headers, agent: this.agent(url), timeout: this.timeoutMs },
        (res) => {
          res.resume();
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: res.headers["retry-after"] as string | undefined,
            }),
          );
          res.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error("The push service did not answer in time")));
      request.on("error", reject);
      request.end(body);
    });
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/** Retry-After as milliseconds from now (seconds or an HTTP date), if given. */
function retryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The CA file of PUSH_CA_FILE, read once per path. */
const caFiles = new Map<string, string>();
export function caFromFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  let ca = caFiles.get(file);
  if (ca === undefined) {
    ca = fs.readFileSync(file, "utf8");
    caFiles.set(file, ca);
  }
  return ca;
}

/**
 * Sends one push message to a stored Web subscription with the server's VAPID keys. A subscription the push
 * service reports gone (404 or 410) is deleted so it is not tried again. Returns whether it was accepted.
 */
export async function sendWebPush(
  db: Db,
  subscription: { id: string; token: string },
  payload: { title?: string; message: string; path?: string },
  options: { subject?: string; agent?: https.Agent } = {},
): Promise<boolean> {
  const target = parseWebToken(subscription.token);
  if (!target) return false;
  const keys = await vapid(db);
  try {
    await webpush.sendNotification(target, JSON.stringify(payload), {
      vapidDetails: { subject: options.subject ?? vapidSubject(), ...keys },
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
