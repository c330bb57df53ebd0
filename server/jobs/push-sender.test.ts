import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { configFromEnv } from "../config.ts";
import { outboxMailer } from "../services/mail.ts";
import { deliveryKey } from "../services/web-push.ts";
import {
  call,
  runDueJobs,
  type TestUser,
  testApp,
  testAppOf,
  testDatabase,
  testUser,
} from "../test-helpers.ts";
import { type PushEndpoint, startPushEndpoint } from "../testing/push-endpoint.ts";
import { BossQueue } from "./boss.ts";
import { jobs } from "./index.ts";
import { PUSH_SCHEDULE_JOB } from "./push-scheduler.ts";
import { PUSH_OCCURRENCE_JOB, PUSH_SEND_JOB } from "./push-sender.ts";

let app: FastifyInstance;
let endpoint: PushEndpoint;
let owner: TestUser;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  app = await testApp({ config: { pushCaFile: endpoint.caFile } });
  owner = await testUser(app);
});
afterAll(async () => {
  await app.close();
  await endpoint.close();
});

const subscribe = (appId: string, userId: string, token?: string) =>
  call(app, {
    method: "POST",
    url: "/api/mobile/app/push-notifications/subscribe3",
    headers: { "x-app": appId },
    payload: { userId, platform: "Web", ...(token ? { token } : {}) },
  });

const rows = async (text: string, params: unknown[] = []) => (await app.database.execute(text, params)).rows;

const DAY = 24 * 3600 * 1000;

