import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  Envelope,
  GeofenceCompleteInput,
  GeofenceCompletion,
  GeofenceInput,
  GeofenceRecord,
  OrderInput,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  completeGeofence,
  createGeofence,
  deleteGeofence,
  type GeofenceContext,
  getGeofence,
  listGeofences,
  orderGeofences,
  updateGeofence,
} from "../ops/geofences.ts";
import type { AppCache } from "../services/app-cache.ts";

const security = [{ bearer: [] }];
const tags = ["Geofences"];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const GeofenceParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  geofenceId: Type.String({ maxLength: 100 }),
});

type AppReq = { Params: { appId: string } };
type GeofenceReq = { Params: { appId: string; geofenceId: string } };

/**
 * An app's geofences (issue 13, spec §3): list in the app's order, read, create, replace (which resets who
 * entered it, spec §6), delete, order. Reading needs geofences.read, changing geofences.write on the path's
 * app and on every app named in `apps`. A change drops the widget's cached payload of the apps concerned.
 */
export const geofenceRoutes: FastifyPluginAsync<{ db: Db; cache: AppCache }> = async (app, { db, cache }) => {
  app.addHook("onRequest", app.authenticate);
  const changed = (appIds: string[]) => {
    for (const id of appIds) cache.remove(id);
  };
  const context = (req: FastifyRequest): GeofenceContext => {
    const header = req.headers["x-user-timezone-offset"];
    return { offsetHeader: typeof header === "string" ? header : undefined, onChange: changed };
  };
  const base = "/apps/:appId/geofences";

  app.get<AppReq>(
    base,
    {
      schema: {
        tags,
        security,
        description:
          "The app's geofences in its order, with status (Planned, Active, Recurring, Expired) and apps.",
        params: AppParams,
        response: { 200: Envelope(Type.Array(GeofenceRecord)) },
      },
    },
    async (req) => ({ data: await listGeofences(db, req.caller, req.params.appId) }),
  );

  app.put<AppReq & { Body: OrderInput }>(
    `${base}/order`,
    {
      schema: {
        tags,
        security,
        description:
          "Orders the app's geofences: `order` names every one exactly once (else 400 OrderMismatch).",
        params: AppParams,
        body: OrderInput,
        response: { 200: Envelope(Type.Array(GeofenceRecord)) },
      },
    },
    async (req) => ({
      data: await orderGeofences(db, req.caller, req.params.appId, req.body.order, changed),
    }),
  );

  app.post<AppReq & { Body: GeofenceInput }>(
    base,
    {
      schema: {
        tags,
        security,
        description:
          "A new geofence, last in the list of this app and of every app in `apps` (each one the caller may edit, " +
          "else 403). A recurrence repeats in `timeZone` (IANA), else in the x-user-timezone-offset header's offset.",
        params: AppParams,
        body: GeofenceInput,
        response: { 201: Envelope(GeofenceRecord) },
      },
    },
    async (req, reply) => {
      const data = await createGeofence(db, req.caller, req.params.appId, req.body, context(req));
      reply.code(201);
      return { data };
    },
  );

  app.get<GeofenceReq>(
    `${base}/:geofenceId`,
    {
      schema: {
        tags,
        security,
        description: "One geofence of this app (404 GeofenceNotFound otherwise).",
        params: GeofenceParams,
        response: { 200: Envelope(GeofenceRecord) },
      },
    },
    async (req) => ({ data: await getGeofence(db, req.caller, req.params.appId, req.params.geofenceId) }),
  );

  app.put<GeofenceReq & { Body: GeofenceInput }>(
    `${base}/:geofenceId`,
    {
      schema: {
        tags,
        security,
        description:
          "Replaces the geofence everywhere it runs and raises its version: everyone who entered it may enter it " +
          "again (spec §6). With `apps`, the links to apps the caller may edit become those named.",
        params: GeofenceParams,
        body: GeofenceInput,
        response: { 200: Envelope(GeofenceRecord) },
      },
    },
    async (req) => ({
      data: await updateGeofence(
        db,
        req.caller,
        req.params.appId,
        req.params.geofenceId,
        req.body,
        context(req),
      ),
    }),
  );

  app.delete<GeofenceReq>(
    `${base}/:geofenceId`,
    {
      schema: {
        tags,
        security,
        description:
          "In the app that owns it, deletes the geofence everywhere; in another app, takes it off that app.",
        params: GeofenceParams,
      },
    },
    async (req) => {
      await deleteGeofence(db, req.caller, req.params.appId, req.params.geofenceId, changed);
      return { data: true };
    },
  );

  app.put<GeofenceReq & { Body: GeofenceCompleteInput }>(
    "/apps/:appId/analytics/events/geofence/:geofenceId/complete",
    {
      schema: {
        tags,
        security,
        description:
          "Records that the end user `userId` completed (entered) the geofence in this app, in its current version " +
          "and occurrence: the widget does not deliver it to them again until its next occurrence or an update. " +
          "`completed` is false when it was already recorded.",
        params: GeofenceParams,
        body: GeofenceCompleteInput,
        response: { 200: Envelope(GeofenceCompletion) },
      },
    },
    async (req) => ({
      data: await completeGeofence(db, req.caller, req.params.appId, req.params.geofenceId, req.body.userId),
    }),
  );
};
