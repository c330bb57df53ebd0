import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  EmailSubscription,
  EmailSubscriptionInput,
  Envelope,
  InsightsFigures,
  InsightsRequest,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  deleteEmailSubscription,
  listEmailSubscriptions,
  putEmailSubscription,
  sendInsightsNow,
} from "../ops/email-subscriptions.ts";
import type { Mailer } from "../services/mail.ts";

const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });

/** E-mail subscriptions and the insights report (spec §7 email-subscriptions, analytics/insights). */
export const emailSubscriptionRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (
  app,
  { db, mailer },
) => {
  app.addHook("onRequest", app.authenticate);
  const tags = ["E-mail subscriptions"];

  app.get<{ Params: { appId: string } }>(
    "/apps/:appId/email-subscriptions",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        description: "Addresses subscribed to the app's mails (emailSubscriptions.manage).",
        response: { 200: Envelope(Type.Array(EmailSubscription)) },
      },
    },
    async (req) => ({ data: await listEmailSubscriptions(db, req.caller, req.params.appId) }),
  );

  app.put<{ Params: { appId: string }; Body: EmailSubscriptionInput }>(
    "/apps/:appId/email-subscriptions",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        body: EmailSubscriptionInput,
        description:
          "Subscribes an address, or sets whether it gets the weekly insights report (upsert by address).",
        response: { 200: Envelope(EmailSubscription) },
      },
    },
    async (req) => ({ data: await putEmailSubscription(db, req.caller, req.params.appId, req.body) }),
  );

  app.delete<{ Params: { appId: string; id: string } }>(
    "/apps/:appId/email-subscriptions/:id",
    {
      schema: {
        tags,
        security,
        params: Type.Object({ appId: Type.String({ maxLength: 100 }), id: Type.String({ maxLength: 100 }) }),
      },
    },
    async (req) => {
      await deleteEmailSubscription(db, req.caller, req.params.appId, req.params.id);
      return { data: true };
    },
  );

  app.post<{ Params: { appId: string }; Body: InsightsRequest }>(
    "/apps/:appId/analytics/insights",
    {
      schema: {
        tags: ["Analytics"],
        security,
        params: AppParams,
        body: InsightsRequest,
        description:
          "Mails the insights report of the last 7 days to this address now (analytics.read); answers the figures sent.",
        response: { 200: Envelope(InsightsFigures) },
      },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (req) => ({
      data: await sendInsightsNow(db, mailer, req.caller, req.params.appId, req.body.email),
    }),
  );
};
