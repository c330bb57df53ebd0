import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, Setting, SettingBody, SettingKey } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { deleteSetting, getSetting, putSetting } from "../ops/settings.ts";

const tags = ["Settings"];
const security = [{ bearer: [] }];
const params = Type.Object({ id: Type.String({ maxLength: 100 }), key: SettingKey });

/** Per-app settings: a key and any JSON value (spec §7 per app, settings/{key}). */
export const settingRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  type Req = { Params: { id: string; key: string } };

  app.get<Req>(
    "/apps/:id/settings/:key",
    { schema: { tags, security, params, response: { 200: Envelope(Setting) } } },
    async (req) => ({ data: await getSetting(db, req.caller, req.params.id, req.params.key) }),
  );

  app.put<Req & { Body: SettingBody }>(
    "/apps/:id/settings/:key",
    { schema: { tags, security, params, body: SettingBody, response: { 200: Envelope(Setting) } } },
    async (req) => ({
      data: await putSetting(db, req.caller, req.params.id, req.params.key, req.body.value),
    }),
  );

  app.delete<Req>("/apps/:id/settings/:key", { schema: { tags, security, params } }, async (req) => {
    await deleteSetting(db, req.caller, req.params.id, req.params.key);
    return { data: true };
  });
};
