import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, FormDataPage, FormDataQuery, FormDataRow } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { deleteFormData, formDataCsv, getFormData, listFormData } from "../ops/form-data.ts";

const tags = ["Form data"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const ItemParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});
const CsvQuery = Type.Object(
  { featureId: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
);
const today = () => new Date().toISOString().slice(0, 10);

/** An app's custom form submissions (spec §7 form-data/{id} and csv). */
export const formDataRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<{ Params: { appId: string }; Querystring: FormDataQuery }>(
    "/apps/:appId/form-data",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        querystring: FormDataQuery,
        description:
          "Submissions newest first (formData.read), optionally of one form (featureId); forms lists each form with submissions and its count.",
        response: { 200: Envelope(FormDataPage) },
      },
    },
    async (req) => ({ data: await listFormData(db, req.caller, req.params.appId, req.query) }),
  );

  app.get<{ Params: { appId: string }; Querystring: { featureId?: string } }>(
    "/apps/:appId/form-data/csv",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        querystring: CsvQuery,
        description:
          "Submissions as CSV (formData.read): one column per field, UTF-8 with BOM, formulas escaped.",
      },
    },
    async (req, reply) => {
      const csv = await formDataCsv(db, req.caller, req.params.appId, req.query.featureId);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="form-data-${today()}.csv"`)
        .send(csv);
    },
  );

  app.get<{ Params: { appId: string; id: string } }>(
    "/apps/:appId/form-data/:id",
    { schema: { tags, security, params: ItemParams, response: { 200: Envelope(FormDataRow) } } },
    async (req) => ({ data: await getFormData(db, req.caller, req.params.appId, req.params.id) }),
  );

  app.delete<{ Params: { appId: string; id: string } }>(
    "/apps/:appId/form-data/:id",
    {
      schema: {
        tags,
        security,
        params: ItemParams,
        description: "Deletes a submission and its lead (leads.delete).",
      },
    },
    async (req) => {
      await deleteFormData(db, req.caller, req.params.appId, req.params.id);
      return { data: true };
    },
  );
};
