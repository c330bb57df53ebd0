import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { EndUserProfileUpdate, Vehicle } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { userOfToken } from "../ops/mobile-auth.ts";
import { MobileError } from "../ops/mobile-errors.ts";
import { endUserView, setVehicles, updateEndUser } from "../ops/mobile-users.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];
type UserReq = FastifyRequest<{ Params: { userId: string } }>;

/**
 * The signed-in end user's own profile and vehicles. The bearer token must belong to {userId} in the app of
 * X-App: a token never reads another user, nor the same person in another app.
 */
export const mobileUserRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  async function self(req: UserReq) {
    const user = await userOfToken(db, appIdOf(req), bearerOf(req));
    if (user.id !== req.params.userId) throw new MobileError("UserTokenInvalid");
    return user;
  }

  app.get<{ Params: { userId: string }; Querystring: { email?: string } }>(
    "/mobile/users/:userId",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        querystring: Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) }),
      },
    },
    async (req) => ({ data: await endUserView(db, await self(req)) }),
  );

  app.put<{ Params: { userId: string }; Body: EndUserProfileUpdate }>(
    "/mobile/users/:userId",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: { tags, headers: MobileHeaders, params: UserParams, body: EndUserProfileUpdate },
    },
    async (req) => ({ data: await updateEndUser(db, await self(req), req.body) }),
  );

  app.put<{ Params: { userId: string }; Body: Vehicle[] }>(
    "/mobile/users/:userId/vehicles",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        body: Type.Array(Vehicle, { maxItems: 50 }),
      },
    },
    async (req) => ({ data: await setVehicles(db, await self(req), req.body) }),
  );
};
