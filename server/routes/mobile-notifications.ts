import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import {
  inboxOwner,
  listInbox,
  liveApp,
  markAllRead,
  markDelivered,
  markOpened,
} from "../ops/mobile-notifications.ts";
import { appIdOf, bearerOf, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];

const InboxItem = Type.Object({
  id: Type.String(),
  message: Type.String(),
  path: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  read: Type.Boolean(),
  opened: Type.Boolean(),
});
const EntryParams = Type.Object({
  userId: Type.String({ format: "uuid" }),
  notificationId: Type.String({ format: "uuid" }),
});
type Entry = { Params: { userId: string; notificationId: string } };

/**
 * The widget's inbox (the bell and the notifications screen). A signed-in user's calls carry their bearer
 * token like the other user calls; an anonymous install id reads only its own entries (ops/mobile-notifications.ts).
 * The delivered receipt comes from the service worker, which holds no token: the entry's id, its user and
 * its app must all match, and it only stamps the first delivery.
 */
export const mobileNotificationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Params: { userId: string } }>(
    "/mobile/users/:userId/notifications",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        response: {
          200: Type.Object({ data: Type.Object({ items: Type.Array(InboxItem), unread: Type.Integer() }) }),
        },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await inboxOwner(db, appId, req.params.userId, bearerOf(req));
      return { data: await listInbox(db, appId, req.params.userId) };
    },
  );

  app.put<Entry>(
    "/mobile/users/:userId/notifications/:notificationId/opened",
    { schema: { tags, headers: MobileHeaders, params: EntryParams } },
    async (req) => {
      const appId = appIdOf(req);
      await inboxOwner(db, appId, req.params.userId, bearerOf(req));
      await markOpened(db, appId, req.params.userId, req.params.notificationId);
      return { data: { opened: true } };
    },
  );

  app.put<{ Params: { userId: string } }>(
    "/mobile/users/:userId/notifications/read",
    { schema: { tags, headers: MobileHeaders, params: UserParams } },
    async (req) => {
      const appId = appIdOf(req);
      await inboxOwner(db, appId, req.params.userId, bearerOf(req));
      return { data: await markAllRead(db, appId, req.params.userId) };
    },
  );

  app.post<Entry>(
    "/mobile/users/:userId/notifications/:notificationId/delivered",
    { schema: { tags, headers: MobileHeaders, params: EntryParams } },
    async (req) => {
      const appId = appIdOf(req);
      await liveApp(db, appId);
      await markDelivered(db, appId, req.params.userId, req.params.notificationId);
      return { data: { delivered: true } };
    },
  );
};
