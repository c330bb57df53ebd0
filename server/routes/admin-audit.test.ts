import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeAppUserFile } from "../ops/app-user-files.ts";
import { diskStorage } from "../services/storage.ts";
import { call, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";

/**
 * Issue 18: every admin call is refused for an app's Owner and for anonymous callers, and every admin
 * action leaves an audit entry (who, what, when, before and after) that GET /admin/audit-log lists,
 * filterable by app and by admin.
 */
let app: FastifyInstance;
let admin: TestUser;
let otherAdmin: TestUser;
let owner: TestUser;
let appId: string;
beforeAll(async () => {
  app = await testApp();
  admin = await testUser(app, "Admin");
  otherAdmin = await testUser(app, "Admin");
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Audit Motors");
});
afterAll(() => app.close());

const as = (user: TestUser | null, opts: InjectOptions) =>
  call(app, { ...opts, headers: { ...(opts.headers ?? {}), ...(user ? user.headers : {}) } });
const entries = async (query: string) =>
  (await as(admin, { method: "GET", url: `/api/admin/audit-log?${query}` })).body.data;

/** The newest entry of an action, written by whom. */
async function last(action: string, by: TestUser = admin) {
  const list = await entries(`action=${encodeURIComponent(action)}&actorId=${by.id}&take=1`);
  return list.items[0];
}

describe("admin calls are refused for Owners and anonymous callers", () => {
  it("answers 403 to the app's Owner and 401 without a token, and writes no audit entry", async () => {
    const user = await testUser(app);
    const csv = { "content-type": "text/csv" };
    const calls: InjectOptions[] = [
      { method: "GET", url: "/api/admin/apps" },
      { method: "GET", url: `/api/admin/apps/${appId}` },
      { method: "GET", url: `/api/admin/apps/${appId}/managers` },
      { method: "GET", url: `/api/admin/apps/${appId}/metadata` },
      { method: "PUT", url: `/api/admin/apps/${appId}/metadata`, payload: { iosVersion: "9.9.9" } },
      { method: "POST", url: `/api/admin/apps/${appId}/release?fullUpdate=true` },
      { method: "POST", url: `/api/admin/apps/${appId}/review-version?version=1.0.0` },
      { method: "POST", url: `/api/admin/apps/${appId}/locations`, payload: [{ id: "x" }] },
      { method: "POST", url: `/api/admin/apps/${appId}/brand-unlock` },
      { method: "GET", url: `/api/admin/apps/${appId}/push-profile` },
      {
        method: "POST",
        url: `/api/admin/apps/${appId}/push-profile`,
        payload: { web: { publicKey: "p", privateKey: "s", subject: "mailto:a@b.co" } },
      },
      { method: "DELETE", url: `/api/admin/apps/${appId}/push-profile` },
      { method: "DELETE", url: "/api/admin/apps/cache" },
      { method: "GET", url: "/api/admin/apps/app-users/files" },
      { method: "GET", url: "/api/admin/accounts" },
      { method: "GET", url: `/api/admin/accounts/${user.id}` },
      { method: "POST", url: `/api/admin/accounts/sign-in-as/${user.id}` },
      { method: "PUT", url: `/api/admin/accounts/${user.id}/password`, payload: { password: "owned-now" } },
      { method: "GET", url: "/api/admin/audit-log" },
      { method: "GET", url: "/api/admin/multiapps" },
      { method: "POST", url: "/api/admin/multiapps", payload: { name: "Owner Group", appIds: [appId] } },
      { method: "GET", url: "/api/admin/make-models" },
      { method: "POST", url: "/api/admin/make-models", payload: { make: "Owner", model: "Car" } },
      { method: "POST", url: "/api/admin/make-models/bulk", payload: [{ make: "Owner", model: "Bulk" }] },
      {
        method: "POST",
        url: "/api/admin/make-models/csv",
        headers: csv,
        payload: "type,make,model\nCar,O,P",
      },
      { method: "GET", url: "/api/admin/make-models/csv" },
      { method: "POST", url: "/api/admin/make-models/engine-types/bulk", payload: [{ make: "O" }] },
      { method: "GET", url: "/api/client-relations" },
      { method: "POST", url: `/api/client-relations/client-info/${appId}`, payload: { plan: "Gold" } },
    ];
    const before = (await entries("take=1")).total;
    for (const c of calls) {
      const byOwner = await as(owner, c);
      expect({ call: `${c.method} ${c.url}`, status: byOwner.status }).toEqual({
        call: `${c.method} ${c.url}`,
        status: 403,
      });
      const anonymous = await as(null, c);
      expect({ call: `${c.method} ${c.url}`, status: anonymous.status }).toEqual({
        call: `${c.method} ${c.url}`,
        status: 401,
      });
    }
    expect((await entries("take=1")).total).toBe(before);
    // The refused writes changed nothing.
    const meta = await as(admin, { method: "GET", url: `/api/admin/apps/${appId}/metadata` });
    expect(meta.body.data.iosVersion).toBeNull();
  });
});

describe("every admin action leaves an audit entry", () => {
  it("records metadata changes as the changed keys before and after", async () => {
    await as(admin, {
      method: "PUT",
      url: `/api/admin/apps/${appId}/metadata`,
      payload: { iosVersion: "1.0.0", androidVersion: "1.0.0" },
    });
    await as(admin, {
      method: "PUT",
      url: `/api/admin/apps/${appId}/metadata`,
      payload: { iosVersion: "1.1.0", androidVersion: "1.0.0", brandLocked: true },
    });
    const entry = await last("app.metadata");
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      appId,
      appName: "Audit Motors",
      before: { iosVersion: "1.0.0", brandLocked: false },
      after: { iosVersion: "1.1.0", brandLocked: true },
    });
    // androidVersion did not change, so the entry does not name it.
    expect(Object.keys(entry.after).sort()).toEqual(["brandLocked", "iosVersion"]);
    expect(Date.now() - Date.parse(entry.created)).toBeLessThan(60_000);
  });

  it("records release, review version, locations and brand unlock", async () => {
    const release = await as(admin, {
      method: "POST",
      url: `/api/admin/apps/${appId}/release?fullUpdate=true`,
    });
    expect(await last("app.release")).toMatchObject({
      appId,
      target: release.body.data.id,
      after: { fullUpdate: true, version: release.body.data.version },
    });
    await as(admin, { method: "POST", url: `/api/admin/apps/${appId}/review-version?version=3.1.0` });
    expect(await last("app.reviewVersion")).toMatchObject({
      appId,
      before: { inReviewVersion: null },
      after: { inReviewVersion: "3.1.0" },
    });
    await as(admin, {
      method: "POST",
      url: `/api/admin/apps/${appId}/locations`,
      payload: [{ id: "north" }],
    });
    expect(await last("app.locations")).toMatchObject({
      before: { locations: null },
      after: { locations: [{ id: "north" }] },
    });
    await as(admin, { method: "POST", url: `/api/admin/apps/${appId}/brand-unlock` });
    expect(await last("app.brandUnlock")).toMatchObject({
      appId,
      before: { brandLocked: true },
      after: { brandLocked: false },
    });
  });

  it("records push profile changes without a secret, the cache and app-user file deletions", async () => {
    const url = `/api/admin/apps/${appId}/push-profile`;
    await as(admin, {
      method: "POST",
      url,
      payload: { web: { publicKey: "pub-key", privateKey: "top-secret-value", subject: "mailto:a@b.co" } },
    });
    const set = await last("app.pushProfile.set");
    expect(set).toMatchObject({
      appId,
      before: null,
      after: { web: { publicKey: "pub-key", hasKey: true } },
    });
    await as(admin, { method: "DELETE", url });
    expect(await last("app.pushProfile.delete")).toMatchObject({ appId, before: { web: { hasKey: true } } });
    const all = await entries(`appId=${appId}&take=100`);
    expect(JSON.stringify(all)).not.toContain("top-secret-value");

    await as(admin, { method: "DELETE", url: "/api/admin/apps/cache" });
    expect(await last("apps.cache.clear")).toMatchObject({ appId: null, action: "apps.cache.clear" });

    const storage = diskStorage(`${app.config.dataDir}/images`);
    const file = await storeAppUserFile(
      app.database.db,
      storage,
      appId,
      "list.csv",
      "text/csv",
      Buffer.from("a"),
    );
    await as(admin, { method: "DELETE", url: file.url });
    expect(await last("app.userFile.delete")).toMatchObject({
      appId,
      target: file.id,
      before: { name: "list.csv", bytes: 1 },
    });
  });

  it("records sign-in-as and password changes without the password", async () => {
    const user = await testUser(app);
    const signIn = await as(admin, { method: "POST", url: `/api/admin/accounts/sign-in-as/${user.id}` });
    expect(signIn.status).toBe(200);
    expect(await last("account.signInAs")).toMatchObject({ target: user.id, actorId: admin.id });
    await as(admin, {
      method: "PUT",
      url: `/api/admin/accounts/${user.id}/password`,
      payload: { password: "brand-new-pass" },
    });
    const entry = await last("account.password");
    expect(entry).toMatchObject({ target: user.id, before: null, after: null });
    expect(JSON.stringify(entry)).not.toContain("brand-new-pass");
  });

  it("records multiapp, catalog and client-relation writes", async () => {
    const created = await as(admin, {
      method: "POST",
      url: "/api/admin/multiapps",
      payload: { name: "Audit Group", appIds: [appId] },
    });
    const id = created.body.data.id;
    expect(await last("multiapp.create")).toMatchObject({ target: id, after: { name: "Audit Group" } });
    await as(admin, {
      method: "PUT",
      url: `/api/admin/multiapps/${id}`,
      payload: { name: "Renamed", appIds: [] },
    });
    expect(await last("multiapp.update")).toMatchObject({
      before: { name: "Audit Group", appIds: [appId] },
      after: { name: "Renamed", appIds: [] },
    });
    await as(admin, { method: "DELETE", url: `/api/admin/multiapps/${id}` });
    expect(await last("multiapp.delete")).toMatchObject({ target: id, before: { name: "Renamed" } });

    const mm = await as(admin, {
      method: "POST",
      url: "/api/admin/make-models",
      payload: { make: "Audi", model: "A4" },
    });
    expect(await last("makeModel.create")).toMatchObject({
      target: mm.body.data.id,
      after: { make: "Audi" },
    });
    await as(admin, {
      method: "PUT",
      url: `/api/admin/make-models/${mm.body.data.id}`,
      payload: { make: "Audi", model: "A5" },
    });
    expect(await last("makeModel.update")).toMatchObject({ before: { model: "A4" }, after: { model: "A5" } });
    await as(admin, { method: "DELETE", url: `/api/admin/make-models/${mm.body.data.id}` });
    expect(await last("makeModel.delete")).toMatchObject({ before: { model: "A5" } });
    await as(admin, {
      method: "POST",
      url: "/api/admin/make-models/bulk",
      payload: [{ make: "Kia", model: "Rio" }, {}],
    });
    expect(await last("makeModel.bulk")).toMatchObject({ after: { created: 1, unchanged: 0, errors: 1 } });

    await as(admin, {
      method: "POST",
      url: `/api/client-relations/client-info/${appId}`,
      payload: { plan: "Gold" },
    });
    await as(admin, {
      method: "POST",
      url: `/api/client-relations/client-info/${appId}`,
      payload: { plan: "Silver" },
    });
    expect(await last("client.info")).toMatchObject({
      appId,
      before: { plan: "Gold" },
      after: { plan: "Silver" },
    });
    const { rows } = await app.database.execute(
      "insert into client_reports (app_id, title) values ($1, 'Q3 insights') returning id",
      [appId],
    );
    await as(admin, { method: "DELETE", url: `/api/client-relations/reports/${rows[0].id}` });
    expect(await last("client.report.delete")).toMatchObject({
      appId,
      target: rows[0].id,
      before: { title: "Q3 insights", kind: "insights" },
    });
  });

  it("filters by app and by admin, newest first", async () => {
    const otherApp = await testAppOf(app, owner, "Other Audit Motors");
    await as(otherAdmin, { method: "POST", url: `/api/admin/apps/${otherApp}/brand-unlock` });
    const byApp = await entries(`appId=${otherApp}`);
    expect(byApp).toMatchObject({ total: 1, items: [{ actorId: otherAdmin.id, action: "app.brandUnlock" }] });
    const byAdmin = await entries(`actorId=${otherAdmin.id}`);
    expect(byAdmin.items.map((e: { appId: string }) => e.appId)).toEqual([otherApp]);
    const mine = await entries(`actorId=${admin.id}&appId=${appId}&take=100`);
    const times = mine.items.map((e: { created: string }) => Date.parse(e.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(mine.items.every((e: { actorId: string }) => e.actorId === admin.id)).toBe(true);
    expect((await as(admin, { method: "GET", url: "/api/admin/audit-log?appId=nope" })).status).toBe(400);
  });
});

describe("admin accounts", () => {
  it("searches users by name or e-mail and type, and shows a user's apps", async () => {
    const tag = `findme${Date.now()}`;
    const a = await testUser(app, "User", `${tag}-a@example.com`);
    await testUser(app, "Accountant", `${tag}-b@example.com`);
    await app.database.execute("update users set name = $1 where id = $2", [`Named ${tag}`, owner.id]);
    const found = (await as(admin, { method: "GET", url: `/api/admin/accounts?search=${tag}` })).body.data;
    expect(found.total).toBe(3);
    expect(found.items.map((u: { email: string }) => u.email)).toEqual(
      [`${tag}-a@example.com`, `${tag}-b@example.com`, owner.email].sort(),
    );
    const accountants = (
      await as(admin, { method: "GET", url: `/api/admin/accounts?search=${tag}&type=Accountant` })
    ).body.data;
    expect(accountants.items.map((u: { email: string }) => u.email)).toEqual([`${tag}-b@example.com`]);
    const detail = (await as(admin, { method: "GET", url: `/api/admin/accounts/${owner.id}` })).body.data;
    expect(detail).toMatchObject({ id: owner.id, email: owner.email, type: "User", name: `Named ${tag}` });
    expect(detail.roles).toEqual(
      expect.arrayContaining([expect.objectContaining({ appId, name: "Audit Motors", role: "Owner" })]),
    );
    expect(detail.apps).toBe(detail.roles.length);
    expect((await as(admin, { method: "GET", url: `/api/admin/accounts/${a.id}` })).body.data.roles).toEqual(
      [],
    );
    const missing = await as(admin, {
      method: "GET",
      url: "/api/admin/accounts/00000000-0000-4000-8000-000000000000",
    });
    expect(missing).toMatchObject({ status: 404, body: { error: { code: "UserNotFound" } } });
  });

  it("shows each app's owner in the admin app list", async () => {
    const list = (await as(admin, { method: "GET", url: "/api/admin/apps?name=Audit%20Motors" })).body.data;
    expect(list.items.find((i: { appId: string }) => i.appId === appId)).toMatchObject({
      owner: owner.email,
    });
  });
});

describe("catalog CSV import modes", () => {
  const csv = (mode: string, body: string) =>
    as(admin, {
      method: "POST",
      url: `/api/admin/make-models/csv?mode=${mode}`,
      headers: { "content-type": "text/csv" },
      payload: body,
    });
  const models = async () =>
    (await as(admin, { method: "GET", url: "/api/admin/make-models?make=Zeta" })).body.data.map(
      (m: { model: string }) => m.model,
    );

  it("applies nothing when a row is bad (all), nothing on preview, and everything when all rows are good", async () => {
    const bad = "type,make,model\nCar,Zeta,One\nCar,,Two\nBoat,Zeta,Three\nCar,Zeta,Four\n";
    const refused = await csv("all", bad);
    expect(refused.body.data).toEqual({
      created: 2,
      unchanged: 0,
      applied: false,
      errors: [
        { row: 3, message: expect.stringContaining("make") },
        { row: 4, message: expect.stringContaining("type") },
      ],
    });
    expect(await models()).toEqual([]);
    const beforeImport = (await entries("action=makeModel.import")).total;
    const good = "type,make,model\nCar,Zeta,One\nCar,Zeta,Two\n";
    expect((await csv("preview", good)).body.data).toEqual({
      created: 2,
      unchanged: 0,
      errors: [],
      applied: false,
    });
    expect(await models()).toEqual([]);
    expect((await entries("action=makeModel.import")).total).toBe(beforeImport);
    expect((await csv("all", good)).body.data).toEqual({
      created: 2,
      unchanged: 0,
      errors: [],
      applied: true,
    });
    expect(await models()).toEqual(["One", "Two"]);
    expect(await last("makeModel.import")).toMatchObject({ after: { created: 2, unchanged: 0, errors: 0 } });
    expect((await csv("preview", good)).body.data).toMatchObject({ created: 0, unchanged: 2 });
    expect((await csv("sometimes", good)).status).toBe(400);
  });
});

describe("loot and the task board", () => {
  it("gathers an app into a JSON bundle as a loot task, readable on the task board, for admins only", async () => {
    const lootApp = await testAppOf(app, owner, "Loot Motors");
    const url = `/api/utils/apps/${lootApp}/loot`;
    expect((await as(owner, { method: "POST", url })).status).toBe(403);
    expect((await as(null, { method: "POST", url })).status).toBe(401);
    const res = await as(admin, { method: "POST", url });
    expect(res.status).toBe(200);
    const task = res.body.data;
    const day = new Date().toISOString().slice(0, 10);
    const slug = (await as(admin, { method: "GET", url: `/api/admin/apps/${lootApp}` })).body.data.slug;
    expect(task).toMatchObject({
      type: "loot",
      status: "done",
      total: 4,
      processed: 4,
      applied: 4,
      errors: [],
      fileName: `${slug}-loot-${day}.json`,
      message: `Saved as ${slug}-loot-${day}.json`,
    });
    // The task board reads it back; another type or another app does not find it.
    const board = (q: string, id = lootApp) =>
      as(owner, { method: "GET", url: `/api/public/apps/${id}/tasks/${task.id}${q}` });
    expect((await board("?taskType=loot")).body.data).toEqual(task);
    expect((await board("?taskType=staff-import")).status).toBe(404);
    expect((await board("", appId)).status).toBe(404);
    // The bundle is an app-user file of the app, without push secrets.
    await as(admin, {
      method: "POST",
      url: `/api/admin/apps/${lootApp}/push-profile`,
      payload: { web: { publicKey: "pub", privateKey: "loot-secret", subject: "mailto:a@b.co" } },
    });
    const second = (await as(admin, { method: "POST", url })).body.data;
    const files = (
      await as(admin, { method: "GET", url: `/api/admin/apps/app-users/files?appId=${lootApp}` })
    ).body.data;
    expect(files.map((f: { name: string }) => f.name)).toEqual([second.fileName, task.fileName]);
    const bundle = await app.inject({ method: "GET", url: files[0].url, headers: admin.headers });
    expect(bundle.body).not.toContain("loot-secret");
    expect(JSON.parse(bundle.body)).toMatchObject({
      app: { appId: lootApp, slug },
      definition: { name: "Loot Motors" },
      adminView: { appId: lootApp, name: "Loot Motors" },
      team: [{ email: owner.email, role: "Owner", status: "Active" }],
      releases: [],
    });
    expect(await last("app.loot")).toMatchObject({
      appId: lootApp,
      target: second.id,
      after: { status: "done", fileName: second.fileName },
    });
  });
});
