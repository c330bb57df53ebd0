import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let appId: string;

beforeAll(async () => {
  app = await testApp();
  appId = await testAppOf(app, await testUser(app), "Signal Motors");
});
afterAll(() => app.close());

const signal = (name = "page_view") => ({
  id: randomUUID(),
  time: new Date().toISOString(),
  appId,
  platform: "Web",
  name,
  data: { page: "home" },
});
const post = (payload: unknown) =>
  call(app, { method: "POST", url: "/api/mobile/analytics/events", payload: payload as object });
const count = async () =>
  Number(
    (await app.database.execute("select count(*) as n from analytics_events where app_id = $1", [appId]))
      .rows[0].n,
  );

describe("POST /mobile/analytics/events", () => {
  it("stores a batch and ignores events it already has", async () => {
    const batch = [signal(), signal("install"), signal()];
    const first = await post(batch);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ stored: 3 });
    const again = await post([...batch, signal()]);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ stored: 1 });
    expect(await count()).toBe(4);
  });

  it("keeps the signal's fields", async () => {
    const s = {
      ...signal("feature_open"),
      userId: "u-1",
      data: { featureId: "f1", title: "Coupons", page: "coupons" },
    };
    await post([s]);
    const { rows } = await app.database.execute("select * from analytics_events where id = $1", [s.id]);
    expect(rows[0]).toMatchObject({ name: "feature_open", user_id: "u-1", platform: "Web", data: s.data });
  });

  it("refuses more than 50 per batch, signals without an id, and unknown apps", async () => {
    expect((await post(Array.from({ length: 51 }, () => signal()))).status).toBe(400);
    const { id: _, ...noId } = signal();
    expect((await post([noId])).status).toBe(400);
    expect((await post([{ ...signal(), appId: randomUUID() }])).status).toBe(404);
    expect((await post([{ ...signal(), data: { failureReason: "http_error" } }])).status).toBe(200);
    expect((await post([{ ...signal(), data: { failureReason: "other" } }])).status).toBe(400);
  });
});
