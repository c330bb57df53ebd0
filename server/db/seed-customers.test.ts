import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestUser, testApp, testUser } from "../test-helpers.ts";
import { DEMO_APP_SLUG, DEMO_COUPON_IDS, seed } from "./seed.ts";
import { DEMO_FORM, DEMO_INSIGHTS_EMAIL, seedCustomers } from "./seed-customers.ts";

let app: FastifyInstance;
let admin: TestUser;
let appId: string;
const log = { info: () => {} } as never;
beforeAll(async () => {
  app = await testApp();
  await seed(app.database.db, app.storage, log);
  const { rows } = await app.database.execute("select id from apps where slug = $1", [DEMO_APP_SLUG]);
  appId = rows[0].id;
  admin = await testUser(app, "Admin");
}, 60_000);
afterAll(() => app.close());

const get = (path: string) =>
  call(app, { method: "GET", url: `/api/apps/${appId}/${path}`, headers: admin.headers });

describe("demo customers seed", () => {
  it("gives the demo app leads, form data and an insights subscription; a second run adds nothing", async () => {
    const leads = await get("leads");
    expect(leads.status).toBe(200);
    expect(
      leads.body.data.items.map(
        (l: { name: string; source: string; offer?: { id: string; title: string } }) => [
          l.name,
          l.source,
          l.offer?.title ?? null,
        ],
      ),
    ).toEqual([
      ["Priya Shah", "offer", "$25 off any oil change"],
      ["Olivia Bennett", "form", null],
      ["Marcus Reed", "form", null],
    ]);
    expect(leads.body.data.items[0].offer.id).toBe(DEMO_COUPON_IDS.oil);
    expect(leads.body.data.items[1].form).toMatchObject({ title: "Service request" });
    const forms = await get("form-data");
    expect(forms.body.data).toMatchObject({
      total: 2,
      forms: [{ featureId: DEMO_FORM.id, title: "Service request", count: 2 }],
    });
    expect(forms.body.data.items[0].values).toMatchObject({
      "Full name": "Olivia Bennett",
      "Need a loaner": true,
    });
    expect((await get("email-subscriptions")).body.data).toEqual([
      { id: expect.any(String), email: DEMO_INSIGHTS_EMAIL, insightsReport: true, lastSentAt: null },
    ]);

    // The customers who sent them: signed in, with vehicles, each lead on its customer's page.
    const customers = await call(app, {
      method: "POST",
      url: `/api/apps/${appId}/users/search`,
      headers: admin.headers,
      payload: { sort: "name" },
    });
    expect(
      customers.body.data.items.map(
        (c: { name: string; vehicle?: { model: string }; vehicleCount: number }) => [
          c.name,
          c.vehicle?.model,
          c.vehicleCount,
        ],
      ),
    ).toEqual([
      ["Marcus Reed", "Camry", 2],
      ["Olivia Bennett", "RAV4", 1],
      ["Priya Shah", "CR-V", 1],
    ]);
    expect(customers.body.data.items.every((c: { signedInAt: string | null }) => c.signedInAt)).toBe(true);
    const priya = customers.body.data.items[2].id;
    const page = await get(`users/${priya}`);
    expect(page.body.data.leads.map((l: { comments: string }) => l.comments)).toEqual([
      "Does the $25 off the oil change work for synthetic oil?",
    ]);

    await seedCustomers(app.database.db, appId, DEMO_COUPON_IDS.oil);
    expect((await get("leads")).body.data.total).toBe(3);
    expect((await get("form-data")).body.data.total).toBe(2);
    expect((await get("email-subscriptions")).body.data).toHaveLength(1);
    expect(
      (
        await call(app, {
          method: "POST",
          url: `/api/apps/${appId}/users/search`,
          headers: admin.headers,
          payload: {},
        })
      ).body.data.total,
    ).toBe(3);
  });
});
