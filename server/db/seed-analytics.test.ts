import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestUser, testApp, testUser } from "../test-helpers.ts";
import { DEMO_APP_SLUG, DEMO_COUPON_IDS, DEMO_EVENT_ID, seed } from "./seed.ts";
import { DEMO_ANALYTICS_DAYS } from "./seed-analytics.ts";

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

const DAY = 86_400_000;

describe("demo analytics seed", () => {
  it("gives the demo dashboards numbers equal to the stored signals", async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - DEMO_ANALYTICS_DAYS * DAY).toISOString().slice(0, 10);
    const report = async (type: string) =>
      (
        await call(app, {
          method: "GET",
          url: `/api/apps/${appId}/analytics/${type}?from=${from}&to=${to}&tz=UTC`,
          headers: admin.headers,
        })
      ).body.data.metrics as { id: string; total: number; breakdown?: { key: string; label: string }[] }[];
    const raw = async (where: string) =>
      Number(
        (
          await app.database.execute(
            `select count(*)::int as n from analytics_events where app_id = $1 and ${where}`,
            [appId],
          )
        ).rows[0].n,
      );
    const overview = await report("overview");
    const installs = overview.find((m) => m.id === "installs");
    expect(installs?.total).toBeGreaterThan(100);
    expect(installs?.total).toBe(await raw("name = 'install'"));
    expect(overview.find((m) => m.id === "sign_ins")?.total).toBe(await raw("name = 'login'"));
    const offers = await report("offers");
    const views = offers.find((m) => m.id === "offer_views");
    expect(views?.total).toBe(await raw("name = 'page_view' and data ? 'offerId'"));
    expect(views?.breakdown?.map((b) => b.key).sort()).toEqual(
      [...Object.values(DEMO_COUPON_IDS), DEMO_EVENT_ID].sort(),
    );
    expect(views?.breakdown?.map((b) => b.label)).toContain("Spring sales event");
  });
});
