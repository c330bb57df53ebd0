import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, Multiapp, MultiappInput } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { audit } from "../ops/admin-audit.ts";
import {
  createMultiapp,
  deleteMultiapp,
  getMultiapp,
  listMultiapps,
  updateMultiapp,
} from "../ops/multiapps.ts";

const tags = ["Admin"];
const security = [{ bearer: [] }];
const params = Type.Object({ id: Type.String({ maxLength: 100 }) });
type Id = { Params: { id: string } };

/** Multi-app groups, admin only (spec §7: CRUD at /admin/multiapps). */
export const multiappRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.requireAdmin);

  app.get(
    "/admin/multiapps",
    { schema: { tags, security, response: { 200: Envelope(Type.Array(Multiapp)) } } },
    async () => ({ data: await listMultiapps(db) }),
  );
  app.post<{ Body: MultiappInput }>(
    "/admin/multiapps",
    { schema: { tags, security, body: MultiappInput, response: { 200: Envelope(Multiapp) } } },
    async (req) => {
      const data = await createMultiapp(db, req.body);
      await audit(db, req.caller, { action: "multiapp.create", target: data.id, after: data });
      return { data };
    },
  );
  app.get<Id>(
    "/admin/multiapps/:id",
    { schema: { tags, security, params, response: { 200: Envelope(Multiapp) } } },
    async (req) => ({ data: await getMultiapp(db, req.params.id) }),
  );
  app.put<Id & { Body: MultiappInput }>(
    "/admin/multiapps/:id",
    { schema: { tags, security, params, body: MultiappInput, response: { 200: Envelope(Multiapp) } } },
    async (req) => {
      const before = await getMultiapp(db, req.params.id);
      const data = await updateMultiapp(db, req.params.id, req.body);
      await audit(db, req.caller, { action: "multiapp.update", target: data.id, before, after: data });
      return { data };
    },
  );
  app.delete<Id>("/admin/multiapps/:id", { schema: { tags, security, params } }, async (req) => {
    const before = await getMultiapp(db, req.params.id);
    await deleteMultiapp(db, req.params.id);
    await audit(db, req.caller, { action: "multiapp.delete", target: before.id, before });
    return { data: true };
  });
};
