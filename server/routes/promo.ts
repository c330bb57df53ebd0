import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, Promo } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { promoForMember, savePromo } from "../ops/promo.ts";

const tags = ["Promo"];
const security = [{ bearer: [] }];
const params = Type.Object({ id: Type.String({ maxLength: 100 }) });
const PromoView = Type.Object({
  promo: Promo,
  isDefault: Type.Boolean({ description: "No promo was saved yet: this is the default for the app's type" }),
  editable: Type.Boolean({ description: "The caller may change the promo (Owner, Manager or Admin)" }),
});

/**
 * The promo page's content (spec §2 promo page, §3 Promo), stored as the app's "promo" setting. Reading
 * needs a role on the app; writing needs the editor permission (spec §6: editable only for owner or editor).
 */
export const promoRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  type Req = { Params: { id: string } };

  app.get<Req>(
    "/apps/:id/promo",
    { schema: { tags, security, params, response: { 200: Envelope(PromoView) } } },
    async (req) => ({ data: await promoForMember(db, req.caller, req.params.id) }),
  );

  app.put<Req & { Body: Promo }>(
    "/apps/:id/promo",
    { schema: { tags, security, params, body: Promo, response: { 200: Envelope(PromoView) } } },
    async (req) => ({ data: await savePromo(db, req.caller, req.params.id, req.body) }),
  );
};
