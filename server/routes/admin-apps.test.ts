import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeAppUserFile } from "../ops/app-user-files.ts";
import { diskStorage } from "../services/storage.ts";
import { call, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let admin: TestUser;
let owner: TestUser;
let appId: string;
beforeAll(async () => {
  app = await testApp();
  admin = await testUser(app, "Admin");
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Admin View Motors");
});
afterAll(() => app.close());

const get = (url: string) => call(app, { method: "GET", url, headers: admin.headers });

describe("admin apps", () => {
  it("lists apps 20 at a time with a name filter, hiding master apps unless asked", async () => {
    for (let i = 0; i < 22; i++) await testAppOf(app, owner, `Paged Motors ${String(i).padStart(2, "0")}`);
    const master = await testAppOf(app, owner, "Paged Master");
    await app.database.execute("update apps set is_master = true where id = $1", [master]);

    const first = await get("/api/admin/apps?name=paged");
    expect(first.body.data.total).toBe(22);
    expect(first.body.data.items).toHaveLength(20);
    const second = await get("/api/admin/apps?name=paged&skip=20");
    expect(second.body.data.items).toHaveLength(2);
    const ids = [...first.body.data.items, ...second.body.data.items].map((a: any) => a.appId);
    expect(new Set(ids).size).toBe(22);
    expect(ids).not.toContain(master);
    const withMaster = await get("/api/admin/apps?name=paged&includeMaster=true&take=50");
    expect(withMaster.body.data.total).toBe(23);
    expect(withMaster.body.data.items.find((a: any) => a.appId === master)).toMatchObject({ isMaster: true });
    // LIKE wildcards in the filter are taken literally.
    expect((await get("/api/admin/apps?name=%25")).body.data.total).toBe(0);
    expect((await get("/api/admin/apps?take=101")).status).toBe(400);
  });

  it("shows the admin app view, merges metadata, and bumps the version only for fields the builder saves", async () => {
    const view = await get(`/api/admin/apps/${appId}`);
    expect(view.body.data).toMatchObject({
      appId,
      name: "Admin View Motors",
      status: "Active",
      isMaster: false,
      integrationConfig: { rewardsStatus: "Disabled" },
      brandLocked: false,
      lastRelease: null,
    });
    const put = (payload: object) =>
      call(app, { method: "PUT", url: `/api/admin/apps/${appId}/metadata`, headers: admin.headers, payload });
    await put({
      appleBundleId: "com.example.motors",
      iosVersion: "1.2.0",
      integrationConfig: { ro: "dms-1" },
    });
    const merged = await put({
      androidVersion: "1.3.0",
      integrationConfig: { tca: "tca-9" },
      iosVersion: null,
    });
    expect(merged.body.data).toMatchObject({
      appleBundleId: "com.example.motors",
      androidVersion: "1.3.0",
      iosVersion: null,
      integrationConfig: { rewardsStatus: "Disabled", ro: "dms-1", tca: "tca-9" },
    });
    expect((await get(`/api/admin/apps/${appId}/metadata`)).body.data).toEqual(merged.body.data);
    expect((await get(`/api/admin/apps/${appId}`)).body.data.version).toBe(1);
    await put({ lang: "es" });
    expect((await get(`/api/admin/apps/${appId}`)).body.data).toMatchObject({ lang: "es", version: 2 });
    expect((await put({ unknownKey: 1 })).status).toBe(400);
  });

  it("releases, sets the version in review and the locations", async () => {
    const release = await call(app, {
      method: "POST",
      url: `/api/admin/apps/${appId}/release?fullUpdate=true`,
      headers: admin.headers,
    });
    expect(release.body.data).toMatchObject({ fullUpdate: true, version: expect.any(Number) });
    const review = await call(app, {
      method: "POST",
      url: `/api/admin/apps/${appId}/review-version?version=2.0.1`,
      headers: admin.headers,
    });
    expect(review.body.data).toMatchObject({
      inReviewVersion: "2.0.1",
      lastRelease: { id: release.body.data.id },
    });
    const bad = await call(app, {
      method: "POST",
      url: `/api/admin/apps/${appId}/review-version?version=latest`,
      headers: admin.headers,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { message: "version should look like 1.2.3" } },
    });
    const locations = await call(app, {
      method: "POST",
      url: `/api/admin/apps/${appId}/locations`,
      headers: admin.headers,
      payload: [{ id: "store-1", integrationId: "dms-42", name: "North" }, { id: "store-2" }],
    });
    const stored = [{ id: "store-1", integrationId: "dms-42", name: "North" }, { id: "store-2" }];
    expect(locations.body.data.locations).toEqual(stored);
    const asOwner = await call(app, { method: "GET", url: `/api/apps/${appId}`, headers: owner.headers });
    expect(asOwner.body.data.locations).toEqual(stored);
  });

  it("keeps push keys write-only", async () => {
    const url = `/api/admin/apps/${appId}/push-profile`;
    expect((await get(url)).status).toBe(404);
    const set = await call(app, {
      method: "POST",
      url,
      headers: admin.headers,
      payload: {
        ios: {
          bundleId: "com.example",
          teamId: "TEAM",
          keyId: "KEY",
          key: "-----BEGIN PRIVATE KEY-----secret",
        },
      },
    });
    expect(set.body.data).toEqual({
      ios: { bundleId: "com.example", teamId: "TEAM", keyId: "KEY", production: true, hasKey: true },
    });
    await call(app, {
      method: "POST",
      url,
      headers: admin.headers,
      payload: { web: { publicKey: "pub", privateKey: "very-secret", subject: "mailto:a@b.co" } },
    });
    const read = await get(url);
    expect(JSON.stringify(read.body)).not.toContain("secret");
    expect(read.body.data).toMatchObject({ ios: { hasKey: true }, web: { publicKey: "pub", hasKey: true } });
    expect((await call(app, { method: "POST", url, headers: admin.headers, payload: {} })).status).toBe(400);
    expect((await call(app, { method: "DELETE", url, headers: admin.headers })).status).toBe(200);
    expect((await get(url)).status).toBe(404);
  });

  it("lists, downloads and deletes app-user files", async () => {
    const storage = diskStorage(`${app.config.dataDir}/images`);
    const file = await storeAppUserFile(
      app.database.db,
      storage,
      appId,
      "vehicles.csv",
      "text/csv",
      Buffer.from("vin\n123"),
    );
    const list = await get(`/api/admin/apps/app-users/files?appId=${appId}`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: file.id, name: "vehicles.csv", bytes: 7, url: file.url }),
    ]);
    const download = await app.inject({ method: "GET", url: file.url, headers: admin.headers });
    expect(download.body).toBe("vin\n123");
    expect(download.headers["content-disposition"]).toContain("vehicles.csv");
    expect((await call(app, { method: "DELETE", url: file.url, headers: admin.headers })).status).toBe(200);
    expect((await get(`/api/admin/apps/app-users/files?appId=${appId}`)).body.data).toEqual([]);
    expect((await app.inject({ method: "GET", url: file.url, headers: admin.headers })).statusCode).toBe(404);
  });

  it("clears the public app cache so a status change shows at once", async () => {
    const widget = () => call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appId } });
    expect((await widget()).status).toBe(200);
    await app.database.execute("update apps set status = 'Inactive' where id = $1", [appId]);
    expect((await widget()).status).toBe(200);
    expect(
      (await call(app, { method: "DELETE", url: "/api/admin/apps/cache", headers: admin.headers })).status,
    ).toBe(200);
    expect(await widget()).toMatchObject({
      status: 404,
      body: { error: { message: "The app has been discontinued" } },
    });
    await call(app, {
      method: "PUT",
      url: `/api/admin/apps/${appId}/metadata`,
      headers: admin.headers,
      payload: { status: "Active" },
    });
    expect((await widget()).status).toBe(200);
  });

  it("lists any app's managers", async () => {
    const res = await get(`/api/admin/apps/${appId}/managers`);
    expect(res.body.data).toEqual([expect.objectContaining({ id: owner.id, role: "Owner" })]);
  });
});

