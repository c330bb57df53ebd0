import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AppCreate, AppUpdate } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { createApp, getApp, listApps, templateDefinition, updateApp } from "../ops/apps.ts";
import type { AppCache } from "../services/app-cache.ts";

const tags = ["Apps"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const appRoutes: FastifyPluginAsync<{ db: Db; cache: AppCache; templateAppId?: string }> = async (
  app,
  { db, cache, templateAppId },
) => {
  app.addHook("onRequest", app.authenticate);

  app.get("/apps", { schema: { tags, security } }, async (req) => ({ data: await listApps(db, req.caller) }));

  app.get(
    "/apps/template",
    {
      schema: {
        tags,
        security,
        description:
          "The template app's definition to start a new app from: new feature ids; coupons, events and loyalty images emptied.",
      },
    },
    async () => ({ data: await templateDefinition(db, templateAppId) }),
  );

  app.post<{ Body: AppCreate; Querystring: { fromTemplate?: boolean } }>(
    "/apps",
    {
      schema: {
        tags,
        security,
        body: AppCreate,
        querystring: Type.Object({
          fromTemplate: Type.Optional(
            Type.Boolean({ description: "start from the template app; the given definition's keys win" }),
          ),
        }),
      },
    },
    async (req) => ({
      data: await createApp(db, req.caller, req.body, {
        fromTemplate: req.query.fromTemplate,
        templateAppId,
      }),
    }),
  );

  app.get<{ Params: { id: string } }>(
    "/apps/:id",
    { schema: { tags, security, params: AppParams } },
    async (req) => ({ data: await getApp(db, req.caller, req.params.id) }),
  );

  app.put<{ Params: { id: string }; Body: AppUpdate }>(
    "/apps/:id",
    {
      schema: {
        tags,
        security,
        description:
          "Saves the app if `version` is still current (else 409 VersionConflict with details.current). The stored coupons, events and geofences are kept.",
        params: AppParams,
        body: AppUpdate,
      },
    },
    async (req) => {
      const saved = await updateApp(db, req.caller, req.params.id, req.body);
      cache.remove(saved.appId);
      return { data: saved };
    },
  );
};
