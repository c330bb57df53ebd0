import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  Envelope,
  LoyaltyUserQuery,
  PointsAccount,
  PointsEarnInput,
  PointsProgram,
  PointsSpendInput,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  earnPoints,
  getPointsProgram,
  pointsForConsole,
  putPointsProgram,
  spendPoints,
} from "../ops/points.ts";

const tags = ["Points"];
const security = [{ bearer: [] }];
const params = Type.Object({ appId: Type.String({ maxLength: 100 }) });
type Req = { Params: { appId: string } };

/** The points program (Loyalty2) and its ledger: settings, an app user's account, award and redeem. */
export const pointsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<Req>(
    "/apps/:appId/points-program",
    {
      schema: {
        tags,
        security,
        params,
        description: "The app's points program (points.read); an app without one answers the default, off.",
        response: { 200: Envelope(PointsProgram) },
      },
    },
    async (req) => ({ data: await getPointsProgram(db, req.caller, req.params.appId) }),
  );

  app.put<Req & { Body: PointsProgram }>(
    "/apps/:appId/points-program",
    {
      schema: {
        tags,
        security,
        params,
        body: PointsProgram,
        description: "Sets the app's points program (loyalty.manage).",
        response: { 200: Envelope(PointsProgram) },
      },
    },
    async (req) => ({ data: await putPointsProgram(db, req.caller, req.params.appId, req.body) }),
  );

  app.get<Req & { Querystring: LoyaltyUserQuery }>(
    "/apps/:appId/points",
    {
      schema: {
        tags,
        security,
        params,
        querystring: LoyaltyUserQuery,
        description: "An app user's points: balance, value, next expiry, caps and history (points.read).",
        response: { 200: Envelope(PointsAccount) },
      },
    },
    async (req) => ({
      data: await pointsForConsole(db, req.caller, req.params.appId, req.query.appUserId),
    }),
  );

  app.post<Req & { Body: PointsEarnInput }>(
    "/apps/:appId/points/earn",
    {
      schema: {
        tags,
        security,
        params,
        body: PointsEarnInput,
        description:
          "Awards points (points.write). Refused with 409 PointsCapReached (details.cap, details.allowed) when a daily, monthly, annual or per-visit cap would be passed, PointsBalanceLimit over the balance limit, PointsProgramDisabled when the program is off.",
        response: { 200: Envelope(PointsAccount) },
      },
    },
    async (req) => ({ data: await earnPoints(db, req.caller, req.params.appId, req.body) }),
  );

  app.post<Req & { Body: PointsSpendInput }>(
    "/apps/:appId/points/spend",
    {
      schema: {
        tags,
        security,
        params,
        body: PointsSpendInput,
        description:
          "Redeems points (points.write), oldest earnings first; 409 PointsInsufficient when the balance does not cover the amount.",
        response: { 200: Envelope(PointsAccount) },
      },
    },
    async (req) => ({ data: await spendPoints(db, req.caller, req.params.appId, req.body) }),
  );
};
