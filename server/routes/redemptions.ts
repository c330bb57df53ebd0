import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, Redemption, RedemptionRecordInput } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { couponRedemptions, recordCouponRedemption } from "../ops/redemptions.ts";

const tags = ["Redemptions"];
const security = [{ bearer: [] }];
const Params = Type.Object({ appId: Type.String({ maxLength: 100 }), id: Type.String({ maxLength: 100 }) });

/**
 * Redemptions of a coupon (issue 12): the service desk's list, newest first, and staff recording one at the
 * desk. Events are not redeemed (they have 'More Info', spec §2), so only coupons have these calls.
 */
export const redemptionRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<{ Params: { appId: string; id: string } }>(
    "/apps/:appId/coupons/:id/redemptions",
    { schema: { tags, security, params: Params, response: { 200: Envelope(Type.Array(Redemption)) } } },
    async (req) => ({ data: await couponRedemptions(db, req.caller, req.params.appId, req.params.id) }),
  );

  app.post<{ Params: { appId: string; id: string }; Body: RedemptionRecordInput }>(
    "/apps/:appId/coupons/:id/redemptions",
    {
      schema: {
        tags,
        security,
        params: Params,
        body: RedemptionRecordInput,
        response: { 200: Envelope(Redemption) },
      },
    },
    async (req) => ({
      data: await recordCouponRedemption(db, req.caller, req.params.appId, req.params.id, req.body),
    }),
  );
};
