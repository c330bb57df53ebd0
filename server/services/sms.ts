import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect.ts";
import { smsOutbox } from "../db/schema-mobile.ts";

export interface TextMessage {
  to: string;
  text: string;
}

/** Sends text messages; operations depend on this shape only, like the Mailer. */
export interface Sms {
  readonly kind: "http" | "outbox";
  send(message: TextMessage): Promise<void>;
}

/**
 * A provider adapter over HTTP: POSTs `{ from, to, text }` as JSON to SMS_URL (credentials in the URL's user
 * info become Basic auth), which matches the shape of most SMS gateways' simple send endpoints.
 */
export function httpSms(url: string, from = process.env.SMS_FROM ?? "BrandApps"): Sms {
  const target = new URL(url);
  const auth = target.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString("base64")}`
    : undefined;
  target.username = "";
  target.password = "";
  return {
    kind: "http",
    async send({ to, text }) {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify({ from, to, text }),
        signal: AbortSignal.timeout(15000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

/** The default without a provider: texts are kept in the database and logged, like the mail outbox. */
export function outboxSms(db: Db, log: FastifyBaseLogger): Sms {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(smsOutbox).values(message);
      log.info({ to: message.to }, `sms (dev outbox) to ${message.to}: ${message.text}`);
    },
  };
}

/** SMS_URL selects the HTTP provider; otherwise the dev outbox. */
export const smsFromEnv = (db: Db, log: FastifyBaseLogger, env = process.env): Sms =>
  env.SMS_URL ? httpSms(env.SMS_URL) : outboxSms(db, log);
