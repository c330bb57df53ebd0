import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp, testEndUser, testUser } from "../test-helpers.ts";
import { DEMO_APP_SLUG, seed } from "./seed.ts";
import { DEMO_POINTS_PROGRAM, seedLoyalty } from "./seed-loyalty.ts";

let app: FastifyInstance;
let appId: string;
let admin: { headers: { authorization: string } };
const log = { info: () => {} } as never;
beforeAll(async () => {
  app = await testApp();
  await seed(app.database.db, app.storage, log);
  const { rows } = await app.database.execute("select id from apps where slug = $1", [DEMO_APP_SLUG]);
  appId = rows[0].id;
  admin = await testUser(app, "Admin");
});
afterAll(() => app.close());

describe("demo loyalty seed", () => {
  it("gives the demo app a points program that passes the program's schema, and keeps later edits", async () => {
    const url = `/api/apps/${appId}/points-program`;
    const got = await call(app, { method: "GET", url, headers: admin.headers });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(DEMO_POINTS_PROGRAM);
    expect(got.body.data.milestones).toHaveLength(3);
    expect(got.body.data.rewards).toHaveLength(3);
    const edited = { ...DEMO_POINTS_PROGRAM, dailyCap: 1234 };
    expect((await call(app, { method: "PUT", url, headers: admin.headers, payload: edited })).status).toBe(
      200,
    );
    await seedLoyalty(app.database.db, appId);
    expect((await call(app, { method: "GET", url, headers: admin.headers })).body.data.dailyCap).toBe(1234);
  });

  it("lets an end user of the demo app stamp its Loyalty card with the demo code and earn points", async () => {
    const u = await testEndUser(app, appId);
    const stamp = await call(app, {
      method: "POST",
      url: `/api/mobile/users/${u.id}/loyalty-stamps`,
      headers: u.headers,
      payload: { featureId: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a05", code: "12345" },
    });
    expect(stamp.status).toBe(200);
    expect(stamp.body.data.card).toMatchObject({ stamps: 1, stampNumber: 8, featureTitle: "Loyalty" });
    const earned = await call(app, {
      method: "POST",
      url: `/api/apps/${appId}/points/earn`,
      headers: admin.headers,
      payload: { appUserId: u.id, amount: 1000, visitRef: "RO-1" },
    });
    expect(earned.status).toBe(200);
    expect(earned.body.data).toMatchObject({ balance: 1000, value: 1000, expiryDays: 365 });
  });
});
