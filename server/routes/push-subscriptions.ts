import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, PushCategory, PushSubscriptionPage, PushSubscriptionQuery } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { listPushSubscriptions, pushCategories, pushSubscriptionsCsv } from "../ops/push-subscriptions.ts";
import { appIdOf, MobileHeaders } from "./mobile-request.ts";

const security = [{ bearer: [] }];
const tags = ["Push notifications"];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const CsvQuery = Type.Omit(PushSubscriptionQuery, ["skip", "take"], { additionalProperties: false });

type AppReq = { Params: { appId: string } };

/** The day's date for a download's file name. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * An app's push subscriptions (spec §7 push-subscriptions: list paged with skip and take 50, and CSV), for
 * pushSubscriptions.read (editors: subscriptions are devices). Tokens are never listed or exported.
 */
export const pushSubscriptionRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<AppReq & { Querystring: PushSubscriptionQuery }>(
    "/apps/:appId/push-subscriptions",
    {
      schema: {
        tags,
        security,
        description:
          "A page of the app's push subscriptions, newest first (skip, take 50 by default, at most 200), narrowed " +
          "by platform and widget user id, with the subscriber's name and e-mail when known, and the total.",
        params: AppParams,
        querystring: PushSubscriptionQuery,
        response: { 200: Envelope(PushSubscriptionPage) },
      },
    },
    async (req) => ({ data: await listPushSubscriptions(db, req.caller, req.params.appId, req.query) }),
  );

  app.get<AppReq & { Querystring: Omit<PushSubscriptionQuery, "skip" | "take"> }>(
    "/apps/:appId/push-subscriptions/csv",
    {
      schema: {
        tags,
        security,
        description:
          "Every subscription the filters take, as CSV (UTF-8 with BOM, formulas escaped): id, user id, name, " +
          "e-mail, platform, subscribed and updated times.",
        params: AppParams,
        querystring: CsvQuery,
      },
    },
    async (req, reply) => {
      const csv = await pushSubscriptionsCsv(db, req.caller, req.params.appId, req.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="push-subscriptions-${today()}.csv"`)
        .send(csv);
    },
  );
};

/** The widget's public call: the kinds of message its app sends (X-App names the app). */
export const mobilePushCategoryRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/mobile/app/push-notifications/categories",
    {
      schema: {
        tags: ["Mobile"],
        headers: MobileHeaders,
        description:
          "The kinds of message the app sends to devices: general always; specials and promotions (named by the " +
          "app's Coupons and Events features) when it shows them; nearby when a geofence runs in it.",
        response: { 200: Envelope(Type.Array(PushCategory)) },
      },
    },
    async (req) => ({ data: await pushCategories(db, appIdOf(req)) }),
  );
};