describe("multiapps", () => {
  it("creates, reads, updates and deletes groups, keeping each app's multiappId in step", async () => {
    const a = await testAppOf(app, owner, "Group Member A");
    const b = await testAppOf(app, owner, "Group Member B");
    const created = await call(app, {
      method: "POST",
      url: "/api/admin/multiapps",
      headers: admin.headers,
      payload: { name: "Dealer Group", appIds: [a, b], downloadsAppId: a },
    });
    expect(created.body.data).toMatchObject({ name: "Dealer Group", appIds: [a, b], downloadsAppId: a });
    const id = created.body.data.id;
    const appA = await call(app, { method: "GET", url: `/api/apps/${a}`, headers: owner.headers });
    expect(appA.body.data.multiappId).toBe(id);

    const updated = await call(app, {
      method: "PUT",
      url: `/api/admin/multiapps/${id}`,
      headers: admin.headers,
      payload: { name: "Dealer Group 2", appIds: [b] },
    });
    expect(updated.body.data).toMatchObject({ name: "Dealer Group 2", appIds: [b], downloadsAppId: null });
    expect(
      (await call(app, { method: "GET", url: `/api/apps/${a}`, headers: owner.headers })).body.data
        .multiappId,
    ).toBeNull();
    expect((await get("/api/admin/multiapps")).body.data.map((m: any) => m.id)).toContain(id);

    const unknown = await call(app, {
      method: "POST",
      url: "/api/admin/multiapps",
      headers: admin.headers,
      payload: { name: "Ghosts", appIds: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: "InvalidValue" } } });
    expect(
      (await call(app, { method: "DELETE", url: `/api/admin/multiapps/${id}`, headers: admin.headers }))
        .status,
    ).toBe(200);
    expect((await get(`/api/admin/multiapps/${id}`)).status).toBe(404);
    expect(
      (await call(app, { method: "GET", url: `/api/apps/${b}`, headers: owner.headers })).body.data
        .multiappId,
    ).toBeNull();
  });
});

