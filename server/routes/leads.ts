import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, LeadListQuery, LeadPage, LeadRow } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { deleteLead, getLead, leadsCsv, listLeads } from "../ops/leads.ts";

const tags = ["Leads"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const LeadParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  leadId: Type.String({ maxLength: 100 }),
});
const CsvQuery = Type.Omit(LeadListQuery, ["skip", "take"], { additionalProperties: false });
const today = () => new Date().toISOString().slice(0, 10);

/** An app's leads (spec §7 leads GET/DELETE, with detail and a CSV export). */
export const leadRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<{ Params: { appId: string }; Querystring: LeadListQuery }>(
    "/apps/:appId/leads",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        querystring: LeadListQuery,
        description:
          "The app's leads, newest first (leads.read): q matches name, e-mail, phone or comments; from/to bound the date; skip, take (default 50, at most 200).",
        response: { 200: Envelope(LeadPage) },
      },
    },
    async (req) => ({ data: await listLeads(db, req.caller, req.params.appId, req.query) }),
  );

  app.get<{ Params: { appId: string }; Querystring: LeadListQuery }>(
    "/apps/:appId/leads/csv",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        querystring: CsvQuery,
        description:
          "The leads as CSV (leads.read), narrowed like the list: UTF-8 with BOM, formulas escaped.",
      },
    },
    async (req, reply) => {
      const csv = await leadsCsv(db, req.caller, req.params.appId, req.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="leads-${today()}.csv"`)
        .send(csv);
    },
  );

  app.get<{ Params: { appId: string; leadId: string } }>(
    "/apps/:appId/leads/:leadId",
    { schema: { tags, security, params: LeadParams, response: { 200: Envelope(LeadRow) } } },
    async (req) => ({ data: await getLead(db, req.caller, req.params.appId, req.params.leadId) }),
  );

  app.delete<{ Params: { appId: string; leadId: string } }>(
    "/apps/:appId/leads/:leadId",
    { schema: { tags, security, params: LeadParams, description: "Deletes a lead (leads.delete)." } },
    async (req) => {
      await deleteLead(db, req.caller, req.params.appId, req.params.leadId);
      return { data: true };
    },
  );
};
