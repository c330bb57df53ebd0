import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  BulkRows,
  CatalogQuery,
  EngineType,
  Envelope,
  ImportResult,
  MakeModel,
  MakeModelInput,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  bulkEngineTypes,
  bulkMakeModels,
  createMakeModel,
  deleteEngineType,
  deleteMakeModel,
  exportEngineTypesCsv,
  exportMakeModelsCsv,
  getMakeModel,
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
const csvSchema = { tags, security, consumes: ["text/csv", "multipart/form-data"] };
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
    async (req) => ({ data: await createMakeModel(db, req.body) }),
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
    async (req) => ({ data: await bulkMakeModels(db, req.body) }),
  );
  app.get("/admin/make-models/csv", { schema: { tags, security } }, async (_req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="make-models-${today()}.csv"`)
      .send(await exportMakeModelsCsv(db)),
  );
  app.post(
    "/admin/make-models/csv",
    { schema: { ...csvSchema, response: { 200: Envelope(ImportResult) } } },
    async (req) => ({ data: await importMakeModelsCsv(db, await csvText(req)) }),
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
    async (req) => ({ data: await bulkEngineTypes(db, req.body) }),
  );
  app.get("/admin/make-models/engine-types/csv", { schema: { tags, security } }, async (_req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="engine-types-${today()}.csv"`)
      .send(await exportEngineTypesCsv(db)),
  );
  app.post(
    "/admin/make-models/engine-types/csv",
    { schema: { ...csvSchema, response: { 200: Envelope(ImportResult) } } },
    async (req) => ({ data: await importEngineTypesCsv(db, await csvText(req)) }),
  );
  app.delete<Id>(
    "/admin/make-models/engine-types/:id",
    { schema: { tags, security, params } },
    async (req) => {
      await deleteEngineType(db, req.params.id);
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
    async (req) => ({ data: await updateMakeModel(db, req.params.id, req.body) }),
  );
  app.delete<Id>("/admin/make-models/:id", { schema: { tags, security, params } }, async (req) => {
    await deleteMakeModel(db, req.params.id);
    return { data: true };
  });
};
