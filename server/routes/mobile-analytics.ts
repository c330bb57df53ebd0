import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AnalyticsBatch, type AnalyticsSignal } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { kickRollup } from "../jobs/analytics.ts";
import { storeSignals } from "../ops/mobile-analytics.ts";
import { appIdOf, MOBILE_BODY_LIMIT, MobileHeaders } from "./mobile-request.ts";

/**
 * POST /mobile/analytics/events: a batch of at most 50 signals for the app of X-App, each stored once
 * however often it is sent. It answers once the batch is stored; the dashboards' rollups follow in a job.
 */
export const mobileAnalyticsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post<{ Body: AnalyticsSignal[] }>(
    "/mobile/analytics/events",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags: ["Mobile"],
        headers: MobileHeaders,
        body: AnalyticsBatch,
        response: { 200: Type.Object({ data: Type.Object({ stored: Type.Integer() }) }) },
      },
    },
    async (req) => {
      const stored = await storeSignals(db, appIdOf(req), req.body, {
        retentionMonths: req.server.config.analyticsRetentionMonths,
      });
      if (stored.stored)
        kickRollup(req.server.queue, (err) => req.log.warn({ err }, "analytics rollup could not be queued"));
      return { data: stored };
    },
  );
};