describe("push sender", () => {
  it("sends a weekly push ending in three weeks exactly three times on a fake clock", async () => {
    const appId = await testAppOf(app, owner, "Weekly Motors");
    const phone = endpoint.subscribe();
    expect((await subscribe(appId, "weekly-user", endpoint.tokenOf(phone))).status).toBe(200);
    const base = Date.now();
    const created = await call(app, {
      method: "POST",
      url: `/api/apps/${appId}/push-notifications`,
      headers: owner.headers,
      payload: {
        apps: [appId],
        message: "Tire rotation Tuesdays",
        path: "https://dealer.example/tires",
        scheduleTime: new Date(base + 3600_000).toISOString(),
        recurrence: { type: "Weekly", endsBy: new Date(base + 21 * DAY).toISOString() },
        timeZone: "America/New_York",
      },
    });
    expect(created.status).toBe(201);
    const pushId = created.body.data.id;
    // Nothing goes before its time.
    await runDueJobs(app, new Date(base + 3600_000 - 60_000), { schedules: ["push.schedule"] });
    expect(endpoint.posts.get(phone.name) ?? 0).toBe(0);
    // Five weeks of the scheduler's minute runs, sampled every six hours.
    for (let t = base; t <= base + 35 * DAY; t += 6 * 3600_000)
      await runDueJobs(app, new Date(t), { schedules: ["push.schedule"] });

    expect(endpoint.posts.get(phone.name)).toBe(3);
    const received = [...(endpoint.messages.get(phone.name)?.values() ?? [])];
    expect(received).toHaveLength(3);
    expect(endpoint.rejected).toEqual([]);
    const occurrences = await rows(
      `select id::text, at, state, targeted, sent, failed, expired from push_occurrences where push_id = $1 order by at`,
      [pushId],
    );
    expect(occurrences.map((o) => new Date(o.at).getTime())).toEqual([
      base + 3600_000,
      base + 3600_000 + 7 * DAY,
      base + 3600_000 + 14 * DAY,
    ]);
    expect(occurrences.map((o) => [o.state, o.targeted, o.sent, o.failed, o.expired])).toEqual([
      ["done", 1, 1, 0, 0],
      ["done", 1, 1, 0, 0],
      ["done", 1, 1, 0, 0],
    ]);
    const inbox = await rows(
      `select n.id::text, o.id::text as occurrence from end_user_notifications n
         join push_occurrences o on o.id = n.occurrence_id where n.app_id = $1 and n.user_id = 'weekly-user'
        order by o.at`,
      [appId],
    );
    const subscriptionId = (
      await rows("select id::text from push_subscriptions where app_id = $1", [appId])
    )[0].id;
    expect(received.map((r) => r.payload)).toEqual(
      inbox.map((n) => ({
        title: "Weekly Motors",
        message: "Tire rotation Tuesdays",
        path: "https://dealer.example/tires",
        notificationId: n.id,
        tag: deliveryKey(n.occurrence, subscriptionId),
      })),
    );
    expect(received.map((r) => r.topic)).toEqual(received.map((r) => r.payload.tag));
    expect(
      (await rows("select next_at from push_notifications where id = $1", [pushId]))[0].next_at,
    ).toBeNull();
  }, 120_000);

  it("sends a push due now at once: inbox for every user, expired subscriptions removed, failures retried with backoff, never twice", async () => {
    const appId = await testAppOf(app, owner, "Now Motors");
    const ok = endpoint.subscribe();
    const gone = endpoint.subscribe();
    const flaky = endpoint.subscribe();
    const refused = endpoint.subscribe();
    endpoint.answer.set(gone.name, 410);
    endpoint.answer.set(flaky.name, 503);
    endpoint.answer.set(refused.name, 400);
    for (const [user, sub] of [
      ["u-ok", ok],
      ["u-gone", gone],
      ["u-flaky", flaky],
      ["u-refused", refused],
    ] as const)
      expect((await subscribe(appId, user, endpoint.tokenOf(sub))).status).toBe(200);
    // A browser without Web Push: its fallback token gets the inbox entry only.
    expect((await subscribe(appId, "u-fallback")).status).toBe(200);

    const sentAt = Date.now();
    const created = await call(app, {
      method: "POST",
      url: `/api/apps/${appId}/push-notifications`,
      headers: owner.headers,
      payload: { apps: [appId], message: "Service special today", scheduleTime: new Date().toISOString() },
    });
    expect(created.status).toBe(201);
    const pushId = created.body.data.id;
    const [occ] = await rows(
      "select id::text, state, targeted, sent, failed, expired from push_occurrences where push_id = $1",
      [pushId],
    );
    expect(occ).toMatchObject({ state: "fanned", targeted: 4, sent: 1, failed: 1, expired: 1 });
    expect([...(endpoint.messages.get(ok.name)?.values() ?? [])].map((m) => m.payload)).toEqual([
      {
        title: "Now Motors",
        message: "Service special today",
        notificationId: expect.any(String),
        tag: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      },
    ]);
    expect(endpoint.posts.get(gone.name)).toBe(1);
    expect(endpoint.posts.get(flaky.name)).toBe(1);
    expect(
      (
        await rows("select count(*)::int as n from push_subscriptions where app_id = $1 and token like $2", [
          appId,
          `%${gone.name}%`,
        ])
      )[0].n,
    ).toBe(0);
    const inbox = await rows(
      "select user_id, message from end_user_notifications where app_id = $1 order by user_id",
      [appId],
    );
    expect(inbox).toEqual(
      ["u-fallback", "u-flaky", "u-gone", "u-ok", "u-refused"].map((user_id) => ({
        user_id,
        message: "Service special today",
      })),
    );
    const [flakyDelivery] = await rows(
      `select d.state, d.attempts, d.error, d.claimed_at from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
        where d.occurrence_id = $1 and s.user_id = 'u-flaky'`,
      [occ.id],
    );
    expect(flakyDelivery).toMatchObject({
      state: "pending",
      attempts: 1,
      error: "The push service answered 503",
    });
    const retryAt = new Date(flakyDelivery.claimed_at).getTime();
    expect(retryAt - sentAt).toBeGreaterThanOrEqual(5000);

    // The push service recovers; nothing is tried before the backoff has passed.
    endpoint.answer.delete(flaky.name);
    await runDueJobs(app, new Date(retryAt - 1000));
    expect(endpoint.posts.get(flaky.name)).toBe(1);
    await runDueJobs(app, new Date(retryAt + 1000));
    expect(endpoint.posts.get(flaky.name)).toBe(2);
    expect(endpoint.messages.get(flaky.name)?.size).toBe(1);
    const [after] = await rows(
      "select state, targeted, sent, failed, expired from push_occurrences where id = $1",
      [occ.id],
    );
    expect(after).toEqual({ state: "done", targeted: 4, sent: 2, failed: 1, expired: 1 });

    // Running the occurrence and its sends again (a retry after a crash) sends nothing twice.
    await app.queue.send(PUSH_OCCURRENCE_JOB, { occurrenceId: occ.id });
    await app.queue.send(PUSH_SEND_JOB, { occurrenceId: occ.id });
    expect([ok, flaky, refused].map((s) => endpoint.posts.get(s.name))).toEqual([1, 2, 1]);
    expect(
      (await rows("select count(*)::int as n from end_user_notifications where app_id = $1", [appId]))[0].n,
    ).toBe(5);
  }, 60_000);

  it("gives a push sharing a coupon or an event the inbox entry's path (coupon:{id} / event:{id}); its own link wins", async () => {
    const appId = await testAppOf(app, owner, "Share Motors");
    const sub = endpoint.subscribe();
    const visitor = crypto.randomUUID();
    expect((await subscribe(appId, visitor, endpoint.tokenOf(sub))).status).toBe(200);
    const offer = async (kind: "coupon" | "event") =>
      (
        await rows(
          `insert into offers (owner_app_id, kind, title) values ($1, '${kind}', 'Shared ${kind}') returning id::text`,
          [appId],
        )
      )[0].id as string;
    const coupon = await offer("coupon");
    const event = await offer("event");
    const send = async (message: string, extra: Record<string, string>) => {
      const created = await call(app, {
        method: "POST",
        url: `/api/apps/${appId}/push-notifications`,
        headers: owner.headers,
        payload: { apps: [appId], message, scheduleTime: new Date().toISOString(), ...extra },
      });
      expect(created.status).toBe(201);
    };
    await send("Coupon for you", { shareCoupon: coupon });
    await send("Event for you", { shareEvent: event });
    await send("Own link wins", { shareCoupon: coupon, path: "https://dealer.example/tires" });
    const payloads = [...(endpoint.messages.get(sub.name)?.values() ?? [])].map(
      (m) => m.payload as { message: string; path?: string },
    );
    expect(payloads.map((p) => [p.message, p.path]).sort()).toEqual([
      ["Coupon for you", `coupon:${coupon}`],
      ["Event for you", `event:${event}`],
      ["Own link wins", "https://dealer.example/tires"],
    ]);
    // The widget's inbox lists the same paths for the same entries.
    const inbox = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${visitor}/notifications`,
      headers: { "x-app": appId },
    });
    expect(inbox.status).toBe(200);
    const items = inbox.body.data.items as { message: string; path?: string }[];
    expect(items.map((i) => [i.message, i.path]).sort()).toEqual(
      payloads.map((p) => [p.message, p.path]).sort(),
    );
  });

  it("signs with the app's own Web keys when an admin set them, the key the widget subscribes with", async () => {
    const appId = await testAppOf(app, owner, "Keyed Motors");
    const admin = await testUser(app, "Admin");
    const keys = webpush.generateVAPIDKeys();
    const profile = await call(app, {
      method: "POST",
      url: `/api/admin/apps/${appId}/push-profile`,
      headers: admin.headers,
      payload: { web: { ...keys, subject: "mailto:push@keyed.example" } },
    });
    expect(profile.status).toBe(200);
    const key = await call(app, {
      method: "GET",
      url: "/api/mobile/app/push-notifications/vapid-public-key",
      headers: { "x-app": appId },
    });
    expect(key.body.data).toBe(keys.publicKey);
    const serverKey = await call(app, {
      method: "GET",
      url: "/api/mobile/app/push-notifications/vapid-public-key",
    });
    expect(serverKey.body.data).not.toBe(keys.publicKey);
    const phone = endpoint.subscribe();
    await subscribe(appId, "keyed-user", endpoint.tokenOf(phone));
    const created = await call(app, {
      method: "POST",
      url: `/api/apps/${appId}/push-notifications`,
      headers: owner.headers,
      payload: { apps: [appId], message: "Signed by the app", scheduleTime: new Date().toISOString() },
    });
    expect(created.status).toBe(201);
    const [message] = [...(endpoint.messages.get(phone.name)?.values() ?? [])];
    expect(message).toMatchObject({
      vapidKey: keys.publicKey,
      payload: { title: "Keyed Motors", message: "Signed by the app" },
    });
    expect(endpoint.rejected).toEqual([]);
  }, 60_000);
});

describe("push sender on pg-boss (npm start's queue, on this suite's engine)", () => {
  it("takes a push due now through schedule, fan-out and sends to every subscription once", async () => {
    const database = await testDatabase();
    const log = pino({ level: "silent" });
    const config = { ...configFromEnv(), pushCaFile: endpoint.caFile };
    const queue = new BossQueue({
      database,
      definitions: jobs,
      context: () => ({ database, db: database.db, mailer: outboxMailer(database.db, log), config, log }),
      log,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await queue.start();
      const { rows: appRows } = await database.execute(
        `insert into apps (slug, definition) values ('boss-motors', '{"name":"Boss Motors"}') returning id::text`,
      );
      const appId = appRows[0].id;
      const phones = Array.from({ length: 30 }, () => endpoint.subscribe());
      for (const [i, phone] of phones.entries())
        await database.execute(
          "insert into push_subscriptions (app_id, user_id, platform, token) values ($1, $2, 'Web', $3)",
          [appId, `boss-user-${i}`, endpoint.tokenOf(phone)],
        );
      const { rows: pushRows } = await database.execute(
        `insert into push_notifications (owner_app_id, message, schedule_time, next_at)
           values ($1, 'Brake check this weekend', now(), now()) returning id::text`,
        [appId],
      );
      await database.execute("insert into push_notification_apps (push_id, app_id) values ($1, $2)", [
        pushRows[0].id,
        appId,
      ]);
      await queue.send(PUSH_SCHEDULE_JOB, {});
      const end = Date.now() + 60_000;
      for (;;) {
        const { rows } = await database.execute(
          "select state, targeted, sent from push_occurrences where push_id = $1",
          [pushRows[0].id],
        );
        if (rows[0]?.state === "done") {
          expect(rows[0]).toEqual({ state: "done", targeted: 30, sent: 30 });
          break;
        }
        if (Date.now() > end) throw new Error(`not done in time: ${JSON.stringify(rows)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(phones.map((p) => endpoint.posts.get(p.name))).toEqual(phones.map(() => 1));
      expect(
        phones.map((p) => [...(endpoint.messages.get(p.name)?.values() ?? [])][0]?.payload.message),
      ).toEqual(phones.map(() => "Brake check this weekend"));
    } finally {
      await queue.stop();
      await database.close();
    }
  }, 120_000);
});
