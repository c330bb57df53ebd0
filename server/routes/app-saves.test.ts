import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestUser, testApp, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  admin = await testUser(app, "Admin");
});
afterAll(() => app.close());

async function newApp(name: string) {
  const res = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: owner.headers,
    payload: { definition: { name } },
  });
  return res.body.data as { appId: string; slug: string; version: number };
}
const save = (id: string, payload: object, headers: Record<string, string> = owner.headers) =>
  call(app, { method: "PUT", url: `/api/apps/${id}`, headers, payload });

describe("saving apps", () => {
  it("two browsers save the same version: one wins, the other gets 409 with the winner's app, nothing is lost", async () => {
    const { appId, slug } = await newApp("Twin Motors");
    const browserA = {
      version: 1,
      slug,
      definition: { name: "Twin Motors A", website: "https://a.example.com" },
    };
    const browserB = {
      version: 1,
      slug,
      definition: { name: "Twin Motors B", website: "https://b.example.com" },
    };
    const [a, b] = await Promise.all([save(appId, browserA), save(appId, browserB)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(lost.body.error).toMatchObject({ code: "VersionConflict" });
    expect(lost.body.error.details.current).toEqual(won.body.data);

    // The loser reloads theirs, re-applies the edit on the current version, and both edits survive in turn.
    const current = lost.body.error.details.current;
    const merged = await save(appId, {
      version: current.version,
      slug,
      definition: { ...current.definition, name: "Twin Motors AB" },
    });
    expect(merged.body.data).toMatchObject({
      version: 3,
      definition: { name: "Twin Motors AB", website: won.body.data.definition.website },
    });
    const stored = await call(app, { method: "GET", url: `/api/apps/${appId}`, headers: owner.headers });
    expect(stored.body.data).toEqual(merged.body.data);
  });

  it("answers an absurd version with 409, not a database error", async () => {
    const { appId, slug } = await newApp("Huge Version");
    const res = await save(appId, { version: 1e300, slug, definition: { name: "Huge Version" } });
    expect(res).toMatchObject({ status: 409, body: { error: { code: "VersionConflict" } } });
  });

  it("keeps the coupons and events (records of their own) and the stored geofences whatever the builder sends", async () => {
    const { appId, slug } = await newApp("Coupon Keeper");
    const add = async (kind: string, title: string) =>
      (
        await call(app, {
          method: "POST",
          url: `/api/apps/${appId}/${kind}`,
          headers: owner.headers,
          payload: { title },
        })
      ).body.data.id as string;
    const coupon = await add("coupons", "Oil change special");
    const event = await add("events", "Spring sale");
    const geofences = [{ id: "g1", name: "Lot" }];
    await app.database.execute(
      `update apps set definition = definition || jsonb_build_object('geofences', $2::jsonb) where id = $1`,
      [appId, JSON.stringify(geofences)],
    );
    const res = await save(appId, {
      version: 1,
      slug,
      definition: { name: "Coupon Keeper", coupons: [], events: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.definition.coupons).toEqual([
      { id: coupon, title: "Oil change special", apps: [appId] },
    ]);
    expect(res.body.data.definition.events).toEqual([{ id: event, title: "Spring sale", apps: [appId] }]);
    expect(res.body.data.definition.geofences).toEqual(geofences);
    const { rows } = await app.database.execute("select definition from apps where id = $1", [appId]);
    expect(Object.keys(rows[0].definition).sort()).toEqual(["geofences", "name"]);
  });

  it("locks name and logo while the brand is locked, for members but not Admins, until brand-unlock", async () => {
    const { appId, slug } = await newApp("Locked Brand");
    await call(app, {
      method: "PUT",
      url: `/api/admin/apps/${appId}/metadata`,
      headers: admin.headers,
      payload: { brandLocked: true },
    });
    const renamed = await save(appId, { version: 1, slug, definition: { name: "Other Brand" } });
    expect(renamed).toMatchObject({ status: 403, body: { error: { code: "BrandLocked" } } });
    const other = await save(appId, {
      version: 1,
      slug,
      definition: { name: "Locked Brand", cover: "/api/images/c.png" },
    });
    expect(other.status).toBe(200);
    await call(app, { method: "POST", url: `/api/admin/apps/${appId}/brand-unlock`, headers: admin.headers });
    expect((await save(appId, { version: 2, slug, definition: { name: "Other Brand" } })).status).toBe(200);
  });

  it("seeds new apps from the template: new feature ids with menus following, no coupons, events or loyalty images", async () => {
    const templateDefinition = {
      name: "Template App",
      features: [
        {
          id: "11111111-1111-4111-8111-111111111111",
          type: "ClickToCall",
          title: "Call",
          phone: "5550102030",
        },
        {
          id: "22222222-2222-4222-8222-222222222222",
          type: "Loyalty",
          title: "Stamps",
          image: "/api/images/l.png",
        },
        {
          id: "33333333-3333-4333-8333-333333333333",
          type: "Menu",
          title: "More",
          items: [{ featureId: "11111111-1111-4111-8111-111111111111", hideFromFeatures: true }],
        },
      ],
      coupons: [{ id: "c", title: "Old coupon" }],
      events: [{ id: "e", title: "Old event" }],
    };
    const tpl = await call(app, {
      method: "POST",
      url: "/api/apps",
      headers: admin.headers,
      payload: { definition: { name: "Template App" } },
    });
    await app.database.execute("update apps set is_master = true, definition = $2 where id = $1", [
      tpl.body.data.appId,
      JSON.stringify(templateDefinition),
    ]);
    const fetched = await call(app, { method: "GET", url: "/api/apps/template", headers: owner.headers });
    expect(fetched.status).toBe(200);
    const seeded = fetched.body.data;
    expect(seeded.coupons).toEqual([]);
    expect(seeded.events).toEqual([]);
    expect(seeded.features[1].image).toBe("");
    const ids = seeded.features.map((f: any) => f.id);
    expect(ids).not.toContain("11111111-1111-4111-8111-111111111111");
    expect(seeded.features[2].items[0].featureId).toBe(ids[0]);

    const created = await call(app, {
      method: "POST",
      url: "/api/apps?fromTemplate=true",
      headers: owner.headers,
      payload: { definition: { name: "From Template" } },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.definition).toMatchObject({ name: "From Template", coupons: [], events: [] });
    expect(created.body.data.definition.features).toHaveLength(3);
  });
});

describe("settings", () => {
  it("stores any JSON value per app and key; members read, editors write", async () => {
    const { appId } = await newApp("Settings Motors");
    const service = await testUser(app);
    await app.database.execute("insert into app_roles (user_id, app_id, role) values ($1, $2, 'Service')", [
      service.id,
      appId,
    ]);
    const url = `/api/apps/${appId}/settings/dashboard.layout`;
    expect((await call(app, { method: "GET", url, headers: owner.headers })).body).toEqual({
      data: { key: "dashboard.layout", value: null },
    });
    const value = { columns: 3, widgets: ["leads", "pushes"], dark: true };
    const put = await call(app, { method: "PUT", url, headers: owner.headers, payload: { value } });
    expect(put.body.data).toEqual({ key: "dashboard.layout", value });
    expect((await call(app, { method: "GET", url, headers: service.headers })).body.data.value).toEqual(
      value,
    );
    expect(
      (await call(app, { method: "PUT", url, headers: service.headers, payload: { value: 1 } })).status,
    ).toBe(403);
    const big = await call(app, {
      method: "PUT",
      url,
      headers: owner.headers,
      payload: { value: "x".repeat(70_000) },
    });
    expect(big).toMatchObject({ status: 413, body: { error: { code: "SettingTooLarge" } } });
    expect((await call(app, { method: "DELETE", url, headers: owner.headers })).status).toBe(200);
    expect((await call(app, { method: "GET", url, headers: owner.headers })).body.data.value).toBeNull();
    const badKey = await call(app, {
      method: "GET",
      url: `/api/apps/${appId}/settings/bad%20key`,
      headers: owner.headers,
    });
    expect(badKey).toMatchObject({ status: 400, body: { error: { code: "Validation" } } });
  });
});
