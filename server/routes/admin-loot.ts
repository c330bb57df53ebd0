import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, TaskRecord } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { audit } from "../ops/admin-audit.ts";
import { lootApp } from "../ops/admin-loot.ts";
import type { Storage } from "../services/storage.ts";

/** POST /utils/apps/{id}/loot: an admin gathers an app into a JSON bundle, as a task (README "Task board and loot"). */
export const adminLootRoutes: FastifyPluginAsync<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.addHook("onRequest", app.requireAdmin);
  app.post<{ Params: { id: string } }>(
    "/utils/apps/:id/loot",
    {
      schema: {
        tags: ["Admin"],
        security: [{ bearer: [] }],
        description:
          "Gathers the app's definition, admin view (no push secrets), team and releases into a JSON bundle stored as an app-user file; answers the finished task (type loot), whose message names the file.",
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: Envelope(TaskRecord) },
      },
    },
    async (req) => {
      const data = await lootApp(db, storage, req.caller, req.params.id);
      await audit(db, req.caller, {
        action: "app.loot",
        appId: req.params.id,
        target: data.id,
        after: { status: data.status, fileName: data.fileName ?? null },
      });
      return { data };
    },
  );
};
