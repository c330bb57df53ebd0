import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { type DelayQueue, type EnterInput, enterGeofence } from "../ops/geofence-completions.ts";
import { inboxOwner } from "../ops/mobile-notifications.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders } from "./mobile-request.ts";

const tags = ["Mobile"];

/**
 * The widget's visitor entered a geofence (spec §3, §6): checked and recorded once per occurrence, version and
 * user by ops/geofence-completions.ts. A signed-in user's call carries their bearer token like the other user
 * calls; an anonymous install id reports only for itself.
 */
export const mobileGeofenceRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post<{ Params: { geofenceId: string }; Body: EnterInput }>(
    "/mobile/geofences/:geofenceId/enter",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        params: Type.Object({ geofenceId: Type.String({ format: "uuid" }) }),
        body: Type.Object(
          {
            userId: Type.String({ format: "uuid" }),
            lat: Type.Number({ minimum: -90, maximum: 90 }),
            lng: Type.Number({ minimum: -180, maximum: 180 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Object({
              message: Type.String(),
              callToAction: Type.Optional(
                Type.Object({ text: Type.Optional(Type.String()), link: Type.Optional(Type.String()) }),
              ),
              delivered: Type.Boolean(),
              silent: Type.Boolean(),
            }),
          }),
        },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await inboxOwner(db, appId, req.body.userId, bearerOf(req));
      const queue = (req.server as unknown as { queue?: DelayQueue }).queue;
      return { data: await enterGeofence(db, appId, req.params.geofenceId, req.body, { queue }) };
    },
  );
};
