import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, grantRole, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let service: TestUser;
let appId: string;
const url = () => `/api/accounts/app/${appId}/managers`;

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  manager = await testUser(app);
  service = await testUser(app);
  appId = await testAppOf(app, owner, "Team Motors");
  await grantRole(app, manager.id, appId, "Manager");
  await grantRole(app, service.id, appId, "Service");
});
afterAll(() => app.close());

describe("managers", () => {
  it("lists the team with roles and locations, and pending invitations", async () => {
    await call(app, {
      method: "POST",
      url: url(),
      headers: owner.headers,
      payload: { email: "later@example.com", role: "Associate" },
    });
    const res = await call(app, { method: "GET", url: url(), headers: manager.headers });
    expect(res.status).toBe(200);
    const byEmail = Object.fromEntries(res.body.data.map((m: any) => [m.email, m]));
    expect(byEmail[owner.email]).toMatchObject({ id: owner.id, role: "Owner", status: "Active" });
    expect(byEmail[service.email]).toMatchObject({ role: "Service", locations: [] });
    expect(byEmail["later@example.com"]).toMatchObject({ role: "Associate", status: "Invited" });
  });

  it("lets a Manager manage Service and Associate but not give or touch Owner and Manager", async () => {
    const denied = await call(app, {
      method: "POST",
      url: url(),
      headers: manager.headers,
      payload: { email: "boss@example.com", role: "Owner" },
    });
    expect(denied).toMatchObject({ status: 403, body: { error: { code: "RoleNotGrantable" } } });
    const demoteOwner = await call(app, {
      method: "POST",
      url: `${url()}/${owner.id}/role/Associate`,
      headers: manager.headers,
      payload: {},
    });
    expect(demoteOwner.status).toBe(403);
    const changed = await call(app, {
      method: "POST",
      url: `${url()}/${service.id}/role/Associate`,
      headers: manager.headers,
      payload: { locations: ["north", "south"] },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { data: { id: service.id, role: "Associate", locations: ["north", "south"] } },
    });
    const promote = await call(app, {
      method: "POST",
      url: `${url()}/${service.id}/role/Manager`,
      headers: manager.headers,
      payload: {},
    });
    expect(promote.status).toBe(403);
  });

  it("changes a role without a body, keeping the locations", async () => {
    const res = await call(app, {
      method: "POST",
      url: `${url()}/${service.id}/role/Service`,
      headers: owner.headers,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { data: { role: "Service", locations: ["north", "south"] } },
    });
  });

  it("keeps an Owner and refuses changing one's own role", async () => {
    const self = await call(app, { method: "DELETE", url: `${url()}/${owner.id}`, headers: owner.headers });
    expect(self).toMatchObject({ status: 409, body: { error: { code: "SelfRoleChange" } } });
    const admin = await testUser(app, "Admin");
    const last = await call(app, { method: "DELETE", url: `${url()}/${owner.id}`, headers: admin.headers });
    expect(last).toMatchObject({
      status: 409,
      body: { error: { code: "LastOwner", message: "An app must keep at least one Owner" } },
    });
  });

  it("two Owners demoting each other at once: one wins, the app keeps an Owner", async () => {
    // Many pairs at once, so the two requests of a pair interleave. They truly do on PostgreSQL (a pool of
    // connections), where both demotions passed before the lock; PGlite's one connection runs them in turn.
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const a = await testUser(app);
        const b = await testUser(app);
        const shared = await testAppOf(app, a, `Twin Owners ${i + 1}`);
        await grantRole(app, b.id, shared, "Owner");
        return { a, b, team: `/api/accounts/app/${shared}/managers` };
      }),
    );
    const demote = (team: string, by: TestUser, who: TestUser) =>
      call(app, { method: "POST", url: `${team}/${who.id}/role/Manager`, headers: by.headers, payload: {} });
    const results = await Promise.all(
      pairs.map(({ a, b, team }) => Promise.all([demote(team, a, b), demote(team, b, a)])),
    );
    for (const [i, [byA, byB]] of results.entries()) {
      // The second is checked after the first: its caller is a Manager by then, who may not touch an Owner.
      expect([byA.status, byB.status].sort()).toEqual([200, 403]);
      expect([byA, byB].find((r) => r.status === 403)?.body.error.code).toBe("RoleNotGrantable");
      const { a, b, team } = pairs[i];
      const list = await call(app, {
        method: "GET",
        url: team,
        headers: (byA.status === 200 ? a : b).headers,
      });
      expect(list.body.data.filter((m: any) => m.role === "Owner")).toHaveLength(1);
    }
  });

  it("removes a member and cancels an invitation; Service may not manage the team", async () => {
    const extra = await testUser(app);
    await grantRole(app, extra.id, appId, "Associate");
    expect(
      (await call(app, { method: "DELETE", url: `${url()}/${extra.id}`, headers: service.headers })).status,
    ).toBe(403);
    expect(
      (await call(app, { method: "DELETE", url: `${url()}/${extra.id}`, headers: manager.headers })).status,
    ).toBe(200);
    const list = await call(app, { method: "GET", url: url(), headers: owner.headers });
    expect(list.body.data.map((m: any) => m.id)).not.toContain(extra.id);
    const invited = list.body.data.find((m: any) => m.status === "Invited");
    expect(
      (await call(app, { method: "DELETE", url: `${url()}/${invited.id}`, headers: owner.headers })).status,
    ).toBe(200);
    const after = await call(app, { method: "GET", url: url(), headers: owner.headers });
    expect(after.body.data.some((m: any) => m.status === "Invited")).toBe(false);
    expect(
      (await call(app, { method: "DELETE", url: `${url()}/${invited.id}`, headers: owner.headers })).status,
    ).toBe(404);
  });

  it("validates the invitation with the spec's messages", async () => {
    const res = await call(app, {
      method: "POST",
      url: url(),
      headers: owner.headers,
      payload: { email: "nope", role: "Owner" },
    });
    expect(res).toMatchObject({ status: 400, body: { error: { message: "invalid email" } } });
    const role = await call(app, {
      method: "POST",
      url: url(),
      headers: owner.headers,
      payload: { email: "a@b.co", role: "King" },
    });
    expect(role.status).toBe(400);
  });
});
