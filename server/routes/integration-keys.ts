import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  DEALER_INLINE_ROWS,
  DealerBatch,
  DealerBatchResult,
  type DealerKind,
  dealerKinds,
  Envelope,
  IntegrationKey,
  IntegrationKeyCreated,
  IntegrationKeyInput,
  TaskRecord,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import { DEALER_IMPORT_TASK } from "../jobs/dealer-import.ts";
import { applyBatch } from "../ops/dealer-data.ts";
import {
  appOfIntegrationKey,
  createIntegrationKey,
  INTEGRATION_KEY_HEADER,
  listIntegrationKeys,
  revokeIntegrationKey,
} from "../ops/integration-keys.ts";
import { createTask, taskById, taskRecord } from "../ops/tasks.ts";
import { startDealerImport } from "./dealer-data.ts";

const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const KeyHeaders = Type.Object({
  [INTEGRATION_KEY_HEADER]: Type.Optional(Type.String({ description: "the app's integration key" })),
});
/** A 50,000-vehicle batch with photos and descriptions fits. */
const BATCH_BODY_LIMIT = 48 * 1024 * 1024;

const keyOf = (headers: Record<string, unknown>) => {
  const k = headers[INTEGRATION_KEY_HEADER];
  return typeof k === "string" ? k : undefined;
};

/** Integration keys (Owners create, list and revoke them) for the app's console. */
export const integrationKeyRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  const tags = ["Integration keys"];
  const security = [{ bearer: [] }];
  app.get<{ Params: { appId: string } }>(
    "/apps/:appId/integration-keys",
    {
      schema: {
        tags,
        security,
        description: "The app's integration keys (prefix only), newest first; Owners only.",
        params: AppParams,
        response: { 200: Envelope(Type.Array(IntegrationKey)) },
      },
    },
    async (req) => ({ data: await listIntegrationKeys(db, req.caller, req.params.appId) }),
  );
  app.post<{ Params: { appId: string }; Body: IntegrationKeyInput }>(
    "/apps/:appId/integration-keys",
    {
      schema: {
        tags,
        security,
        description: `Creates a key for the app's dealer systems, shown this once in \`key\` (only its hash is kept); they send it in the ${INTEGRATION_KEY_HEADER} header.`,
        params: AppParams,
        body: IntegrationKeyInput,
        response: { 200: Envelope(IntegrationKeyCreated) },
      },
    },
    async (req) => ({ data: await createIntegrationKey(db, req.caller, req.params.appId, req.body.name) }),
  );
  app.delete<{ Params: { appId: string; id: string } }>(
    "/apps/:appId/integration-keys/:id",
    {
      schema: {
        tags,
        security,
        description: "Revokes a key: calls with it answer 401 IntegrationKeyInvalid from now on.",
        params: Type.Object({ appId: Type.String({ maxLength: 100 }), id: Type.String({ maxLength: 100 }) }),
      },
    },
    async (req) => {
      await revokeIntegrationKey(db, req.caller, req.params.appId, req.params.id);
      return { data: true };
    },
  );
};

/**
 * The integration API a dealer's systems call with their key (no console session): JSON batches upserted by
 * natural key, all or nothing, so a nightly export can be replayed; large batches run as a task.
 */
export const integrationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const tags = ["Integration"];
  app.post<{ Params: { kind: DealerKind }; Body: DealerBatch }>(
    "/integration/:kind",
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags,
        headers: KeyHeaders,
        description: `Upserts a batch of records of one kind by natural key (VIN, roNumber, dealNumber, contractNumber), all or nothing: a bad row or a key sent twice answers 400 DealerRowsInvalid with details [{row, field, message}] and writes nothing. A replayed batch reports its rows unchanged. Over ${DEALER_INLINE_ROWS} records the batch runs as a task: 202 with taskId (poll GET /integration/tasks/{taskId}).`,
        params: Type.Object({ kind: Type.Union(dealerKinds.map((k) => Type.Literal(k))) }),
        body: DealerBatch,
        response: { 200: Envelope(DealerBatchResult), 202: Envelope(DealerBatchResult) },
      },
    },
    async (req, reply) => {
      const appId = await appOfIntegrationKey(db, keyOf(req.headers));
      const { records } = req.body;
      if (records.length > DEALER_INLINE_ROWS) {
        const task = await createTask(db, {
          appId,
          type: DEALER_IMPORT_TASK,
          input: { kind: req.params.kind, records, source: "api" },
          fileName: `api ${req.params.kind}`,
          total: records.length,
        });
        await startDealerImport(app, db, task.id);
        return reply.code(202).send({
          data: { total: records.length, inserted: 0, updated: 0, unchanged: 0, errors: [], taskId: task.id },
        });
      }
      const result = await applyBatch(db, appId, req.params.kind, records);
      if (result.errors.length)
        throw new ApiError(
          "DealerRowsInvalid",
          undefined,
          result.errors.map((e) => ({ ...e, path: `/records/${e.row - 1}${e.field ? `/${e.field}` : ""}` })),
        );
      return { data: result };
    },
  );
  app.get<{ Params: { taskId: string } }>(
    "/integration/tasks/:taskId",
    {
      schema: {
        tags,
        headers: KeyHeaders,
        description: "A batch task of the key's app: progress, outcome and row errors.",
        params: Type.Object({ taskId: Type.String({ maxLength: 100 }) }),
        response: { 200: Envelope(TaskRecord) },
      },
    },
    async (req) => {
      const appId = await appOfIntegrationKey(db, keyOf(req.headers));
      const task = await taskById(db, req.params.taskId);
      if (!task || task.appId !== appId || task.type !== DEALER_IMPORT_TASK)
        throw new ApiError("TaskNotFound");
      return { data: taskRecord(task) };
    },
  );
};
