import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  AudienceChoices,
  AudienceChoicesQuery,
  AudienceCount,
  AudienceCountInput,
  Envelope,
  PushListQuery,
  PushNotification,
  PushNotificationView,
  PushOccurrenceView,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import type { JobQueue } from "../jobs/types.ts";
import {
  audienceChoicesFor,
  audienceCount,
  createPush,
  deletePush,
  getPush,
  listPushes,
  type PushContext,
  pushOccurrenceList,
  updatePush,
} from "../ops/push-notifications.ts";

const security = [{ bearer: [] }];
const tags = ["Push notifications"];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const PushParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  pushId: Type.String({ maxLength: 100 }),
});

type AppReq = { Params: { appId: string } };
type PushReq = { Params: { appId: string; pushId: string } };

/** The composer's zone header and the server's job queue (when it runs one), for the schedule. */
function context(req: FastifyRequest): PushContext {
  const header = req.headers["x-user-timezone-offset"];
  return {
    offsetHeader: typeof header === "string" ? header : undefined,
    queue: (req.server as unknown as { queue?: JobQueue }).queue,
    log: (error) =>
      req.log.warn({ err: error }, "push.schedule could not be enqueued; the scheduler's next run sends it"),
  };
}

/**
 * Push notifications of an app (issue 13): View Schedule's list, the composer's create and audience count,
 * edit and delete under the 10-minute rule (spec §5), and each push's sends. Reading needs pushes.read,
 * everything else pushes.send on the path's app and on every target app (spec §6).
 */
export const pushNotificationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  const base = "/apps/:appId/push-notifications";

  app.get<AppReq & { Querystring: PushListQuery }>(
    base,
    {
      schema: {
        tags,
        security,
        description:
          "The pushes composed in or sent to this app, latest send time first, with status, next sends and counts. " +
          "`platform`/`token`: only pushes whose audience takes this app's subscription with that platform or token; " +
          "`from`/`to`: only pushes with a send in that window; `status`: Planned, Delivering, Recurring or Sent.",
        params: AppParams,
        querystring: PushListQuery,
        response: { 200: Envelope(Type.Array(PushNotificationView)) },
      },
    },
    async (req) => ({ data: await listPushes(db, req.caller, req.params.appId, req.query) }),
  );

  app.post<AppReq & { Body: PushNotification }>(
    base,
    {
      schema: {
        tags,
        security,
        description:
          "Schedules a push to the apps in `apps` (each one where the caller may send pushes, else 403). A send time " +
          "more than a minute in the past is refused (400 PushScheduleInPast); within the minute it goes now. The " +
          "recurrence runs in `timeZone` (IANA), else in the x-user-timezone-offset header's fixed offset.",
        params: AppParams,
        body: PushNotification,
        response: { 201: Envelope(PushNotificationView) },
      },
    },
    async (req, reply) => {
      const data = await createPush(db, req.caller, req.params.appId, req.body, context(req));
      reply.code(201);
      return { data };
    },
  );

  app.post<AppReq & { Body: AudienceCountInput }>(
    `${base}/audience-count`,
    {
      schema: {
        tags,
        security,
        description:
          "How many push subscriptions, distinct users and real Web Push subscriptions the audience takes in `apps` " +
          "(this app when absent): the composer's live count.",
        params: AppParams,
        body: AudienceCountInput,
        response: { 200: Envelope(AudienceCount) },
      },
    },
    async (req) => ({ data: await audienceCount(db, req.caller, req.params.appId, req.body) }),
  );

  app.get<AppReq & { Querystring: AudienceChoicesQuery }>(
    `${base}/audience-choices`,
    {
      schema: {
        tags,
        security,
        description:
          "The engine types (admin catalog, by the apps' makeModelType), multi-app groups and locations the " +
          "audience filters can take for the comma-separated `apps` (this app when absent): the composer's selects.",
        params: AppParams,
        querystring: AudienceChoicesQuery,
        response: { 200: Envelope(AudienceChoices) },
      },
    },
    async (req) => ({ data: await audienceChoicesFor(db, req.caller, req.params.appId, req.query.apps) }),
  );

  app.get<PushReq>(
    `${base}/:pushId`,
    {
      schema: {
        tags,
        security,
        description: "One push composed in or sent to this app (404 PushNotFound otherwise).",
        params: PushParams,
        response: { 200: Envelope(PushNotificationView) },
      },
    },
    async (req) => ({ data: await getPush(db, req.caller, req.params.appId, req.params.pushId) }),
  );

  app.get<PushReq>(
    `${base}/:pushId/occurrences`,
    {
      schema: {
        tags,
        security,
        description: "The push's sends, newest first: time, the sender's state and counts.",
        params: PushParams,
        response: { 200: Envelope(Type.Array(PushOccurrenceView)) },
      },
    },
    async (req) => ({
      data: await pushOccurrenceList(db, req.caller, req.params.appId, req.params.pushId),
    }),
  );

  app.put<PushReq & { Body: PushNotification }>(
    `${base}/:pushId`,
    {
      schema: {
        tags,
        security,
        description:
          "Replaces the push and its target apps. Less than 10 minutes before its next send (or once it has no " +
          "send left): 409 PushEditWindow with the spec's message.",
        params: PushParams,
        body: PushNotification,
        response: { 200: Envelope(PushNotificationView) },
      },
    },
    async (req) => ({
      data: await updatePush(db, req.caller, req.params.appId, req.params.pushId, req.body, context(req)),
    }),
  );

  app.delete<PushReq>(
    `${base}/:pushId`,
    {
      schema: {
        tags,
        security,
        description: "Deletes the push, under the same 10-minute rule as editing (409 PushEditWindow).",
        params: PushParams,
      },
    },
    async (req) => {
      await deletePush(db, req.caller, req.params.appId, req.params.pushId);
      return { data: true };
    },
  );
};
