import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AnalyticsSignal } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { type IdentifiedSignal, storeSignals } from "../ops/mobile-analytics.ts";

/** A signal with the widget's unique event id (the dedup key). */
const IdentifiedSignalSchema = Type.Object(
  { id: Type.String({ format: "uuid" }), ...AnalyticsSignal.properties },
  { additionalProperties: false },
);

/** POST /mobile/analytics/events: a batch of at most 50 signals, each stored once however often it is sent. */
export const mobileAnalyticsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post<{ Body: IdentifiedSignal[] }>(
    "/mobile/analytics/events",
    {
      bodyLimit: 256 * 1024,
      schema: {
        tags: ["Mobile"],
        body: Type.Array(IdentifiedSignalSchema, { maxItems: 50 }),
        response: { 200: Type.Object({ data: Type.Object({ stored: Type.Integer() }) }) },
      },
    },
    async (req) => ({ data: await storeSignals(db, req.body) }),
  );
};
