import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newEndUserSession, testApp } from "../test-helpers.ts";
import { DEMO_APP_SLUG, seed } from "./seed.ts";
import { seedDealer } from "./seed-dealer.ts";

let app: FastifyInstance;
let appId: string;
const log = { info: () => {} } as never;
beforeAll(async () => {
  app = await testApp();
  await seed(app.database.db, app.storage, log);
  const { rows } = await app.database.execute("select id from apps where slug = $1", [DEMO_APP_SLUG]);
  appId = rows[0].id;
});
afterAll(() => app.close());

describe("demo dealer data seed", () => {
  it("gives the demo inventory to the widget, and Olivia her repair order and contract; a second run adds nothing", async () => {
    const search = await call(app, {
      method: "POST",
      url: "/api/mobile/inventory/search",
      headers: { "x-app": appId },
      payload: { vehicleMakes: [{ name: "Ford" }] },
    });
    expect(search.status).toBe(200);
    expect(search.body.data.items.map((v: { model: string }) => v.model).sort()).toEqual(["Escape", "F-150"]);
    expect(search.body.data.facets.makes.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(8);

    const { rows } = await app.database.execute(
      "select id from end_users where app_id = $1 and email = 'olivia.bennett@example.com'",
      [appId],
    );
    const olivia = rows[0].id as string;
    const token = await newEndUserSession(app, olivia);
    const headers = { "x-app": appId, authorization: `Bearer ${token}` };
    const ros = await call(app, { method: "GET", url: `/api/mobile/users/${olivia}/repair-orders`, headers });
    expect(ros.body.data.map((r: { roNumber: string; total: number }) => [r.roNumber, r.total])).toEqual([
      ["RO-48211", 175.3],
    ]);
    const contracts = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${olivia}/service-contracts`,
      headers,
    });
    expect(contracts.body.data.map((c: { product: string }) => c.product)).toEqual([
      "Platinum maintenance plan",
    ]);
    expect(
      (await call(app, { method: "GET", url: `/api/mobile/users/${olivia}/deals`, headers })).body.data,
    ).toEqual([]);

    await seedDealer(app.database.db, appId);
    const count = await app.database.execute(
      "select count(*)::int as n from dealer_vehicles where app_id = $1",
      [appId],
    );
    expect(count.rows[0].n).toBe(8);
    const deals = await app.database.execute("select deal_number from dealer_deals where app_id = $1", [
      appId,
    ]);
    expect(deals.rows.map((r) => r.deal_number)).toEqual(["DL-20931"]);
  });
});
