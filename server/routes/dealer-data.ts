import { Readable } from "node:stream";
import { Type } from "@sinclair/typebox";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import {
  Deal,
  DealerImport,
  type DealerKind,
  DealerListQuery,
  DealerPage,
  dealerKinds,
  Envelope,
  GloveboxDocument,
  InventoryReport,
  InventoryReportQuery,
  InventoryResults,
  InventorySearch,
  InventoryVehicle,
  RepairOrder,
  ServiceContract,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { tasks } from "../db/schema-team.ts";
import { ApiError } from "../errors.ts";
import { DEALER_IMPORT_JOB, DEALER_IMPORT_TASK, runDealerImport } from "../jobs/dealer-import.ts";
import { jobs } from "../jobs/index.ts";
import type { JobQueue } from "../jobs/types.ts";
import { appForCaller } from "../ops/apps.ts";
import {
  DEALER_CSV_MAX_BYTES,
  deleteDealerRecord,
  getDealerRecord,
  listDealerRecords,
  parseDealerCsv,
} from "../ops/dealer-data.ts";
import { dealerCsvExport } from "../ops/dealer-export.ts";
import { deleteDocument, listUserDocuments, uploadUserDocument } from "../ops/documents.ts";
import { searchInventoryFor } from "../ops/inventory.ts";
import { inventoryReport } from "../ops/inventory-report.ts";
import { createTask, taskRecord } from "../ops/tasks.ts";
import type { Storage } from "../services/storage.ts";
import { documentUpload } from "./dealer-uploads.ts";
import { uploadedFile } from "./uploads.ts";

const tags = ["Dealer data"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const IdParams = Type.Object({ appId: Type.String({ maxLength: 100 }), id: Type.String({ maxLength: 100 }) });
type AppReq = { Params: { appId: string } };
type IdReq = { Params: { appId: string; id: string } };

const recordSchemas = {
  inventory: InventoryVehicle,
  "repair-orders": RepairOrder,
  deals: Deal,
  "service-contracts": ServiceContract,
} as const;
const names: Record<DealerKind, string> = {
  inventory: "inventory vehicle",
  "repair-orders": "repair order",
  deals: "deal",
  "service-contracts": "service contract",
};

/**
 * Runs a dealer import task through the job queue (pg-boss), or in this process before answering when jobs
 * are off (buildApp's default outside npm start, and server tests), so a task never waits forever.
 */
export async function startDealerImport(app: FastifyInstance, db: Db, taskId: string) {
  const queue = (app as unknown as { queue?: JobQueue & { mode?: string } }).queue;
  if (queue && queue.mode !== "off" && jobs.some((j) => j.name === DEALER_IMPORT_JOB))
    await queue.send(DEALER_IMPORT_JOB, { taskId }, { singletonKey: taskId });
  else await runDealerImport(db, taskId);
}

/** The CSV text of an upload: a multipart file (up to 40 MB) or a text/csv body. */
async function dealerCsvText(req: Parameters<typeof uploadedFile>[0]): Promise<string> {
  if (req.isMultipart()) {
    const bytes = await uploadedFile(req, {
      maxBytes: DEALER_CSV_MAX_BYTES,
      missing: new ApiError("CsvInvalid", "A CSV file is required"),
      tooLarge: new ApiError("CsvInvalid", "The CSV file is larger than 40 MB"),
      broken: new ApiError("CsvInvalid", "The upload could not be read"),
    });
    return bytes.toString("utf8");
  }
  if (typeof req.body === "string") return req.body;
  throw new ApiError("UnsupportedMedia", "Send the CSV as text/csv or as a multipart file");
}

function mappingOf(raw: string | undefined): Record<string, string> | undefined {
  if (!raw) return undefined;
  try {
    const m = JSON.parse(raw);
    if (
      m &&
      typeof m === "object" &&
      !Array.isArray(m) &&
      Object.values(m).every((x) => typeof x === "string")
    )
      return m as Record<string, string>;
  } catch {
    // falls through to the error below
  }
  throw new ApiError("Validation", "mapping must be a JSON object of CSV header to field", [
    { path: "/mapping", message: "mapping must be a JSON object of CSV header to field" },
  ]);
}

/**
 * Dealer data in the console (issue 16): inventory, repair orders, deals and service contracts (list with
 * search and paging, one record, delete), the inventory search with facets, CSV imports as tasks with their
 * history, and customers' glovebox documents.
 */
export const dealerDataRoutes: FastifyPluginAsync<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.addHook("onRequest", app.authenticate);

  for (const kind of dealerKinds) {
    const base = `/apps/:appId/${kind}`;
    const record = recordSchemas[kind];
    app.get<AppReq & { Querystring: DealerListQuery }>(
      base,
      {
        schema: {
          tags,
          security,
          description: `The app's ${names[kind]}s, newest first: \`q\` searches numbers, VIN and customer; 1-based \`page\`.`,
          params: AppParams,
          querystring: DealerListQuery,
          response: { 200: Envelope(DealerPage(record)) },
        },
      },
      async (req) => ({ data: await listDealerRecords(db, req.caller, req.params.appId, kind, req.query) }),
    );
    app.get<IdReq>(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          description: `One ${names[kind]} of this app.`,
          params: IdParams,
          response: { 200: Envelope(record) },
        },
      },
      async (req) => ({ data: await getDealerRecord(db, req.caller, req.params.appId, kind, req.params.id) }),
    );
    app.delete<IdReq>(
      `${base}/:id`,
      { schema: { tags, security, description: `Deletes one ${names[kind]}.`, params: IdParams } },
      async (req) => {
        await deleteDealerRecord(db, req.caller, req.params.appId, kind, req.params.id);
        return { data: true };
      },
    );
  }

  app.post<AppReq & { Body: InventoryReportQuery }>(
    "/apps/:appId/analytics/inventory/report",
    {
      schema: {
        tags,
        security,
        description:
          "Views (vehicle detail page views), favourites and leads per vehicle over UTC days from..to (inclusive; default the last 30 days), most viewed first, from the analytics rollups.",
        params: AppParams,
        body: InventoryReportQuery,
        response: { 200: Envelope(InventoryReport) },
      },
    },
    async (req) => ({ data: await inventoryReport(db, req.caller, req.params.appId, req.body ?? {}) }),
  );

  app.post<AppReq & { Body: InventorySearch }>(
    "/apps/:appId/inventory/search",
    {
      schema: {
        tags,
        security,
        description:
          "Searches the inventory (spec §3 filter) with sort, paging and facets: counts per value of each list filter with the other filters applied, makes with models, and the year, price and mileage bounds.",
        params: AppParams,
        body: InventorySearch,
        response: { 200: Envelope(InventoryResults) },
      },
    },
    async (req) => ({ data: await searchInventoryFor(db, req.caller, req.params.appId, req.body) }),
  );

  app.post<{
    Params: { appId: string; kind: DealerKind };
    Querystring: { fileName?: string; mapping?: string };
  }>(
    "/apps/:appId/dealer-data/:kind/csv",
    {
      bodyLimit: DEALER_CSV_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        security,
        consumes: ["text/csv", "multipart/form-data"],
        description:
          "Imports a CSV of one kind as a task, all or nothing, upserting by natural key: 202 {taskId}; poll GET /public/apps/{appId}/tasks/{taskId}?taskType=dealer-import. `mapping` (JSON) names the field of each header; without it headers are matched by name.",
        params: Type.Object({
          appId: Type.String({ maxLength: 100 }),
          kind: Type.Union(dealerKinds.map((k) => Type.Literal(k))),
        }),
        querystring: Type.Object({
          fileName: Type.Optional(Type.String({ maxLength: 200 })),
          mapping: Type.Optional(Type.String({ maxLength: 20_000 })),
        }),
        response: { 202: Envelope(Type.Object({ taskId: Type.String() })) },
      },
    },
    async (req, reply) => {
      await appForCaller(db, req.caller, req.params.appId, "dealerData.write");
      const mapping = mappingOf(req.query.mapping);
      const text = await dealerCsvText(req);
      const { rows } = parseDealerCsv(req.params.kind, text, mapping);
      const task = await createTask(db, {
        appId: req.params.appId,
        type: DEALER_IMPORT_TASK,
        input: { kind: req.params.kind, text, mapping, source: "csv" },
        fileName: req.query.fileName ?? `${req.params.kind}.csv`,
        total: rows.length,
        createdBy: req.caller.id,
      });
      await startDealerImport(app, db, task.id);
      return reply.code(202).send({ data: { taskId: task.id } });
    },
  );

  app.get<{ Params: { appId: string; kind: DealerKind }; Querystring: { bom?: boolean } }>(
    "/apps/:appId/dealer-data/:kind/csv",
    {
      schema: {
        tags,
        security,
        summary: "Export dealer data as CSV",
        description:
          "Every record of one kind (inventory, repair-orders, deals, service-contracts) as CSV in the import's columns, by natural key, streamed: cells a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) start with a quote; `bom=true` starts the file with a UTF-8 byte order mark (the console's download, for spreadsheets).",
        params: Type.Object({
          appId: Type.String({ maxLength: 100 }),
          kind: Type.Union(dealerKinds.map((k) => Type.Literal(k))),
        }),
        querystring: Type.Object({ bom: Type.Optional(Type.Boolean()) }),
        response: {
          200: {
            description: "The CSV file (text/csv; charset=utf-8), as an attachment",
            content: { "text/csv": { schema: Type.String() } },
          },
        },
      },
    },
    async (req, reply) => {
      const chunks = await dealerCsvExport(db, req.caller, req.params.appId, req.params.kind, {
        bom: req.query.bom,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${req.params.kind}-${day}.csv"`)
        .send(Readable.from(chunks));
    },
  );

  app.get<AppReq>(
    "/apps/:appId/dealer-data/imports",
    {
      schema: {
        tags,
        security,
        description: "The app's last 100 dealer imports (CSV files and large API batches), newest first.",
        params: AppParams,
        response: { 200: Envelope(Type.Array(DealerImport)) },
      },
    },
    async (req) => {
      await appForCaller(db, req.caller, req.params.appId, "dealerData.read");
      const rows = await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.appId, req.params.appId), eq(tasks.type, DEALER_IMPORT_TASK)))
        .orderBy(desc(tasks.createdAt))
        .limit(100);
      return { data: rows.map(taskRecord) };
    },
  );

  const UserParams = Type.Object({
    appId: Type.String({ maxLength: 100 }),
    userId: Type.String({ maxLength: 100 }),
  });
  type UserReq = { Params: { appId: string; userId: string } };
  app.get<UserReq>(
    "/apps/:appId/app-users/:userId/documents",
    {
      schema: {
        tags,
        security,
        description: "A customer's glovebox documents, newest first.",
        params: UserParams,
        response: { 200: Envelope(Type.Array(GloveboxDocument)) },
      },
    },
    async (req) => ({ data: await listUserDocuments(db, req.caller, req.params.appId, req.params.userId) }),
  );
  app.post<UserReq & { Querystring: { kind?: string; title?: string; vin?: string } }>(
    "/apps/:appId/app-users/:userId/documents",
    {
      schema: {
        tags,
        security,
        consumes: ["multipart/form-data"],
        description:
          "Adds a document (PDF, JPEG, PNG, WebP or HEIC, up to 10 MB) to a customer's glovebox; it is also listed by the admin app-user files calls.",
        params: UserParams,
        querystring: Type.Object({
          kind: Type.Optional(Type.String({ maxLength: 20 })),
          title: Type.Optional(Type.String({ maxLength: 200 })),
          vin: Type.Optional(Type.String({ maxLength: 17 })),
        }),
        response: { 200: Envelope(GloveboxDocument) },
      },
    },
    async (req) => {
      await appForCaller(db, req.caller, req.params.appId, "dealerData.write");
      const { bytes, fileName } = await documentUpload(req);
      return {
        data: await uploadUserDocument(
          db,
          storage,
          req.caller,
          req.params.appId,
          req.params.userId,
          {
            ...req.query,
            fileName,
          },
          bytes,
        ),
      };
    },
  );
  app.delete<IdReq>(
    "/apps/:appId/documents/:id",
    {
      schema: { tags, security, description: "Deletes a glovebox document and its file.", params: IdParams },
    },
    async (req) => {
      await deleteDocument(db, storage, req.caller, req.params.appId, req.params.id);
      return { data: true };
    },
  );
};
