import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNAL_APP_MISMATCH } from "../ops/mobile-analytics.ts";
import { call, someAddress, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let appId: string;
let otherAppId: string;

beforeAll(async () => {
  app = await testApp();
  const owner = await testUser(app);
  appId = await testAppOf(app, owner, "Signal Motors");
  otherAppId = await testAppOf(app, owner, "Other Signal Motors");
});
afterAll(() => app.close());

const signal = (name = "page_view", app_ = appId, id = randomUUID()) => ({
  id,
  time: new Date().toISOString(),
  appId: app_,
  platform: "Web",
  name,
  data: { page: "home" },
});
const post = (payload: unknown, app_: string | null = appId) =>
  call(app, {
    method: "POST",
    url: "/api/mobile/analytics/events",
    headers: app_ ? { "x-app": app_ } : {},
    payload: payload as object,
    remoteAddress: someAddress(),
  });
const count = async (app_ = appId) =>
  Number(
    (await app.database.execute("select count(*) as n from analytics_events where app_id = $1", [app_]))
      .rows[0].n,
  );

describe("POST /mobile/analytics/events", () => {
  it("stores a batch and ignores events it already has", async () => {
    const before = await count();
    const batch = [signal(), signal("install"), signal()];
    const first = await post(batch);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ stored: 3 });
    const again = await post([...batch, signal()]);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ stored: 1 });
    expect((await count()) - before).toBe(4);
  });

  it("keeps the signal's fields", async () => {
    const s = {
      ...signal("feature_open"),
      userId: "u-1",
      data: { featureId: "f1", title: "Coupons", page: "coupons" },
    };
    expect((await post([s])).status).toBe(200);
    const { rows } = await app.database.execute("select * from analytics_events where id = $1", [s.id]);
    expect(rows[0]).toMatchObject({ name: "feature_open", user_id: "u-1", platform: "Web", data: s.data });
  });

  it("refuses more than 50 per batch, signals without an id, unknown apps and a missing app header", async () => {
    expect((await post(Array.from({ length: 51 }, () => signal()))).status).toBe(400);
    const { id: _, ...noId } = signal();
    expect((await post([noId])).status).toBe(400);
    const unknown = randomUUID();
    expect((await post([signal("page_view", unknown)], unknown)).status).toBe(404);
    expect((await post([signal()], null)).status).toBe(400);
    expect((await post([{ ...signal(), data: { failureReason: "http_error" } }])).status).toBe(200);
    expect((await post([{ ...signal(), data: { failureReason: "other" } }])).status).toBe(400);
  });

  it("takes the app from the X-App header only: a signal naming another app fails the batch at its field", async () => {
    const before = { a: await count(), b: await count(otherAppId) };
    const res = await post([signal(), signal("page_view", otherAppId), signal()]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      message: SIGNAL_APP_MISMATCH,
      details: [{ path: "/1/appId", message: SIGNAL_APP_MISMATCH }],
    });
    expect({ a: await count(), b: await count(otherAppId) }).toEqual(before);
  });

  it("refuses discontinued apps as not found", async () => {
    const gone = await testAppOf(app, await testUser(app), "Gone Motors");
    await app.database.execute("update apps set status = 'Inactive' where id = $1", [gone]);
    const res = await post([signal("page_view", gone)], gone);
    expect(res.status).toBe(404);
    expect(await count(gone)).toBe(0);
  });

  it("stores the same id once per app: twice across two apps, once when repeated in a batch", async () => {
    const id = randomUUID();
    const a = await post([signal("page_view", appId, id), signal("install", appId, id)]);
    expect(a.body.data).toEqual({ stored: 1 });
    const b = await post([signal("page_view", otherAppId, id)], otherAppId);
    expect(b.body.data).toEqual({ stored: 1 });
    const { rows } = await app.database.execute(
      "select app_id, name from analytics_events where id = $1 order by app_id",
      [id],
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.app_id))).toEqual(new Set([appId, otherAppId]));
    expect(rows.find((r) => r.app_id === appId)?.name).toBe("page_view");
  });

  it("deletes an app's signals with the app, and only that app's", async () => {
    const owner = await testUser(app);
    const goneId = await testAppOf(app, owner, "Gone Signal Motors");
    expect((await post([signal("install", goneId), signal("page_view", goneId)], goneId)).body.data).toEqual({
      stored: 2,
    });
    const others = await count(otherAppId);
    expect(await count(goneId)).toBe(2);
    await app.database.execute("delete from apps where id = $1", [goneId]);
    expect(await count(goneId)).toBe(0);
    expect(await count(otherAppId)).toBe(others);
  });

  it("stores 100 parallel batches with overlapping ids in other orders without a server error, each id once", async () => {
    if (app.database.engine === "postgres") {
      // Test-only widening of the race on this scratch database: each row takes 0.5 ms, so concurrent
      // batches are mid-insert together (at full speed they rarely overlap). Inserted in body order, two
      // batches holding each other's ids deadlock; in id order they wait for each other.
      await app.database.execute(`
        create function slow_analytics() returns trigger language plpgsql as
          $$ begin perform pg_sleep(0.0005); return new; end $$;
        create trigger slow_analytics before insert on analytics_events
          for each row execute function slow_analytics();`);
      // Every pooled connection open first, so the batches really run side by side.
      await Promise.all(Array.from({ length: 10 }, () => app.database.execute("select pg_sleep(0.05)")));
    }
    // The widget re-sends a buffered event as it was made (same id, same time), so the pool is of signals.
    const pool = Array.from({ length: 60 }, () => signal("page_view", appId, randomUUID()));
    // Each batch takes 50 signals of the pool, rotated, every other one reversed: batches share ids in
    // opposite orders.
    const batches = Array.from({ length: 100 }, (_, k) => {
      const ids = [...pool.slice(k % 60), ...pool.slice(0, k % 60)].slice(0, 50);
      if (k % 2) ids.reverse();
      return ids;
    });
    const before = await count();
    const answers = await Promise.all(batches.map((b) => post(b)));
    const failures = answers
      .filter((r) => r.status !== 200)
      .map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(failures).toEqual([]);
    expect(answers.reduce((n, r) => n + r.body.data.stored, 0)).toBe(60);
    expect((await count()) - before).toBe(60);
  }, 60_000);
});
