import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  AppRoleName,
  Envelope,
  Manager,
  ManagerInvite,
  ManagerInviteResult,
  ManagerRoleChange,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { changeManagerRole, inviteManager, listManagers, removeManager } from "../ops/managers.ts";
import type { AppRole } from "../permissions.ts";
import type { Mailer } from "../services/mail.ts";

const tags = ["Managers"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const ManagerParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});

/** An app's team (spec §7 Managers): invite by e-mail with a role and locations, list, remove, change role. */
export const managerRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; linkOrigin: string }> = async (
  app,
  { db, mailer, linkOrigin },
) => {
  app.addHook("onRequest", app.authenticate);

  app.post<{ Params: { appId: string }; Body: ManagerInvite }>(
    "/accounts/app/:appId/managers",
    {
      schema: {
        tags,
        security,
        params: AppParams,
        body: ManagerInvite,
        response: { 200: Envelope(ManagerInviteResult) },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => ({
      data: await inviteManager(db, mailer, req.caller, req.params.appId, req.body, linkOrigin),
    }),
  );

  app.get<{ Params: { appId: string } }>(
    "/accounts/app/:appId/managers",
    { schema: { tags, security, params: AppParams, response: { 200: Envelope(Type.Array(Manager)) } } },
    async (req) => ({ data: await listManagers(db, req.caller, req.params.appId) }),
  );

  app.delete<{ Params: { appId: string; id: string } }>(
    "/accounts/app/:appId/managers/:id",
    { schema: { tags, security, params: ManagerParams } },
    async (req) => {
      await removeManager(db, req.caller, req.params.appId, req.params.id);
      return { data: true };
    },
  );

  app.post<{ Params: { appId: string; id: string; role: AppRole }; Body: ManagerRoleChange | undefined }>(
    "/accounts/app/:appId/managers/:id/role/:role",
    {
      schema: {
        tags,
        security,
        params: Type.Object({
          appId: Type.String({ maxLength: 100 }),
          id: Type.String({ maxLength: 100 }),
          role: AppRoleName,
        }),
        body: Type.Union([ManagerRoleChange, Type.Null()]),
        response: { 200: Envelope(Manager) },
      },
    },
    async (req) => ({
      data: await changeManagerRole(
        db,
        req.caller,
        req.params.appId,
        req.params.id,
        req.params.role,
        req.body?.locations,
      ),
    }),
  );
};
