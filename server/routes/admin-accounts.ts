import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, NewPassword } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { adminSetPassword, signInAs } from "../ops/accounts.ts";

const tags = ["Admin"];
const security = [{ bearer: [] }];
const UserParams = Type.Object({ id: Type.String({ format: "uuid", errorMessage: "invalid user id" }) });

/** Admin actions on accounts: impersonation (spec §6) and setting a password. */
export const adminAccountRoutes: FastifyPluginAsync<{ db: Db; superUserId?: string }> = async (
  app,
  { db, superUserId },
) => {
  app.addHook("onRequest", app.requireAdmin);

  app.post<{ Params: { id: string } }>(
    "/admin/accounts/sign-in-as/:id",
    {
      schema: {
        tags,
        security,
        description:
          "A session token for another user; the admin's own token stays valid. The new session lasts at most " +
          "an hour and ends with the admin's session (sign-out, expiry, password change).",
        params: UserParams,
        response: { 200: Envelope(Type.String({ description: "session token" })) },
      },
    },
    async (req) => {
      const token = await signInAs(db, req.caller, req.token!, req.params.id, superUserId);
      req.log.info({ admin: req.caller.id, user: req.params.id }, "admin signed in as another user");
      return { data: token };
    },
  );

  app.put<{ Params: { id: string }; Body: NewPassword }>(
    "/admin/accounts/:id/password",
    { schema: { tags, security, params: UserParams, body: NewPassword } },
    async (req) => {
      await adminSetPassword(db, req.caller, req.params.id, req.body.password, superUserId);
      req.log.info({ admin: req.caller.id, user: req.params.id }, "admin set a user's password");
      return { data: true };
    },
  );
};
