import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../db/schema-mobile.ts";
import { parseCsv } from "../services/csv.ts";
import {
  call,
  grantRole,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let service: TestUser;
let associate: TestUser;
let stranger: TestUser;
let admin: TestUser;
let appA: string;
let appB: string;

beforeAll(async () => {
  app = await testApp();
  [owner, manager, service, associate, stranger, admin] = await Promise.all([
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app, "Admin"),
  ]);
  appA = await testAppOf(app, owner, "Alpha Motors");
  appB = await testAppOf(app, stranger, "Bravo Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
}, 60_000);
afterAll(() => app.close());

const list = (who: TestUser, query = "", appId = appA) =>
  call(app, { url: `/api/apps/${appId}/push-subscriptions${query}`, headers: who.headers });

describe("push subscriptions", () => {
  it("pages the app's subscriptions newest first, 50 by default, with the subscriber when known, never the token", async () => {
    const ann = await testEndUser(app, appA, { name: "Ann Arbor", email: "ann@example.com" });
    const start = Date.now() - 3_600_000;
    // 60 anonymous widget ids, one a minute, then Ann's (the newest), and one in app B.
    const anonymous = Array.from({ length: 60 }, (_, i) => ({
      appId: appA,
      userId: randomUUID(),
      platform: "Web",
      token: `fallback-${i}`,
      createdAt: new Date(start + i * 60_000),
      updatedAt: new Date(start + i * 60_000),
    }));
    await app.database.db.insert(pushSubscriptions).values([
      ...anonymous,
      {
        appId: appA,
        userId: ann.id,
        platform: "Web",
        token: JSON.stringify({ endpoint: "https://push.example/ann", keys: { p256dh: "p", auth: "a" } }),
        createdAt: new Date(start + 61 * 60_000),
        updatedAt: new Date(start + 61 * 60_000),
      },
      { appId: appB, userId: randomUUID(), platform: "Web", token: "fallback-b" },
    ]);
    const first = await list(owner);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.total).toBe(61);
    expect(first.body.data.items).toHaveLength(50);
    const top = first.body.data.items[0];
    expect(top).toEqual({
      id: top.id,
      userId: ann.id,
      platform: "Web",
      createdAt: new Date(start + 61 * 60_000).toISOString(),
      updatedAt: new Date(start + 61 * 60_000).toISOString(),
      user: { name: "Ann Arbor", email: "ann@example.com" },
    });
    expect(first.body.data.items[1]).toMatchObject({ userId: anonymous[59].userId });
    expect(first.body.data.items[1].user).toBeUndefined();
    expect(JSON.stringify(first.body)).not.toContain("fallback-");
    expect(JSON.stringify(first.body)).not.toContain("push.example");

    const second = await list(owner, "?skip=50&take=50");
    expect(second.body.data.total).toBe(61);
    expect(second.body.data.items.map((s: { userId: string }) => s.userId)).toEqual(
      anonymous
        .slice(0, 11)
        .reverse()
        .map((s) => s.userId),
    );
    const byUser = await list(manager, `?userId=${ann.id}`);
    expect(byUser.body.data).toMatchObject({ total: 1, items: [{ userId: ann.id }] });
    expect((await list(owner, "?platform=web&take=1")).body.data).toMatchObject({ total: 61 });
    expect((await list(owner, "?platform=iOS")).body.data).toEqual({ items: [], total: 0 });
    expect((await list(owner, "?take=201")).status).toBe(400);
    expect((await list(owner, "?skip=-1")).status).toBe(400);
  });

  it("lets Owners, Managers and Admins list and export, Service and Associates not, strangers 404", async () => {
    for (const who of [owner, manager, admin]) expect((await list(who)).status).toBe(200);
    for (const who of [service, associate]) {
      const refused = await list(who);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("Forbidden");
      expect(
        (await call(app, { url: `/api/apps/${appA}/push-subscriptions/csv`, headers: who.headers })).status,
      ).toBe(403);
    }
    expect((await list(stranger)).status).toBe(404);
    expect((await call(app, { url: `/api/apps/${appA}/push-subscriptions` })).status).toBe(401);
  });

  it("exports the filtered subscriptions as CSV with a BOM, formulas escaped", async () => {
    const eve = await testEndUser(app, appA, { name: '=HYPERLINK("x")', email: "eve@example.com" });
    await app.database.db
      .insert(pushSubscriptions)
      .values({ appId: appA, userId: eve.id, platform: "Web", token: `fallback-${eve.id}` });
    const res = await app.inject({
      url: `/api/apps/${appA}/push-subscriptions/csv?userId=${eve.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="push-subscriptions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("Subscription id,User id,Name,E-mail,Platform,Subscribed,Updated");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${eve.id},"'=HYPERLINK(""x"")",eve@example.com,Web,`);
    expect(lines[1]).not.toContain("fallback-");
    const { rows } = parseCsv(res.body, ["User id", "Name", "E-mail"]);
    expect(rows.map((r) => r.record)).toEqual([
      { "User id": eve.id, Name: '=HYPERLINK("x")', "E-mail": "eve@example.com" },
    ]);
    const all = await app.inject({
      url: `/api/apps/${appA}/push-subscriptions/csv`,
      headers: manager.headers,
    });
    expect(all.body.slice(1).trim().split("\r\n")).toHaveLength(1 + 62);
  });
});

describe("GET /mobile/app/push-notifications/categories", () => {
  it("names the kinds of message the app sends: general, its Coupons and Events features, nearby with a geofence", async () => {
    const categories = async (appId: string) =>
      (await call(app, { url: "/api/mobile/app/push-notifications/categories", headers: { "x-app": appId } }))
        .body;
    expect(await categories(appB)).toEqual({ data: [{ id: "general", title: "General" }] });

    const got = await call(app, { url: `/api/apps/${appB}`, headers: stranger.headers });
    const saved = await call(app, {
      method: "PUT",
      url: `/api/apps/${appB}`,
      headers: stranger.headers,
      payload: {
        version: got.body.data.version,
        slug: got.body.data.slug,
        definition: {
          ...got.body.data.definition,
          features: [
            { id: randomUUID(), type: "Coupons", title: "Service Specials" },
            { id: randomUUID(), type: "Events", title: "Sales Events", hide: true },
          ],
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const fence = await call(app, {
      method: "POST",
      url: `/api/apps/${appB}/geofences`,
      headers: stranger.headers,
      payload: {
        name: "Bravo lot",
        message: "Welcome to Bravo!",
        shape: "circle",
        location: { lat: 1, lng: 2, radius: 1, radiusUnit: "km" },
      },
    });
    expect(fence.status).toBe(201);
    expect(await categories(appB)).toEqual({
      data: [
        { id: "general", title: "General" },
        { id: "specials", title: "Service Specials" },
        { id: "geofences", title: "Nearby" },
      ],
    });
    const missing = await call(app, { url: "/api/mobile/app/push-notifications/categories" });
    expect(missing.status).toBe(400);
    expect(
      (
        await call(app, {
          url: "/api/mobile/app/push-notifications/categories",
          headers: { "x-app": randomUUID() },
        })
      ).status,
    ).toBe(404);
  });
});
