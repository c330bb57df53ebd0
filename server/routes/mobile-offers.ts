import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Envelope, MobileOffers, MobileRedemption, MobileRedemptionInput } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { userOfToken } from "../ops/mobile-auth.ts";
import { MobileError } from "../ops/mobile-errors.ts";
import { mobileOffers, redeemInWidget } from "../ops/redemptions.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];
type UserReq = FastifyRequest<{ Params: { userId: string } }>;

/**
 * The signed-in end user's offers: their personalized specials and what they redeemed, and Redeem itself.
 * As with the profile, the bearer token must be {userId}'s in the app of X-App.
 */
export const mobileOfferRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  async function self(req: UserReq) {
    const appId = appIdOf(req);
    const user = await userOfToken(db, appId, bearerOf(req));
    if (user.id !== req.params.userId) throw new MobileError("UserTokenInvalid");
    return { appId, user };
  }

  app.get<{ Params: { userId: string } }>(
    "/mobile/users/:userId/offers",
    {
      schema: { tags, headers: MobileHeaders, params: UserParams, response: { 200: Envelope(MobileOffers) } },
    },
    async (req) => {
      const { appId, user } = await self(req);
      return { data: await mobileOffers(db, appId, user) };
    },
  );

  app.post<{ Params: { userId: string }; Body: MobileRedemptionInput }>(
    "/mobile/users/:userId/redemptions",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        body: MobileRedemptionInput,
        response: { 200: Envelope(MobileRedemption) },
      },
    },
    async (req) => {
      const { appId, user } = await self(req);
      return { data: await redeemInWidget(db, appId, user, req.body) };
    },
  );
};
