import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../services/mail.ts";
import { type Sms, smsFromEnv } from "../services/sms.ts";
import { mobileAnalyticsRoutes } from "./mobile-analytics.ts";
import { mobileAuthRoutes } from "./mobile-auth.ts";
import { mobileFormRoutes } from "./mobile-forms.ts";
import { mobilePushRoutes } from "./mobile-push.ts";
import { mobileUserRoutes } from "./mobile-users.ts";

export interface MobileWidgetOptions {
  db: Db;
  mailer: Mailer;
  /** Text messages; by default SMS_URL's provider or the dev outbox. */
  sms?: Sms;
  /** The clock of code limits (tests stand at each boundary). */
  now?: () => number;
}

/** The widget's calls beyond GET /mobile/app: sign-in, the user's profile and vehicles, analytics, push,
 * custom forms. */
export const mobileWidgetRoutes: FastifyPluginAsync<MobileWidgetOptions> = async (app, opts) => {
  const { db, mailer } = opts;
  const sms = opts.sms ?? smsFromEnv(db, app.log);
  await app.register(mobileAuthRoutes, { db, mailer, sms, limits: app.limits, now: opts.now });
  await app.register(mobileUserRoutes, { db });
  await app.register(mobileAnalyticsRoutes, { db });
  await app.register(mobilePushRoutes, { db });
  await app.register(mobileFormRoutes, { db, mailer });
};
