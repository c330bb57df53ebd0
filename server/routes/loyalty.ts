import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  Envelope,
  LoyaltyCard,
  LoyaltyStampEntry,
  LoyaltyUserQuery,
  StaffStampInput,
  StampResult,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { cardsForConsole, stampByStaff, stampLog } from "../ops/loyalty-stamps.ts";

const tags = ["Loyalty"];
const security = [{ bearer: [] }];
const params = Type.Object({ appId: Type.String({ maxLength: 100 }) });
type Req = { Params: { appId: string } };

/** Stamp cards for the service desk (spec §7 loyalty-cards?appUserId, loyalty-stamps GET/POST). */
export const loyaltyRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<Req & { Querystring: LoyaltyUserQuery }>(
    "/apps/:appId/loyalty-cards",
    {
      schema: {
        tags,
        security,
        params,
        querystring: LoyaltyUserQuery,
        description: "An app user's stamp cards with their logs, newest first (loyalty.stamp).",
        response: { 200: Envelope(Type.Array(LoyaltyCard)) },
      },
    },
    async (req) => ({
      data: await cardsForConsole(db, req.caller, req.params.appId, req.query.appUserId),
    }),
  );

  app.get<Req & { Querystring: LoyaltyUserQuery }>(
    "/apps/:appId/loyalty-stamps",
    {
      schema: {
        tags,
        security,
        params,
        querystring: LoyaltyUserQuery,
        description: "An app user's stamps, newest first: when, how (code or staff) and by whom.",
        response: { 200: Envelope(Type.Array(LoyaltyStampEntry)) },
      },
    },
    async (req) => ({ data: await stampLog(db, req.caller, req.params.appId, req.query.appUserId) }),
  );

  app.post<Req & { Body: StaffStampInput }>(
    "/apps/:appId/loyalty-stamps",
    {
      schema: {
        tags,
        security,
        params,
        body: StaffStampInput,
        description:
          "A staff member adds a stamp to the app user's open card of a Loyalty feature (loyalty.stamp); a full card answers completed with the feature's reward.",
        response: { 200: Envelope(StampResult) },
      },
    },
    async (req) => ({ data: await stampByStaff(db, req.caller, req.params.appId, req.body) }),
  );
};
