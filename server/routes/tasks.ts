import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, TaskRecord } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { getTask } from "../ops/tasks.ts";

/** Long work the console waits for (CSV imports): progress and row errors (spec §7 tasks). */
export const taskRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  app.get<{ Params: { appId: string; taskId: string }; Querystring: { taskType?: string } }>(
    "/public/apps/:appId/tasks/:taskId",
    {
      schema: {
        tags: ["Tasks"],
        security: [{ bearer: [] }],
        description:
          "A task of this app: status (queued, running, done, failed), total, processed, applied and row errors. A task of another app, or of another type than taskType, answers 404 TaskNotFound.",
        params: Type.Object({
          appId: Type.String({ maxLength: 100 }),
          taskId: Type.String({ maxLength: 100 }),
        }),
        querystring: Type.Object({ taskType: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: Envelope(TaskRecord) },
      },
    },
    async (req) => ({
      data: await getTask(db, req.caller, req.params.appId, req.params.taskId, req.query.taskType),
    }),
  );
};
