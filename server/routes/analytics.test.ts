import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsMaintenanceJob } from "../jobs/analytics.ts";
import { listPartitions } from "../ops/analytics-partitions.ts";
import { foldAllAnalytics } from "../ops/analytics-rollup.ts";
import { SKETCH_STANDARD_ERROR } from "../ops/analytics-sketch.ts";
import {
  call,
  someAddress,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let appId: string;
let featureId: string;

const DAY = 86_400_000;
/** A fixed day well inside the kept window: 20 days ago (UTC). */
const D = new Date(Math.floor(Date.now() / DAY) * DAY - 20 * DAY);
const day = (offset: number) => new Date(D.getTime() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number, hhmm: string) => `${day(offset)}T${hhmm}:00.000Z`;

type Data = Record<string, string>;
const sig = (name: string, time: string, userId: string | undefined, data?: Data) => ({
  id: randomUUID(),
  time,
  appId,
  platform: "Web",
  name,
  ...(userId ? { userId } : {}),
  ...(data ? { data } : {}),
});
const ingest = async (signals: ReturnType<typeof sig>[]) => {
  const res = await call(app, {
    method: "POST",
    url: "/api/mobile/analytics/events",
    headers: { "x-app": appId },
    payload: signals,
    remoteAddress: someAddress(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.stored as number;
};
const report = async (type: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
  call(app, {
    method: "GET",
    url: `/api/apps/${appId}/analytics/${type}?${new URLSearchParams(query)}`,
    headers: { ...owner.headers, ...headers },
  });
const metric = (body: { data: { metrics: { id: string }[] } }, id: string) =>
  body.data.metrics.find((m) => m.id === id) as unknown as {
    total: number;
    previousTotal: number;
    points: { period: string; value: number }[];
    breakdown?: { key: string; label: string; value: number; previousValue: number }[];
  };

let offerId: string;
let geofenceId: string;

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Metric Motors");
  // Feature titles come from the app's definition (as the builder saved it).
  featureId = randomUUID();
  await app.database.execute(
    `update apps set definition = jsonb_set(definition, '{features}', $2::jsonb) where id = $1`,
    [appId, JSON.stringify([{ id: featureId, type: "contactUs", title: "Contact us" }])],
  );
  offerId = (
    await app.database.execute(
      "insert into offers (kind, owner_app_id, title) values ('coupon', $1, 'Oil change $19') returning id",
      [appId],
    )
  ).rows[0].id;
  geofenceId = randomUUID();
  const stored = await ingest([
    // The day before D: the previous range of a one-day report on D.
    sig("install", at(-1, "12:00"), "u9"),
    sig("page_view", at(-1, "12:00"), "u9", { page: "home" }),
    // D, in UTC.
    sig("install", at(0, "09:00"), "u1"),
    sig("install", at(0, "10:00"), "u2"),
    sig("install", at(0, "11:00"), "u3"),
    sig("page_view", at(0, "09:01"), "u1", { page: "home" }),
    sig("page_view", at(0, "09:02"), "u1", { page: "home" }),
    sig("page_view", at(0, "10:01"), "u2", { page: "coupons", featureId }),
    sig("page_view", at(0, "10:02"), "u2", { page: "couponDetails", offerId }),
    sig("share", at(0, "10:03"), "u2", { offerId, title: "Oil change $19" }),
    sig("calendar_add", at(0, "10:04"), "u2", { offerId, title: "Oil change $19" }),
    sig("login", at(0, "09:05"), "u1", { loginMethod: "email" }),
    sig("login", at(0, "10:05"), "u2", { loginMethod: "email" }),
    sig("login", at(0, "11:05"), "u3", { loginMethod: "phone" }),
    sig("page_view", at(0, "11:06"), "u3", { page: "inventory_details", inventoryId: "VIN123" }),
    sig("inventory_favorite", at(0, "11:07"), "u3", { inventoryId: "VIN123" }),
    sig("geofence", at(0, "11:08"), "u3", { geofenceId }),
    sig("logout", at(0, "11:09"), "u3"),
  ]);
  expect(stored).toBe(18);
  // Records count through their tables' triggers, whoever writes them.
  await app.database.execute(
    `insert into leads (app_id, source, name, created_at, context) values
       ($1, 'form', 'Ana', $2, null), ($1, 'offer', 'Bo', $2, '{"inventoryId":"VIN123"}'::jsonb)`,
    [appId, at(0, "12:00")],
  );
  await app.database.execute(
    "insert into form_data (app_id, feature_id, title, values, created_at) values ($1, $2, 'Contact', '{}'::jsonb, $3)",
    [appId, featureId, at(0, "12:01")],
  );
  const redeemer = await testEndUser(app, appId);
  await app.database.execute(
    "insert into redemptions (app_id, offer_id, end_user_id, channel, created_at) values ($1, $2, $3, 'widget', $4)",
    [appId, offerId, redeemer.id, at(0, "12:02")],
  );
  await foldAllAnalytics(app.database.db);
});
afterAll(() => app.close());

describe("GET /apps/{appId}/analytics/{type}", () => {
  it("overview: installs, unique visitors, sign-ins by method, against the day before", async () => {
    const res = await report("overview", { from: day(0), to: day(0), tz: "UTC" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: "overview",
      from: day(0),
      to: day(0),
      interval: "day",
      timeZone: "UTC",
      previous: { from: day(-1), to: day(-1) },
      filters: { platforms: ["Web"], locations: [] },
    });
    expect(metric(res.body, "installs")).toEqual({
      id: "installs",
      total: 3,
      previousTotal: 1,
      points: [{ period: day(0), value: 3 }],
    });
    expect(metric(res.body, "visitors")).toMatchObject({
      total: 3,
      previousTotal: 1,
      points: [{ period: day(0), value: 3 }],
    });
    expect(metric(res.body, "sign_ins")).toMatchObject({
      total: 3,
      previousTotal: 0,
      breakdown: [
        { key: "email", label: "E-mail", value: 2, previousValue: 0 },
        { key: "phone", label: "Text message", value: 1, previousValue: 0 },
      ],
    });
  });

  it("pages, features, offers, inventory, geofences and leads from signals and records", async () => {
    const q = { from: day(0), to: day(0), tz: "UTC" };
    const pages = (await report("pages", q)).body;
    expect(metric(pages, "page_views").breakdown).toEqual([
      { key: "home", label: "Home", value: 2, previousValue: 1 },
      { key: "couponDetails", label: "Special details", value: 1, previousValue: 0 },
      { key: "coupons", label: "Specials", value: 1, previousValue: 0 },
      { key: "inventory_details", label: "Vehicle details", value: 1, previousValue: 0 },
    ]);
    const features = (await report("features", q)).body;
    const title = "Contact us";
    expect(metric(features, "feature_opens").breakdown).toEqual([
      { key: featureId, label: title, value: 1, previousValue: 0 },
    ]);
    const offers = (await report("offers", q)).body;
    for (const id of ["offer_views", "offer_redemptions", "offer_shares", "offer_calendar_adds"])
      expect(metric(offers, id)).toMatchObject({
        total: 1,
        breakdown: [{ key: offerId, label: "Oil change $19", value: 1, previousValue: 0 }],
      });
    const inventory = (await report("inventory", q)).body;
    expect(metric(inventory, "inventory_views").total).toBe(1);
    // An offer of another app, named by a signal sent to this one, keeps its title to itself.
    const otherOwner = await testUser(app);
    const otherApp = await testAppOf(app, otherOwner, "Other Metric Motors");
    const foreign = (
      await app.database.execute(
        "insert into offers (kind, owner_app_id, title) values ('coupon', $1, 'Secret deal') returning id",
        [otherApp],
      )
    ).rows[0].id;
    await ingest([sig("page_view", at(0, "13:30"), "x1", { page: "couponDetails", offerId: foreign })]);
    await foldAllAnalytics(app.database.db);
    const mixed = metric((await report("offers", q)).body, "offer_views").breakdown;
    expect(mixed?.find((b) => b.key === foreign)?.label).toBe(`Removed offer (${foreign.slice(0, 8)})`);
    // A vehicle of this app's inventory is named by year, make, model and VIN; another app's is not.
    const vehicle = async (app_: string) =>
      (
        await app.database.execute(
          "insert into dealer_vehicles (app_id, vin, year, make, model) values ($1, $2, 2021, 'Honda', 'CR-V') returning id",
          [app_, `7FARW2H50ME00${Math.floor(Math.random() * 9000 + 1000)}`],
        )
      ).rows[0].id as string;
    const mine = await vehicle(appId);
    const theirs = await vehicle(otherApp);
    await ingest([
      sig("inventory_favorite", at(0, "13:31"), "x1", { inventoryId: mine }),
      sig("inventory_favorite", at(0, "13:32"), "x1", { inventoryId: theirs }),
    ]);
    await foldAllAnalytics(app.database.db);
    const favorites = metric((await report("inventory", q)).body, "inventory_favorites").breakdown;
    expect(favorites?.find((b) => b.key === mine)?.label).toMatch(/^2021 Honda CR-V \(7FARW2H50ME00\d{4}\)$/);
    expect(favorites?.find((b) => b.key === theirs)?.label).toBe(theirs);
    expect(metric(inventory, "inventory_favorites").total).toBe(1); // before the two below
    expect(metric(inventory, "inventory_leads")).toMatchObject({
      total: 1,
      breakdown: [{ key: "VIN123", value: 1 }],
    });
    const geofences = (await report("geofences", q)).body;
    expect(metric(geofences, "geofence_entries")).toMatchObject({
      total: 1,
      breakdown: [{ key: geofenceId, label: `Removed geofence (${geofenceId.slice(0, 8)})`, value: 1 }],
    });
    const leads = (await report("leads", q)).body;
    expect(metric(leads, "leads")).toMatchObject({
      total: 2,
      breakdown: [
        { key: "form", label: "form", value: 1 },
        { key: "offer", label: "offer", value: 1 },
      ],
    });
    expect(metric(leads, "form_submissions")).toMatchObject({
      total: 1,
      breakdown: [{ key: featureId, label: title }],
    });
  });

  it("counts days in the caller's zone: the IANA name, the console's offset header, half-hour zones", async () => {
    await ingest([
      // 03:30 UTC on D+1 is 22:30 on D in New York (UTC-5 in winter, UTC-4 in summer: still D).
      sig("install", at(1, "03:30"), "z1"),
      // 18:15 UTC on D+2 is 23:45 on D+2 in Kolkata; 18:30 UTC is 00:00 on D+3.
      sig("install", at(2, "18:15"), "z2"),
      sig("install", at(2, "18:30"), "z3"),
    ]);
    await foldAllAnalytics(app.database.db);
    const points = async (query: Record<string, string>, headers?: Record<string, string>) =>
      metric((await report("overview", { from: day(0), to: day(3), ...query }, headers)).body, "installs")
        .points;
    expect(await points({ tz: "UTC" })).toEqual([
      { period: day(0), value: 3 },
      { period: day(1), value: 1 },
      { period: day(2), value: 2 },
      { period: day(3), value: 0 },
    ]);
    const ny = await points({ tz: "America/New_York" });
    expect(ny[0]).toEqual({ period: day(0), value: 4 });
    // The console sends Date#getTimezoneOffset: minutes behind UTC (300 for New York in winter).
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      timeZoneName: "longOffset",
    })
      .formatToParts(new Date(at(1, "03:30")))
      .find((p) => p.type === "timeZoneName")?.value as string;
    const [, sign, hh, mm] = /GMT([+-])(\d\d):(\d\d)/.exec(parts) as RegExpExecArray;
    const nyOffset = (sign === "-" ? 1 : -1) * (Number(hh) * 60 + Number(mm));
    const byHeader = await report(
      "overview",
      { from: day(0), to: day(3) },
      { "x-user-timezone-offset": String(nyOffset) },
    );
    expect(byHeader.body.data.timeZone).toMatch(/^UTC-0[45]:00$/);
    expect(metric(byHeader.body, "installs").points[0]).toEqual({ period: day(0), value: 4 });
    expect(await points({ tz: "Asia/Kolkata" })).toEqual([
      // D's 09:00-11:00 UTC installs are D in Kolkata too; D+1 03:30 UTC is 09:00 on D+1.
      { period: day(0), value: 3 },
      { period: day(1), value: 1 },
      { period: day(2), value: 1 },
      { period: day(3), value: 1 },
    ]);
  });

  it("weeks and months: one point per period, the first clipped to the range's start", async () => {
    const res = await report("overview", { from: day(0), to: day(20), interval: "week", tz: "UTC" });
    const points = metric(res.body, "installs").points;
    expect(points[0].period).toBe(day(0));
    for (const p of points.slice(1)) expect(new Date(`${p.period}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(points.reduce((n, p) => n + p.value, 0)).toBe(metric(res.body, "installs").total);
    const months = await report("overview", { from: day(0), to: day(40), interval: "month", tz: "UTC" });
    const mp = metric(months.body, "installs").points;
    expect(mp[0].period).toBe(day(0));
    for (const p of mp.slice(1)) expect(p.period.endsWith("-01")).toBe(true);
  });

  it("filters by platform and location", async () => {
    await ingest([
      { ...sig("install", at(0, "13:00"), "l1", { location: "Downtown" }) },
      { ...sig("install", at(0, "13:01"), "l2", { location: "Uptown" }) },
    ]);
    await foldAllAnalytics(app.database.db);
    const all = await report("overview", { from: day(0), to: day(0), tz: "UTC" });
    expect(all.body.data.filters.locations).toEqual(["Downtown", "Uptown"]);
    const downtown = await report("overview", { from: day(0), to: day(0), tz: "UTC", location: "Downtown" });
    expect(metric(downtown.body, "installs").total).toBe(1);
    expect(metric(downtown.body, "visitors").total).toBe(1);
    const ios = await report("overview", { from: day(0), to: day(0), tz: "UTC", platform: "iOS" });
    expect(metric(ios.body, "installs").total).toBe(0);
  });

  it("counts pushes sent, delivered and opened and geofence completions from their records, once each", async () => {
    const q = (text: string, params: unknown[] = []) => app.database.execute(text, params);
    const push = (
      await q(
        "insert into push_notifications (owner_app_id, message, schedule_time) values ($1, 'Tires 20% off', $2) returning id",
        [appId, at(3, "09:00")],
      )
    ).rows[0].id;
    const occurrence = (
      await q("insert into push_occurrences (push_id, at) values ($1, $2) returning id", [
        push,
        at(3, "09:00"),
      ])
    ).rows[0].id;
    const subs: string[] = [];
    for (const user of ["p1", "p2", "p3"])
      subs.push(
        (
          await q(
            "insert into push_subscriptions (app_id, user_id, platform, token) values ($1, $2, 'Web', $3) returning id",
            [appId, user, `web-${user}`],
          )
        ).rows[0].id,
      );
    for (const sub of subs)
      await q("insert into push_deliveries (occurrence_id, subscription_id) values ($1, $2)", [
        occurrence,
        sub,
      ]);
    // The sender marks two sent in one statement, then one failed; a second "sent" write of the same row is no new send.
    await q(
      "update push_deliveries set state = 'sent', sent_at = $2 where occurrence_id = $1 and subscription_id <> $3",
      [occurrence, at(3, "09:01"), subs[2]],
    );
    await q("update push_deliveries set state = 'failed' where subscription_id = $1", [subs[2]]);
    await q("update push_deliveries set state = 'sent' where subscription_id = $1", [subs[0]]);
    for (const user of ["p1", "p2"])
      await q(
        "insert into end_user_notifications (app_id, user_id, occurrence_id, message) values ($1, $2, $3, 'Tires 20% off')",
        [appId, user, occurrence],
      );
    await q("update end_user_notifications set delivered_at = $2 where occurrence_id = $1", [
      occurrence,
      at(3, "09:02"),
    ]);
    await q("update end_user_notifications set opened_at = $1, read_at = $1 where user_id = 'p1'", [
      at(3, "10:00"),
    ]);
    await q("update end_user_notifications set read_at = $1 where user_id = 'p2'", [at(3, "11:00")]);
    const fence = (
      await q(
        "insert into geofences (owner_app_id, name, message, lat, lng, radius) values ($1, 'Showroom', 'Welcome', 40.7, -74, 100) returning id",
        [appId],
      )
    ).rows[0].id;
    await q(
      "insert into geofence_completions (geofence_id, app_id, user_id, version, completed_at) values ($1, $2, 'p1', 1, $3)",
      [fence, appId, at(3, "12:00")],
    );
    await foldAllAnalytics(app.database.db);
    const range = { from: day(3), to: day(3), tz: "UTC" };
    const pushes = (await report("pushes", range)).body;
    expect(
      [metric(pushes, "push_sent"), metric(pushes, "push_delivered"), metric(pushes, "push_opened")].map(
        (m) => m.total,
      ),
    ).toEqual([2, 2, 1]);
    const geofences = (await report("geofences", range)).body;
    expect(metric(geofences, "geofence_completions").breakdown).toEqual([
      { key: fence, label: "Showroom", value: 1, previousValue: 0 },
    ]);
  });

  it("counts refused sign-in codes by the reason only the server knows", async () => {
    const signIn = (email: string, code: string) =>
      call(app, {
        method: "POST",
        url: "/api/mobile/users/auth/sign-in",
        headers: { "x-app": appId },
        payload: { email, code, userId: randomUUID() },
        remoteAddress: someAddress(),
      });
    expect((await signIn("never-sent@example.com", "123456")).status).toBe(400);
    const sent = await call(app, {
      method: "POST",
      url: "/api/mobile/users/auth/email-confirmation",
      headers: { "x-app": appId },
      payload: { email: "wrong-code@example.com" },
      remoteAddress: someAddress(),
    });
    expect(sent.status).toBe(200);
    // The code is random: 000000 and 999999 cannot both be it.
    const wrong = [
      await signIn("wrong-code@example.com", "000000"),
      await signIn("wrong-code@example.com", "999999"),
    ];
    expect(wrong.some((r) => r.status === 400)).toBe(true);
    await foldAllAnalytics(app.database.db);
    const today = new Date().toISOString().slice(0, 10);
    const res = await report("overview", { from: today, to: today, tz: "UTC" });
    const failures = metric(res.body, "sign_in_failures");
    expect(failures.breakdown?.find((b) => b.key === "no_code")).toMatchObject({
      label: "No code sent, or already used",
      value: 1,
    });
    expect(failures.breakdown?.find((b) => b.key === "wrong_code")).toMatchObject({ label: "Wrong code" });
    expect(failures.total).toBe(1 + wrong.filter((r) => r.status === 400).length);
  });

  it("refuses bad ranges, zones and types with the field named", async () => {
    const after = await report("overview", { from: day(1), to: day(0) });
    expect(after.status).toBe(400);
    expect(after.body.error.details).toEqual([{ path: "/from", message: "must not be after to" }]);
    const long = await report("overview", { from: "2025-01-01", to: "2026-01-02" });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe("A report covers at most 366 days");
    const bad = await report("overview", { from: "2026-02-30" });
    expect(bad.status).toBe(400);
    const zone = await report("overview", { tz: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    expect(zone.body.error.code).toBe("TimeZoneInvalid");
    const type = await report("revenue", {});
    expect(type.status).toBe(404);
    expect(type.body.error.code).toBe("AnalyticsTypeNotFound");
  });

  it("counts unique visitors from the sketches: exact up to 512 a day, within the documented bound past that", async () => {
    // Day -12: 1,500 users (c1..c1500), one signal each between 10:00 and 10:25 UTC; day -11: 300 users,
    // c1401..c1700 (100 seen the day before), at 20:00 UTC and after.
    const seed = (first: number, last: number, start: string) =>
      app.database.execute(
        `insert into analytics_events (id, app_id, user_id, platform, name, time, data)
         select gen_random_uuid(), $1, 'c' || i, 'Web', 'page_view', $2::timestamptz + (i - $3) * interval '1 second',
           '{"page":"home"}'::jsonb from generate_series($3::int, $4::int) i`,
        [appId, start, first, last],
      );
    await seed(1, 1500, at(-12, "10:00"));
    await seed(1401, 1700, at(-11, "20:00"));
    await foldAllAnalytics(app.database.db);
    const within = (value: number, exact: number) =>
      expect(Math.abs(value - exact) / exact).toBeLessThan(3 * SKETCH_STANDARD_ERROR);

    const utc = metric(
      (await report("overview", { from: day(-12), to: day(-11), tz: "UTC" })).body,
      "visitors",
    );
    expect(utc.points[1]).toEqual({ period: day(-11), value: 300 });
    within(utc.points[0].value, 1500);
    within(utc.total, 1700);
    expect(utc.previousTotal).toBe(0);
    // New York: the same days, local (10:00 UTC is morning there, 20:00 UTC afternoon), from hourly sketches.
    const ny = metric(
      (await report("overview", { from: day(-12), to: day(-11), tz: "America/New_York" })).body,
      "visitors",
    );
    within(ny.points[0].value, 1500);
    expect(ny.points[1]).toEqual({ period: day(-11), value: 300 });
    within(ny.total, 1700);
    // Kolkata (UTC+05:30): the quarter hours at its days' edges come from the 15-minute rows; the 300 of day
    // -11 at 20:00 UTC are 01:30 local on day -10, exactly counted.
    const india = metric(
      (await report("overview", { from: day(-10), to: day(-10), tz: "Asia/Kolkata" })).body,
      "visitors",
    );
    expect(india.total).toBe(300);
  });

  it("answers the last 30 days by default, every day present", async () => {
    const res = await report("pushes", { tz: "UTC" });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.data.to).toBe(today);
    for (const m of res.body.data.metrics) expect(m.points).toHaveLength(30);
  });
});

describe("ingest and rollups", () => {
  it("counts a re-sent batch once and folds each fact once, however often the fold runs", async () => {
    const batch = [sig("install", at(5, "08:00"), "r1"), sig("install", at(5, "08:01"), "r2")];
    expect(await ingest(batch)).toBe(2);
    expect(await ingest(batch)).toBe(0);
    await foldAllAnalytics(app.database.db);
    await foldAllAnalytics(app.database.db);
    const res = await report("overview", { from: day(5), to: day(5), tz: "UTC" });
    expect(metric(res.body, "installs").total).toBe(2);
  });

  it("leaves out signals older than the months kept or more than a day ahead", async () => {
    const old = new Date(Date.now() - 800 * DAY).toISOString();
    const ahead = new Date(Date.now() + 2 * DAY).toISOString();
    expect(await ingest([sig("install", old, "o1"), sig("install", ahead, "o2")])).toBe(0);
    expect(await ingest([sig("install", new Date(Date.now() + 3_600_000).toISOString(), "o3")])).toBe(1);
  });

  it("the daily maintenance makes the months ahead and drops those past the retention, rollups kept", async () => {
    const before = metric(
      (await report("overview", { from: day(0), to: day(0), tz: "UTC" })).body,
      "installs",
    );
    const now = new Date();
    const run = (months: number, when: Date) =>
      analyticsMaintenanceJob.handler(
        {},
        {
          db: app.database.db,
          database: app.database,
          config: { ...app.config, analyticsRetentionMonths: months },
          log: app.log,
          queue: app.queue,
          mailer: app.mailer,
          now: () => when,
        },
      );
    await run(25, now);
    const month = (offset: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
    const kept = await listPartitions(app.database.db);
    expect(kept).toContain(month(3));
    expect(kept).toContain(month(-24));
    // Two months kept: this one and the last; D (20 days ago) may be in either, so its signals stay.
    await run(2, now);
    const after = await listPartitions(app.database.db);
    expect(after[0]).toBe(month(-1));
    expect(after).not.toContain(month(-2));
    const raw = await app.database.execute(
      "select count(*)::int as n from analytics_events where time < $1",
      [`${month(-1)}T00:00:00Z`],
    );
    expect(raw.rows[0].n).toBe(0);
    // The dashboards read the rollups, which stay.
    const res = await report("overview", { from: day(0), to: day(0), tz: "UTC" });
    expect(metric(res.body, "installs")).toEqual(before);
  });
});
