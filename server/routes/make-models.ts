import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  BulkRows,
  CatalogQuery,
  EngineType,
  Envelope,
  ImportModeQuery,
  ImportResult,
  MakeModel,
  MakeModelInput,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { audit } from "../ops/admin-audit.ts";
import {
  bulkEngineTypes,
  bulkMakeModels,
  createMakeModel,
  deleteEngineType,
  deleteMakeModel,
  exportEngineTypesCsv,
  exportMakeModelsCsv,
  getMakeModel,
  type ImportMode,
  importEngineTypesCsv,
  importMakeModelsCsv,
  listEngineTypes,
  listMakeModels,
  updateMakeModel,
} from "../ops/catalog.ts";
import { csvText } from "./csv-body.ts";

const tags = ["Make-models"];
const security = [{ bearer: [] }];
const params = Type.Object({ id: Type.String({ maxLength: 100 }) });
type Id = { Params: { id: string } };
const csvSchema = {
  tags,
  security,
  consumes: ["text/csv", "multipart/form-data"],
  description:
    "?mode=partial keeps the good rows and reports the bad ones; all applies every row or none; preview applies nothing and answers what all would do.",
  querystring: ImportModeQuery,
};
type Mode = { Querystring: { mode?: ImportMode } };
/** What an import entry keeps: the counts and how many rows were refused. */
const importSummary = (r: { created: number; unchanged: number; errors: unknown[] }) => ({
  created: r.created,
  unchanged: r.unchanged,
  errors: r.errors.length,
});
const today = () => new Date().toISOString().slice(0, 10);

/** Admin catalog editing (spec §7: make-models CRUD, bulk, CSV; engine types bulk and CSV). */
export const makeModelAdminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.requireAdmin);

  app.get<{ Querystring: CatalogQuery }>(
    "/admin/make-models",
    {
      schema: {
        tags,
        security,
        querystring: CatalogQuery,
        response: { 200: Envelope(Type.Array(MakeModel)) },
      },
    },
    async (req) => ({ data: await listMakeModels(db, req.query) }),
  );
  app.post<{ Body: MakeModelInput }>(
    "/admin/make-models",
    { schema: { tags, security, body: MakeModelInput, response: { 200: Envelope(MakeModel) } } },
    async (req) => {
      const data = await createMakeModel(db, req.body);
      await audit(db, req.caller, { action: "makeModel.create", target: data.id, after: data });
      return { data };
    },
  );
  app.post<{ Body: unknown[] }>(
    "/admin/make-models/bulk",
    {
      schema: {
        tags,
        security,
        description: "Adds many rows; bad rows are reported by position and the good ones kept.",
        body: BulkRows,
        response: { 200: Envelope(ImportResult) },
      },
    },
    async (req) => {
      const data = await bulkMakeModels(db, req.body);
      await audit(db, req.caller, { action: "makeModel.bulk", after: importSummary(data) });
      return { data };
    },
  );
  app.get("/admin/make-models/csv", { schema: { tags, security } }, async (_req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="make-models-${today()}.csv"`)
      .send(await exportMakeModelsCsv(db)),
  );
  app.post<Mode>(
    "/admin/make-models/csv",
    { schema: { ...csvSchema, response: { 200: Envelope(ImportResult) } } },
    async (req) => {
      const data = await importMakeModelsCsv(db, await csvText(req), req.query.mode);
      if (data.applied !== false)
        await audit(db, req.caller, { action: "makeModel.import", after: importSummary(data) });
      return { data };
    },
  );

  app.get<{ Querystring: CatalogQuery }>(
    "/admin/make-models/engine-types",
    {
      schema: {
        tags,
        security,
        querystring: CatalogQuery,
        response: { 200: Envelope(Type.Array(EngineType)) },
      },
    },
    async (req) => ({ data: await listEngineTypes(db, req.query) }),
  );
  app.post<{ Body: unknown[] }>(
    "/admin/make-models/engine-types/bulk",
    { schema: { tags, security, body: BulkRows, response: { 200: Envelope(ImportResult) } } },
    async (req) => {
      const data = await bulkEngineTypes(db, req.body);
      await audit(db, req.caller, { action: "engineType.bulk", after: importSummary(data) });
      return { data };
    },
  );
  app.get("/admin/make-models/engine-types/csv", { schema: { tags, security } }, async (_req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="engine-types-${today()}.csv"`)
      .send(await exportEngineTypesCsv(db)),
  );
  app.post<Mode>(
    "/admin/make-models/engine-types/csv",
    { schema: { ...csvSchema, response: { 200: Envelope(ImportResult) } } },
    async (req) => {
      const data = await importEngineTypesCsv(db, await csvText(req), req.query.mode);
      if (data.applied !== false)
        await audit(db, req.caller, { action: "engineType.import", after: importSummary(data) });
      return { data };
    },
  );
  app.delete<Id>(
    "/admin/make-models/engine-types/:id",
    { schema: { tags, security, params } },
    async (req) => {
      const before = (await listEngineTypes(db, {})).find((e) => e.id === req.params.id.toLowerCase());
      await deleteEngineType(db, req.params.id);
      await audit(db, req.caller, { action: "engineType.delete", target: req.params.id, before });
      return { data: true };
    },
  );

  app.get<Id>(
    "/admin/make-models/:id",
    { schema: { tags, security, params, response: { 200: Envelope(MakeModel) } } },
    async (req) => ({ data: await getMakeModel(db, req.params.id) }),
  );
  app.put<Id & { Body: MakeModelInput }>(
    "/admin/make-models/:id",
    { schema: { tags, security, params, body: MakeModelInput, response: { 200: Envelope(MakeModel) } } },
    async (req) => {
      const before = await getMakeModel(db, req.params.id);
      const data = await updateMakeModel(db, req.params.id, req.body);
      await audit(db, req.caller, { action: "makeModel.update", target: data.id, before, after: data });
      return { data };
    },
  );
  app.delete<Id>("/admin/make-models/:id", { schema: { tags, security, params } }, async (req) => {
    const before = await getMakeModel(db, req.params.id);
    await deleteMakeModel(db, req.params.id);
    await audit(db, req.caller, { action: "makeModel.delete", target: before.id, before });
    return { data: true };
  });
};
