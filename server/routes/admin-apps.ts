import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  AdminAppList,
  AdminAppsQuery,
  AdminAppView,
  AppLocations,
  AppMetadata,
  AppRelease,
  AppUserFile,
  Envelope,
  Manager,
  PushProfile,
  PushProfileView,
  ReleaseQuery,
  ReviewVersionQuery,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  adminAppRow,
  adminAppView,
  brandUnlock,
  getMetadata,
  listAdminApps,
  putMetadata,
  releaseApp,
  setLocations,
  setReviewVersion,
} from "../ops/admin-apps.ts";
import { audit } from "../ops/admin-audit.ts";
import { deleteAppUserFile, listAppUserFiles, readAppUserFile } from "../ops/app-user-files.ts";
import { teamOf } from "../ops/managers.ts";
import { deletePushProfile, getPushProfile, setPushProfile } from "../ops/push-profile.ts";
import type { AppCache } from "../services/app-cache.ts";
import type { Storage } from "../services/storage.ts";

const tags = ["Admin"];
const security = [{ bearer: [] }];
const params = Type.Object({ id: Type.String({ maxLength: 100 }) });
type Id = { Params: { id: string } };

/** Admin-only app administration under /admin/apps (spec §7 Admin). */
export const adminAppRoutes: FastifyPluginAsync<{ db: Db; cache: AppCache; storage: Storage }> = async (
  app,
  { db, cache, storage },
) => {
  app.addHook("onRequest", app.requireAdmin);

  app.get<{ Querystring: AdminAppsQuery }>(
    "/admin/apps",
    { schema: { tags, security, querystring: AdminAppsQuery, response: { 200: Envelope(AdminAppList) } } },
    async (req) => ({ data: await listAdminApps(db, req.query) }),
  );

  app.delete(
    "/admin/apps/cache",
    { schema: { tags, security, description: "Empties the public app cache of this node." } },
    async (req) => {
      cache.reset();
      await audit(db, req.caller, { action: "apps.cache.clear" });
      return { data: true };
    },
  );

  app.get<{ Querystring: { appId?: string } }>(
    "/admin/apps/app-users/files",
    {
      schema: {
        tags,
        security,
        querystring: Type.Object({ appId: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: Envelope(Type.Array(AppUserFile)) },
      },
    },
    async (req) => ({ data: await listAppUserFiles(db, req.query.appId) }),
  );

  app.get<Id>(
    "/admin/apps/app-users/files/:id",
    { schema: { tags, security, params } },
    async (req, reply) => {
      const file = await readAppUserFile(db, storage, req.params.id);
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${file.name.replace(/[^\w. -]/g, "_")}"`)
        .send(file.bytes);
    },
  );

  app.delete<Id>("/admin/apps/app-users/files/:id", { schema: { tags, security, params } }, async (req) => {
    const file = (await listAppUserFiles(db)).find((f) => f.id === req.params.id.toLowerCase());
    await deleteAppUserFile(db, storage, req.params.id);
    await audit(db, req.caller, {
      action: "app.userFile.delete",
      appId: file?.appId,
      target: req.params.id,
      before: file ? { name: file.name, bytes: file.bytes, created: file.created } : null,
    });
    return { data: true };
  });

  app.get<Id>(
    "/admin/apps/:id",
    { schema: { tags, security, params, response: { 200: Envelope(AdminAppView) } } },
    async (req) => ({ data: await adminAppView(db, req.params.id) }),
  );

  app.get<Id>(
    "/admin/apps/:id/managers",
    { schema: { tags, security, params, response: { 200: Envelope(Type.Array(Manager)) } } },
    async (req) => {
      await adminAppRow(db, req.params.id);
      return { data: await teamOf(db, req.params.id) };
    },
  );

  app.get<Id>(
    "/admin/apps/:id/metadata",
    { schema: { tags, security, params, response: { 200: Envelope(AppMetadata) } } },
    async (req) => ({ data: await getMetadata(db, req.params.id) }),
  );

  app.put<Id & { Body: AppMetadata }>(
    "/admin/apps/:id/metadata",
    {
      schema: {
        tags,
        security,
        description:
          "Merged into the stored metadata: absent keys kept, null clears, configs merge key by key.",
        params,
        body: AppMetadata,
        response: { 200: Envelope(AppMetadata) },
      },
    },
    async (req) => {
      const before = await getMetadata(db, req.params.id);
      const data = await putMetadata(db, req.params.id, req.body);
      cache.remove(req.params.id);
      // Only the keys that changed: the entry reads as the diff the console showed before saving.
      const keys = Object.keys(req.body).filter(
        (k) =>
          JSON.stringify(before[k as keyof AppMetadata]) !== JSON.stringify(data[k as keyof AppMetadata]),
      );
      await audit(db, req.caller, {
        action: "app.metadata",
        appId: req.params.id,
        before: Object.fromEntries(keys.map((k) => [k, before[k as keyof AppMetadata] ?? null])),
        after: Object.fromEntries(keys.map((k) => [k, data[k as keyof AppMetadata] ?? null])),
      });
      return { data };
    },
  );

  app.post<Id & { Querystring: { fullUpdate: boolean } }>(
    "/admin/apps/:id/release",
    {
      schema: { tags, security, params, querystring: ReleaseQuery, response: { 200: Envelope(AppRelease) } },
    },
    async (req) => {
      const data = await releaseApp(db, req.caller, req.params.id, req.query.fullUpdate);
      await audit(db, req.caller, {
        action: "app.release",
        appId: req.params.id,
        target: data.id,
        after: data,
      });
      return { data };
    },
  );

  app.post<Id & { Querystring: { version: string } }>(
    "/admin/apps/:id/review-version",
    {
      schema: {
        tags,
        security,
        params,
        querystring: ReviewVersionQuery,
        response: { 200: Envelope(AdminAppView) },
      },
    },
    async (req) => {
      const before = (await adminAppView(db, req.params.id)).inReviewVersion;
      const data = await setReviewVersion(db, req.params.id, req.query.version);
      await audit(db, req.caller, {
        action: "app.reviewVersion",
        appId: req.params.id,
        before: { inReviewVersion: before },
        after: { inReviewVersion: data.inReviewVersion },
      });
      return { data };
    },
  );

  app.post<Id & { Body: AppLocations }>(
    "/admin/apps/:id/locations",
    { schema: { tags, security, params, body: AppLocations, response: { 200: Envelope(AdminAppView) } } },
    async (req) => {
      const before = (await adminAppView(db, req.params.id)).locations;
      const data = await setLocations(db, req.params.id, req.body);
      await audit(db, req.caller, {
        action: "app.locations",
        appId: req.params.id,
        before: { locations: before },
        after: { locations: data.locations },
      });
      return { data };
    },
  );

  app.post<Id>(
    "/admin/apps/:id/brand-unlock",
    { schema: { tags, security, params, response: { 200: Envelope(AdminAppView) } } },
    async (req) => {
      const before = (await adminAppView(db, req.params.id)).brandLocked;
      const data = await brandUnlock(db, req.params.id);
      await audit(db, req.caller, {
        action: "app.brandUnlock",
        appId: req.params.id,
        before: { brandLocked: before },
        after: { brandLocked: data.brandLocked },
      });
      return { data };
    },
  );

  app.get<Id>(
    "/admin/apps/:id/push-profile",
    { schema: { tags, security, params, response: { 200: Envelope(PushProfileView) } } },
    async (req) => ({ data: await getPushProfile(db, req.params.id) }),
  );

  app.post<Id & { Body: PushProfile }>(
    "/admin/apps/:id/push-profile",
    {
      schema: {
        tags,
        security,
        description: "Sets the given platforms' credentials (others kept). Keys are write-only.",
        params,
        body: PushProfile,
        response: { 200: Envelope(PushProfileView) },
      },
    },
    async (req) => {
      const before = await getPushProfile(db, req.params.id).catch(() => null);
      const data = await setPushProfile(db, req.params.id, req.body);
      // The read views only: the audit log never holds a push secret.
      await audit(db, req.caller, {
        action: "app.pushProfile.set",
        appId: req.params.id,
        before,
        after: data,
      });
      return { data };
    },
  );

  app.delete<Id>("/admin/apps/:id/push-profile", { schema: { tags, security, params } }, async (req) => {
    const before = await getPushProfile(db, req.params.id).catch(() => null);
    await deletePushProfile(db, req.params.id);
    await audit(db, req.caller, { action: "app.pushProfile.delete", appId: req.params.id, before });
    return { data: true };
  });
};
