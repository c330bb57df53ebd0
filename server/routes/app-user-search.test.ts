import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  grantRole,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";

/** The console's app-user lookup: e-mail, phone or name, any case, this app's users only. */
let app: FastifyInstance;
let appId: string;
let otherAppId: string;
let owner: TestUser;
const members: TestUser[] = [];
let stranger: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Search Motors");
  members.push(owner);
  for (const role of ["Manager", "Service", "Associate"]) {
    const u = await testUser(app);
    await grantRole(app, u.id, appId, role);
    members.push(u);
  }
  stranger = await testUser(app);
  const otherOwner = await testUser(app);
  otherAppId = await testAppOf(app, otherOwner, "Other Search Motors");
  ids.ann = (await testEndUser(app, appId, { name: "Ann Smith", email: "ann.smith@example.com" })).id;
  ids.bob = (await testEndUser(app, appId, { name: "Bob Smithers", email: "bob@example.org" })).id;
  ids.pct = (await testEndUser(app, appId, { name: "100% Carla", email: "carla_x@example.com" })).id;
  ids.phone = (await testEndUser(app, appId, { email: "dan@example.com" })).id;
  await app.database.execute("update end_users set phone = '+15550102030' where id = $1", [ids.phone]);
  ids.foreign = (
    await testEndUser(app, otherAppId, { name: "Ann Smith", email: "ann.smith@example.com" })
  ).id;
});
afterAll(() => app.close());

const search = (payload: object, who: TestUser = owner, id = appId) =>
  call(app, { method: "POST", url: `/api/apps/${id}/users/search`, headers: who.headers, payload });

describe("POST /apps/{appId}/users/search", () => {
  it("finds this app's users by e-mail, phone or name, in any case", async () => {
    const smith = await search({ query: "SMITH" });
    expect(smith.status).toBe(200);
    expect(smith.body.data).toEqual([
      { id: ids.ann, name: "Ann Smith", email: "ann.smith@example.com" },
      { id: ids.bob, name: "Bob Smithers", email: "bob@example.org" },
    ]);
    expect((await search({ query: "example.org" })).body.data.map((u: { id: string }) => u.id)).toEqual([
      ids.bob,
    ]);
    expect((await search({ query: "0102" })).body.data).toEqual([
      { id: ids.phone, email: "dan@example.com", phone: "+15550102030" },
    ]);
    expect((await search({ query: "smith", limit: 1 })).body.data).toHaveLength(1);
  });

  it("takes % and _ as themselves", async () => {
    expect((await search({ query: "0%" })).body.data.map((u: { id: string }) => u.id)).toEqual([ids.pct]);
    expect((await search({ query: "a_x" })).body.data.map((u: { id: string }) => u.id)).toEqual([ids.pct]);
    // "_" is no wildcard: "n_s" does not match "ann.smith".
    expect((await search({ query: "n_s" })).body.data).toEqual([]);
    expect((await search({ query: "%%" })).body.data).toEqual([]);
  });

  it("answers every role of the app, 404 to strangers and 401 without a session", async () => {
    for (const m of members) {
      const res = await search({ query: "ann" }, m);
      expect(res.status).toBe(200);
      expect(res.body.data.map((u: { id: string }) => u.id)).toEqual([ids.ann]);
    }
    const strange = await search({ query: "ann" }, stranger);
    expect(strange.status).toBe(404);
    expect(strange.body.error.code).toBe("AppNotFound");
    const anonymous = await call(app, {
      method: "POST",
      url: `/api/apps/${appId}/users/search`,
      payload: { query: "ann" },
    });
    expect(anonymous.status).toBe(401);
  });

  it("validates the query and the limit", async () => {
    const short = await search({ query: "a" });
    expect(short.status).toBe(400);
    expect(short.body.error.details).toContainEqual({
      path: "/query",
      message: "value should be minimum 2 characters",
    });
    const blank = await search({ query: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.details).toContainEqual({ path: "/query", message: "value can't be empty" });
    expect((await search({ query: "ann", limit: 51 })).status).toBe(400);
    expect((await search({ query: "ann", limit: 0 })).status).toBe(400);
    // Without a query the body is the customers table's search: a page of every user of this app.
    const page = await search({});
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.items).toHaveLength(4);
  });
});
