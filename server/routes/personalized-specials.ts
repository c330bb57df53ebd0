import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  Envelope,
  PersonalizedRedemptionInput,
  PersonalizedSpecial,
  PersonalizedSpecialAssign,
  PersonalizedSpecialBulk,
  PersonalizedSpecialBulkResult,
  PersonalizedSpecialQuery,
  Redemption,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  assignPersonalizedSpecials,
  bulkAddPersonalizedSpecials,
  deletePersonalizedSpecial,
  listPersonalizedSpecials,
} from "../ops/personalized-specials.ts";
import { personalizedSpecialRedemptions, recordPersonalizedRedemption } from "../ops/redemptions.ts";

const tags = ["Personalized specials"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const Params = Type.Object({ appId: Type.String({ maxLength: 100 }), id: Type.String({ maxLength: 100 }) });
type AppReq = { Params: { appId: string } };
type OneReq = { Params: { appId: string; id: string } };

/**
 * Personalized specials (spec §7, issue 12): coupons assigned to chosen app users, shown only to them. The
 * list, the whole assignment list of an offer, a bulk add from e-mails or phones, removal, and the
 * redemptions of one special.
 */
export const personalizedSpecialRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<AppReq & { Querystring: PersonalizedSpecialQuery }>(
    "/apps/:appId/personalized-specials",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        querystring: PersonalizedSpecialQuery,
        response: { 200: Envelope(Type.Array(PersonalizedSpecial)) },
      },
    },
    async (req) => ({ data: await listPersonalizedSpecials(db, req.caller, req.params.appId, req.query) }),
  );

  app.put<AppReq & { Body: PersonalizedSpecialAssign }>(
    "/apps/:appId/personalized-specials",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        body: PersonalizedSpecialAssign,
        response: { 200: Envelope(Type.Array(PersonalizedSpecial)) },
      },
    },
    async (req) => ({ data: await assignPersonalizedSpecials(db, req.caller, req.params.appId, req.body) }),
  );

  app.post<AppReq & { Body: PersonalizedSpecialBulk }>(
    "/apps/:appId/personalized-specials/bulk",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        body: PersonalizedSpecialBulk,
        response: { 200: Envelope(PersonalizedSpecialBulkResult) },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => ({ data: await bulkAddPersonalizedSpecials(db, req.caller, req.params.appId, req.body) }),
  );

  app.delete<OneReq>(
    "/apps/:appId/personalized-specials/:id",
    { schema: { tags, security, params: Params } },
    async (req) => {
      await deletePersonalizedSpecial(db, req.caller, req.params.appId, req.params.id);
      return { data: true };
    },
  );

  app.get<OneReq>(
    "/apps/:appId/personalized-specials/:id/redemptions",
    { schema: { tags, security, params: Params, response: { 200: Envelope(Type.Array(Redemption)) } } },
    async (req) => ({
      data: await personalizedSpecialRedemptions(db, req.caller, req.params.appId, req.params.id),
    }),
  );

  app.post<OneReq & { Body: PersonalizedRedemptionInput | null }>(
    "/apps/:appId/personalized-specials/:id/redemptions",
    {
      schema: {
        tags,
        security,
        params: Params,
        body: Type.Union([PersonalizedRedemptionInput, Type.Null()]),
        response: { 200: Envelope(Redemption) },
      },
    },
    async (req) => ({
      data: await recordPersonalizedRedemption(
        db,
        req.caller,
        req.params.appId,
        req.params.id,
        req.body ?? {},
      ),
    }),
  );
};
