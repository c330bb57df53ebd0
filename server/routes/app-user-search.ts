import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AppUserHit, AppUserSearch, Envelope } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { searchAppUsers } from "../ops/app-user-search.ts";

/** The console's app-user lookup for pickers (spec §7 users/search). */
export const appUserSearchRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.post<{ Params: { appId: string }; Body: AppUserSearch }>(
    "/apps/:appId/users/search",
    {
      schema: {
        tags: ["App users"],
        security: [{ bearer: [] }],
        params: Type.Object({ appId: Type.String({ maxLength: 100 }) }),
        body: AppUserSearch,
        description:
          "This app's end users whose e-mail, phone or name contains the query, in any case (appUsers.read).",
        response: { 200: Envelope(Type.Array(AppUserHit)) },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (req) => ({ data: await searchAppUsers(db, req.caller, req.params.appId, req.body) }),
  );
};