describe("client relations", () => {
  it("lets client managers keep client info and delete reports", async () => {
    const accountant = await testUser(app, "Accountant");
    const info = { contactName: "Dana Doe", contactEmail: "dana@example.com", notes: "Renews in May" };
    const set = await call(app, {
      method: "POST",
      url: `/api/client-relations/client-info/${appId}`,
      headers: accountant.headers,
      payload: info,
    });
    expect(set.body.data).toEqual(info);
    const { rows } = await app.database.execute(
      "insert into client_reports (app_id, title) values ($1, 'March insights') returning id",
      [appId],
    );
    const list = await call(app, {
      method: "GET",
      url: "/api/client-relations?name=Admin View",
      headers: accountant.headers,
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        appId,
        clientInfo: info,
        reports: [expect.objectContaining({ title: "March insights" })],
      }),
    ]);
    const del = await call(app, {
      method: "DELETE",
      url: `/api/client-relations/reports/${rows[0].id}`,
      headers: admin.headers,
    });
    expect(del.status).toBe(200);
    expect(
      (
        await call(app, {
          method: "DELETE",
          url: `/api/client-relations/reports/${rows[0].id}`,
          headers: admin.headers,
        })
      ).status,
    ).toBe(404);
    const bad = await call(app, {
      method: "POST",
      url: `/api/client-relations/client-info/${appId}`,
      headers: accountant.headers,
      payload: { contactEmail: "not-an-email" },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: "invalid email" } } });
  });
});
