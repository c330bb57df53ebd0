import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import { widgetApp } from "../ops/mobile-app.ts";
import type { AppCache } from "../services/app-cache.ts";
import { etagMatches, widgetHeaders } from "../services/app-fast-path.ts";

/** Public calls of the widget: the app id travels in the X-App header (spec §7 Mobile). */
export const mobileRoutes: FastifyPluginAsync<{ db: Db; cache: AppCache }> = async (app, { db, cache }) => {
  app.get(
    "/mobile/app",
    {
      // Every page view of every dealer site calls this: two info lines per call would be most of the log
      // (and a tenth of the route's CPU); warnings and errors are still logged.
      logLevel: "warn",
      schema: {
        tags: ["Mobile"],
        operationId: "getMobileApp",
        summary: "The app as the widget shows it",
        description:
          "Called on every page view of every site the widget is on. Public: only what end users may see (name, theme, features, coupons, active geofences, G- analytics tags, integration addresses). Answers carry a strong `ETag` and `Cache-Control: no-cache`: send it back in `If-None-Match` and an unchanged app answers 304 without a body. A save shows on every API node at once.",
        headers: Type.Object({ "x-app": Type.Optional(Type.String({ description: "the app id" })) }),
      },
    },
    async (req, reply) => {
      const appId = String(req.headers["x-app"] ?? "");
      if (!appId) throw new ApiError("AppIdRequired");
      const hit =
        cache.get(appId) ??
        (await cache.load(appId, async () => JSON.stringify({ data: await widgetApp(db, appId) })));
      // Browsers and CDNs keep the answer but ask again every time (no-cache); a matching validator is a 304.
      // The answer depends on the X-App header, and on Origin through CORS.
      reply.headers(widgetHeaders(hit.etag, req.headers.origin));
      if (etagMatches(req.headers["if-none-match"], hit.etag)) return reply.code(304).send();
      return reply.type("application/json; charset=utf-8").send(hit.body);
    },
  );
};
