import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestEndUser, testApp, testAppOf, testEndUser, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let appA: string;
let appB: string;
let signed: TestEndUser;

beforeAll(async () => {
  app = await testApp();
  const owner = await testUser(app);
  appA = await testAppOf(app, owner, "Inbox Motors");
  appB = await testAppOf(app, owner, "Other Motors");
  signed = await testEndUser(app, appA);
});
afterAll(() => app.close());

async function entry(
  appId: string,
  userId: string,
  message: string,
  opts: { occurrenceId?: string; at?: string } = {},
) {
  const { rows } = await app.database.execute(
    `insert into end_user_notifications (app_id, user_id, message, path, occurrence_id, created_at)
     values ($1, $2, $3, 'https://example.com/sale', $4, coalesce($5::timestamptz, now())) returning id`,
    [appId, userId, message, opts.occurrenceId ?? null, opts.at ?? null],
  );
  return (rows[0] as { id: string }).id;
}

async function occurrence(appId: string) {
  const { rows: p } = await app.database.execute(
    "insert into push_notifications (owner_app_id, message, schedule_time) values ($1, 'Sale', now()) returning id",
    [appId],
  );
  const { rows } = await app.database.execute(
    "insert into push_occurrences (push_id, at) values ($1, now()) returning id",
    [(p[0] as { id: string }).id],
  );
  return (rows[0] as { id: string }).id;
}

const counters = async (id: string) => {
  const { rows } = await app.database.execute(
    "select delivered, opened from push_occurrences where id = $1",
    [id],
  );
  return rows[0] as { delivered: number; opened: number };
};

const inbox = (userId: string, headers: Record<string, string>) =>
  call(app, { method: "GET", url: `/api/mobile/users/${userId}/notifications`, headers });

