import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  AdminAccountDetail,
  AdminAccountList,
  AdminAccountsQuery,
  Envelope,
  NewPassword,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { adminSetPassword, signInAs } from "../ops/accounts.ts";
import { accountDetail, listAccounts } from "../ops/admin-accounts.ts";
import { audit } from "../ops/admin-audit.ts";

const tags = ["Admin"];
const security = [{ bearer: [] }];
const UserParams = Type.Object({ id: Type.String({ format: "uuid", errorMessage: "invalid user id" }) });

/** Admin actions on accounts: the user list, impersonation (spec §6) and setting a password. */
export const adminAccountRoutes: FastifyPluginAsync<{ db: Db; superUserId?: string }> = async (
  app,
  { db, superUserId },
) => {
  app.addHook("onRequest", app.requireAdmin);

  app.get<{ Querystring: AdminAccountsQuery }>(
    "/admin/accounts",
    {
      schema: {
        tags,
        security,
        description: "Users by a part of their name or e-mail (search) and by type, ordered by e-mail.",
        querystring: AdminAccountsQuery,
        response: { 200: Envelope(AdminAccountList) },
      },
    },
    async (req) => ({ data: await listAccounts(db, req.query) }),
  );

  app.get<{ Params: { id: string } }>(
    "/admin/accounts/:id",
    {
      schema: { tags, security, params: UserParams, response: { 200: Envelope(AdminAccountDetail) } },
    },
    async (req) => ({ data: await accountDetail(db, req.params.id) }),
  );

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
      await audit(db, req.caller, { action: "account.signInAs", target: req.params.id });
      return { data: token };
    },
  );

  app.put<{ Params: { id: string }; Body: NewPassword }>(
    "/admin/accounts/:id/password",
    { schema: { tags, security, params: UserParams, body: NewPassword } },
    async (req) => {
      await adminSetPassword(db, req.caller, req.params.id, req.body.password, superUserId);
      req.log.info({ admin: req.caller.id, user: req.params.id }, "admin set a user's password");
      // Who and when only: the password itself is never written down.
      await audit(db, req.caller, { action: "account.password", target: req.params.id });
      return { data: true };
    },
  );
};
