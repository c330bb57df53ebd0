import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AppCreate, AppUpdate } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { createApp, getApp, listApps, updateApp } from "../ops/apps.ts";
import type { AppCache } from "../services/app-cache.ts";

const tags = ["Apps"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ id: Type.String() });

export const appRoutes: FastifyPluginAsync<{ db: Db; cache: AppCache }> = async (app, { db, cache }) => {
  app.addHook("preHandler", app.authenticate);

  app.get("/apps", { schema: { tags, security } }, async (req) => ({ data: await listApps(db, req.user!) }));

  app.post<{ Body: AppCreate }>("/apps", { schema: { tags, security, body: AppCreate } }, async (req) => ({
    data: await createApp(db, req.user!, req.body),
  }));

  app.get<{ Params: { id: string } }>(
    "/apps/:id",
    { schema: { tags, security, params: AppParams } },
    async (req) => ({
      data: await getApp(db, req.user!, req.params.id),
    }),
  );

  app.put<{ Params: { id: string }; Body: AppUpdate }>(
    "/apps/:id",
    { schema: { tags, security, params: AppParams, body: AppUpdate } },
    async (req) => {
      const saved = await updateApp(db, req.user!, req.params.id, req.body);
      cache.remove(saved.appId);
      return { data: saved };
    },
  );
};