describe("the widget's inbox", () => {
  it("lists an anonymous id's own entries newest first with the unread count, and nobody else's", async () => {
    const anon = randomUUID();
    await entry(appA, anon, "Older", { at: "2026-01-01T10:00:00Z" });
    await entry(appA, anon, "Newer", { at: "2026-01-02T10:00:00Z" });
    await entry(appA, randomUUID(), "Someone else's");
    await entry(appB, anon, "Same id, other app");
    const res = await inbox(anon, { "x-app": appA });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { message: string }) => i.message)).toEqual(["Newer", "Older"]);
    expect(res.body.data.unread).toBe(2);
    expect(res.body.data.items[0]).toMatchObject({
      path: "https://example.com/sale",
      read: false,
      opened: false,
    });
    const other = await inbox(anon, { "x-app": appB });
    expect(other.body.data.items.map((i: { message: string }) => i.message)).toEqual(["Same id, other app"]);
  });

  it("answers an empty inbox with no items and 0 unread", async () => {
    const res = await inbox(randomUUID(), { "x-app": appA });
    expect(res.body.data).toEqual({ items: [], unread: 0 });
  });

  it("keeps at most 100 newest entries in the list while counting every unread one", async () => {
    const anon = randomUUID();
    await app.database.execute(
      `insert into end_user_notifications (app_id, user_id, message, created_at)
       select $1, $2, 'n' || g, now() - (g || ' minutes')::interval from generate_series(1, 105) g`,
      [appA, anon],
    );
    const res = await inbox(anon, { "x-app": appA });
    expect(res.body.data.items).toHaveLength(100);
    expect(res.body.data.items[0].message).toBe("n1");
    expect(res.body.data.unread).toBe(105);
  });

  it("needs a signed-in user's own token: none, another's, or another app's is 401", async () => {
    await entry(appA, signed.id, "For the signed-in user");
    const other = await testEndUser(app, appA);
    const elsewhere = await testEndUser(app, appB);
    expect((await inbox(signed.id, { "x-app": appA })).status).toBe(401);
    expect((await inbox(signed.id, { "x-app": appA, authorization: `Bearer ${other.token}` })).status).toBe(
      401,
    );
    expect(
      (await inbox(signed.id, { "x-app": appA, authorization: `Bearer ${elsewhere.token}` })).status,
    ).toBe(401);
    expect((await inbox(signed.id, { "x-app": appB, authorization: `Bearer ${signed.token}` })).status).toBe(
      401,
    );
    const own = await inbox(signed.id, signed.headers);
    expect(own.status).toBe(200);
    expect(own.body.data.items.map((i: { message: string }) => i.message)).toContain(
      "For the signed-in user",
    );
    // A signed-in user's token never reads an anonymous id's inbox either.
    expect((await inbox(randomUUID(), signed.headers)).status).toBe(401);
  });

  it("needs X-App and a running app", async () => {
    expect((await inbox(randomUUID(), {})).status).toBe(400);
    expect((await inbox(randomUUID(), { "x-app": randomUUID() })).status).toBe(404);
  });

  it("opens an entry once: read and opened, +1 opened on its occurrence, the unread count drops", async () => {
    const anon = randomUUID();
    const occ = await occurrence(appA);
    const id = await entry(appA, anon, "Open me", { occurrenceId: occ });
    await entry(appA, anon, "Leave me");
    const open = () =>
      call(app, {
        method: "PUT",
        url: `/api/mobile/users/${anon}/notifications/${id}/opened`,
        headers: { "x-app": appA },
      });
    const results = await Promise.all([open(), open(), open()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await counters(occ)).toEqual({ delivered: 0, opened: 1 });
    const res = await inbox(anon, { "x-app": appA });
    expect(res.body.data.unread).toBe(1);
    expect(res.body.data.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      read: true,
      opened: true,
    });
  });

  it("an entry of a push sharing a coupon or an event leads to it when it has no link of its own", async () => {
    const anon = randomUUID();
    const offer = async (kind: string) => {
      const { rows } = await app.database.execute(
        `insert into offers (owner_app_id, kind, title) values ($1, '${kind}', 'Shared ${kind}') returning id`,
        [appA],
      );
      return (rows[0] as { id: string }).id;
    };
    const coupon = await offer("coupon");
    const event = await offer("event");
    const shared = async (column: string, offerId: string, message: string) => {
      const { rows: p } = await app.database.execute(
        `insert into push_notifications (owner_app_id, message, schedule_time, ${column}) values ($1, $2, now(), $3) returning id`,
        [appA, message, offerId],
      );
      const { rows } = await app.database.execute(
        "insert into push_occurrences (push_id, at) values ($1, now()) returning id",
        [(p[0] as { id: string }).id],
      );
      await app.database.execute(
        "insert into end_user_notifications (app_id, user_id, message, occurrence_id) values ($1, $2, $3, $4)",
        [appA, anon, message, (rows[0] as { id: string }).id],
      );
    };
    await shared("share_coupon", coupon, "Coupon push");
    await shared("share_event", event, "Event push");
    await entry(appA, anon, "Linked push", { occurrenceId: await occurrence(appA) });
    const { items } = (await inbox(anon, { "x-app": appA })).body.data;
    const pathOf = (message: string) => items.find((i: { message: string }) => i.message === message)?.path;
    expect(pathOf("Coupon push")).toBe(`coupon:${coupon}`);
    expect(pathOf("Event push")).toBe(`event:${event}`);
    expect(pathOf("Linked push")).toBe("https://example.com/sale");
  });

  it("never opens or receipts another user's or another app's entry (404, nothing changes)", async () => {
    const owner = randomUUID();
    const occ = await occurrence(appA);
    const id = await entry(appA, owner, "Mine", { occurrenceId: occ });
    const intruder = randomUUID();
    for (const [userId, appId, verb, tail] of [
      [intruder, appA, "PUT", "opened"],
      [owner, appB, "PUT", "opened"],
      [intruder, appA, "POST", "delivered"],
      [owner, appB, "POST", "delivered"],
    ] as const) {
      const res = await call(app, {
        method: verb,
        url: `/api/mobile/users/${userId}/notifications/${id}/${tail}`,
        headers: { "x-app": appId },
      });
      expect(
        res.status,
        `${tail} as ${userId === owner ? "owner" : "intruder"} in ${appId === appA ? "A" : "B"}`,
      ).toBe(404);
      expect(res.body.error.code).toBe("NotificationNotFound");
    }
    expect(await counters(occ)).toEqual({ delivered: 0, opened: 0 });
    const res = await inbox(owner, { "x-app": appA });
    expect(res.body.data.items[0]).toMatchObject({ read: false, opened: false });
  });

  it("takes the service worker's delivered receipt once, without a token", async () => {
    const occ = await occurrence(appA);
    const id = await entry(appA, signed.id, "Delivered", { occurrenceId: occ });
    const receipt = () =>
      call(app, {
        method: "POST",
        url: `/api/mobile/users/${signed.id}/notifications/${id}/delivered`,
        headers: { "x-app": appA },
      });
    expect((await Promise.all([receipt(), receipt()])).map((r) => r.status)).toEqual([200, 200]);
    expect(await counters(occ)).toEqual({ delivered: 1, opened: 0 });
  });

  it("marks all of the user's entries read, only in this app", async () => {
    const anon = randomUUID();
    await entry(appA, anon, "One");
    await entry(appA, anon, "Two");
    await entry(appB, anon, "Other app");
    const res = await call(app, {
      method: "PUT",
      url: `/api/mobile/users/${anon}/notifications/read`,
      headers: { "x-app": appA },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ read: 2 });
    expect((await inbox(anon, { "x-app": appA })).body.data.unread).toBe(0);
    expect((await inbox(anon, { "x-app": appB })).body.data.unread).toBe(1);
  });
});
