import type { FastifyPluginAsync } from "fastify";
import { AuditList, AuditQuery, Envelope } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { listAudit } from "../ops/admin-audit.ts";

/** The admin audit log (issue 18): every admin action, newest first, filterable by app and by admin. */
export const adminAuditRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.requireAdmin);
  app.get<{ Querystring: AuditQuery }>(
    "/admin/audit-log",
    {
      schema: {
        tags: ["Admin"],
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: Envelope(AuditList) },
      },
    },
    async (req) => ({ data: await listAudit(db, req.query) }),
  );
};
