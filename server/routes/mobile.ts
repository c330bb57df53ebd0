import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import { widgetApp } from "../ops/mobile-app.ts";
import type { AppCache } from "../services/app-cache.ts";

/** Public calls of the widget: the app id travels in the X-App header (spec §7 Mobile). */
export const mobileRoutes: FastifyPluginAsync<{ db: Db; cache: AppCache }> = async (app, { db, cache }) => {
  app.get(
    "/mobile/app",
    {
      schema: {
        tags: ["Mobile"],
        headers: Type.Object({ "x-app": Type.Optional(Type.String({ description: "the app id" })) }),
      },
    },
    async (req, reply) => {
      const appId = String(req.headers["x-app"] ?? "");
      if (!appId) throw new ApiError("AppIdRequired");
      let body = cache.get(appId);
      if (!body) {
        body = JSON.stringify({ data: await widgetApp(db, appId) });
        cache.set(appId, body);
      }
      return reply.type("application/json; charset=utf-8").send(body);
    },
  );
};
