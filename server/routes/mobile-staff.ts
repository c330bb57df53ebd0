import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AdvisorInput, Envelope, StaffMemberRecord } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { userOfToken } from "../ops/mobile-auth.ts";
import { MobileError } from "../ops/mobile-errors.ts";
import { chooseAdvisor, staffDirectory } from "../ops/staff-members.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];

/** The widget's staff directory (X-App) and the signed-in customer's choice of advisor. */
export const mobileStaffRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/mobile/app/staff-directory",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        description: "The app's staff directory in its order (the default member marked).",
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({ ...StaffMemberRecord.properties, chosen: Type.Optional(Type.Boolean()) }),
            ),
          ),
        },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      // A signed-in customer's token (optional) marks their advisor; the directory itself is public.
      const token = bearerOf(req);
      const user = token ? await userOfToken(db, appId, token).catch(() => undefined) : undefined;
      return { data: await staffDirectory(db, appId, user?.staffMemberId) };
    },
  );

  app.put<{ Params: { userId: string }; Body: AdvisorInput }>(
    "/mobile/users/:userId/advisor",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        body: AdvisorInput,
        description:
          "Sets (or with null clears) the signed-in customer's advisor, a member of this app's directory; their new leads and redemptions carry it.",
        response: { 200: Envelope(Type.Object({ staffMemberId: Type.Union([Type.String(), Type.Null()]) })) },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      const user = await userOfToken(db, appId, bearerOf(req));
      if (user.id !== req.params.userId) throw new MobileError("UserTokenInvalid");
      return { data: await chooseAdvisor(db, appId, user.id, req.body.staffMemberId) };
    },
  );
};
