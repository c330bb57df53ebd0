import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { ClientInfo, ClientRelation, ClientRelationsQuery, Envelope } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { audit } from "../ops/admin-audit.ts";
import {
  deleteClientReport,
  getClientInfo,
  listClientRelations,
  setClientInfo,
} from "../ops/client-relations.ts";

const tags = ["Client relations"];
const security = [{ bearer: [] }];
const params = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** Client relations (spec §7), for client managers: Admin and Accountant (spec §6). */
export const clientRelationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.requireClientManager);

  app.get<{ Querystring: ClientRelationsQuery }>(
    "/client-relations",
    {
      schema: {
        tags,
        security,
        querystring: ClientRelationsQuery,
        response: { 200: Envelope(Type.Array(ClientRelation)) },
      },
    },
    async (req) => ({ data: await listClientRelations(db, req.query) }),
  );

  app.post<{ Params: { id: string }; Body: ClientInfo }>(
    "/client-relations/client-info/:id",
    {
      schema: {
        tags,
        security,
        description: "Replaces the client info of the app with this id.",
        params,
        body: ClientInfo,
        response: { 200: Envelope(ClientInfo) },
      },
    },
    async (req) => {
      const before = await getClientInfo(db, req.params.id);
      const data = await setClientInfo(db, req.params.id, req.body);
      await audit(db, req.caller, { action: "client.info", appId: req.params.id, before, after: data });
      return { data };
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/client-relations/reports/:id",
    { schema: { tags, security, params } },
    async (req) => {
      const before = await deleteClientReport(db, req.params.id);
      await audit(db, req.caller, {
        action: "client.report.delete",
        appId: before.appId,
        target: req.params.id,
        before,
      });
      return { data: true };
    },
  );
};
