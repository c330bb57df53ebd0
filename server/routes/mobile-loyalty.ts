import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Envelope, LoyaltyCard, MobileStampInput, PointsAccount, StampResult } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { ownCards, stampWithCode } from "../ops/loyalty-stamps.ts";
import { userOfToken } from "../ops/mobile-auth.ts";
import { MobileError } from "../ops/mobile-errors.ts";
import { readAccount } from "../ops/points.ts";
import type { Limits } from "../services/limits.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];
type UserReq = FastifyRequest<{ Params: { userId: string } }>;

/**
 * The signed-in end user's stamp cards and points in the widget. As for the profile, the bearer token must
 * be {userId}'s in the app of X-App.
 */
export const mobileLoyaltyRoutes: FastifyPluginAsync<{ db: Db; limits: Limits }> = async (
  app,
  { db, limits },
) => {
  async function self(req: UserReq) {
    const user = await userOfToken(db, appIdOf(req), bearerOf(req));
    if (user.id !== req.params.userId) throw new MobileError("UserTokenInvalid");
    return user;
  }

  app.get<{ Params: { userId: string }; Querystring: { featureId?: string } }>(
    "/mobile/users/:userId/loyalty-cards",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        querystring: Type.Object({ featureId: Type.Optional(Type.String({ format: "uuid" })) }),
        response: { 200: Envelope(Type.Array(LoyaltyCard)) },
      },
    },
    async (req) => ({ data: await ownCards(db, await self(req), req.query.featureId) }),
  );

  app.post<{ Params: { userId: string }; Body: MobileStampInput }>(
    "/mobile/users/:userId/loyalty-stamps",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        body: MobileStampInput,
        description:
          "Adds a stamp when the code is the Loyalty feature's counter code. Wrong code: 422 StampCodeInvalid; after 5 wrong codes within an hour every try (a right one too) answers 429 StampCodeLimited with details.retryAfterSeconds.",
        response: { 200: Envelope(StampResult) },
      },
    },
    async (req) => {
      const user = await self(req);
      return { data: await stampWithCode(db, limits, user, req.body.featureId, req.body.code) };
    },
  );

  app.get<{ Params: { userId: string } }>(
    "/mobile/users/:userId/points",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        response: { 200: Envelope(PointsAccount) },
      },
    },
    async (req) => {
      const user = await self(req);
      return { data: await readAccount(db, { appId: user.appId, endUserId: user.id }) };
    },
  );
};
