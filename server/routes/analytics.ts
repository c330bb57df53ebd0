import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  ANALYTICS_TYPES,
  type AnalyticsQuery,
  AnalyticsReport,
  type AnalyticsType,
  Envelope,
  AnalyticsQuery as Query,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import { analyticsReport } from "../ops/analytics-report.ts";

const security = [{ bearer: [] }];
const Params = Type.Object({ appId: Type.String({ maxLength: 100 }), type: Type.String({ maxLength: 40 }) });

/**
 * The dashboards' numbers (issue 15): GET /apps/{appId}/analytics/{type}, read from the rollups in the
 * caller's time zone, with the previous range of the same length; `analytics.read` on the app.
 */
export const analyticsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  app.get<{ Params: { appId: string; type: string }; Querystring: AnalyticsQuery }>(
    "/apps/:appId/analytics/:type",
    {
      schema: {
        tags: ["Analytics"],
        security,
        summary: "An analytics dashboard's numbers",
        description: `One of ${ANALYTICS_TYPES.join(", ")}: each metric's total over [from, to] (local dates in \`tz\`, else the x-user-timezone-offset header, else UTC), the total of the range just before, a point per day, week or month, and breakdowns; filtered by platform and location.`,
        params: Params,
        querystring: Query,
        response: { 200: Envelope(AnalyticsReport) },
      },
    },
    async (req) => {
      const type = req.params.type as AnalyticsType;
      if (!ANALYTICS_TYPES.includes(type)) throw new ApiError("AnalyticsTypeNotFound");
      const header = req.headers["x-user-timezone-offset"];
      return {
        data: await analyticsReport(db, req.caller, req.params.appId, type, req.query, {
          offsetHeader: typeof header === "string" ? header : undefined,
        }),
      };
    },
  );
};
