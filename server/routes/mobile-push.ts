import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { mobileApp } from "../ops/apps.ts";
import { type Subscribe3, subscribe } from "../ops/mobile-push.ts";
import { vapidForApp } from "../services/web-push.ts";
import { appIdOf, MOBILE_BODY_LIMIT, MobileHeaders } from "./mobile-request.ts";

const tags = ["Mobile"];

/**
 * Subscriptions one client address may store per 10 minutes. The widget sends one per page view at most
 * (a browser without push sends its fallback each time), so a household or a dealership behind one
 * address stays far below it.
 */
export const SUBSCRIBE_RATE = { max: 60, timeWindow: "10 minutes" } as const;

/** Web push for the widget: the VAPID public key to subscribe with, and subscribe3 to store the result. */
export const mobilePushRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/mobile/app/push-notifications/vapid-public-key",
    { schema: { tags, response: { 200: Type.Object({ data: Type.String() }) } } },
    // The app's own Web keys when an admin set them (admin push-profile), else the server's: the sender signs
    // with the same pair (vapidForApp).
    async (req) => ({ data: (await vapidForApp(db, String(req.headers["x-app"] ?? ""))).publicKey }),
  );

  app.post<{ Body: Subscribe3 }>(
    "/mobile/app/push-notifications/subscribe3",
    {
      config: { rateLimit: SUBSCRIBE_RATE },
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        body: Type.Object(
          {
            userId: Type.String({ minLength: 1, maxLength: 100 }),
            platform: Type.Literal("Web"),
            token: Type.Optional(Type.String({ maxLength: 4096 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ data: Type.Object({ id: Type.String() }) }) },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await mobileApp(db, appId);
      return { data: await subscribe(db, appId, req.body) };
    },
  );
};
