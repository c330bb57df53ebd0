import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  grantRole,
  type TestEndUser,
  type TestUser,
  testApp,
  testEndUser,
  testUser,
} from "../test-helpers.ts";

/** The points program and ledger: settings, award, redeem, caps, expiry, concurrency, roles. */
let app: FastifyInstance;
let appId: string;
let otherAppId: string;
let owner: TestUser;
const staff: Record<string, TestUser> = {};
let stranger: TestUser;
let otherOwner: TestUser;
const DAY = 86_400_000;
const REWARD_ID = "3d1f0a4e-6b2c-4e8f-9a1d-2c3b4a5f6e11";

async function newApp(who: TestUser, name: string) {
  const res = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: who.headers,
    payload: { definition: { name } },
  });
  expect(res.status).toBe(200);
  return res.body.data.appId as string;
}

const program = (extra: object = {}) => ({
  enabled: true,
  conversionRate: 1,
  milestones: [{ id: "3d1f0a4e-6b2c-4e8f-9a1d-2c3b4a5f6e01", points: 1000, title: "Silver member" }],
  rewards: [{ id: REWARD_ID, title: "Free oil change", points: 500 }],
  ...extra,
});

const setProgram = async (extra: object = {}, id = appId, who = owner) => {
  const res = await call(app, {
    method: "PUT",
    url: `/api/apps/${id}/points-program`,
    headers: who.headers,
    payload: program(extra),
  });
  expect(res.status).toBe(200);
  return res;
};

const earn = (payload: object, who: TestUser = staff.Service, id = appId) =>
  call(app, { method: "POST", url: `/api/apps/${id}/points/earn`, headers: who.headers, payload });
const spend = (payload: object, who: TestUser = staff.Service, id = appId) =>
  call(app, { method: "POST", url: `/api/apps/${id}/points/spend`, headers: who.headers, payload });
const account = (u: { id: string }, who: TestUser = owner) =>
  call(app, { method: "GET", url: `/api/apps/${appId}/points?appUserId=${u.id}`, headers: who.headers });

/** An earning written straight into the ledger at a chosen time (with its balance), as history. */
async function pastEarning(
  u: { id: string },
  amount: number,
  createdAt: Date,
  extra: { expiresAt?: Date } = {},
) {
  await app.database.execute(
    `insert into points_entries (app_id, end_user_id, kind, amount, remaining, created_at, expires_at)
     values ($1, $2, 'earn', $3, $3, $4, $5)`,
    [appId, u.id, amount, createdAt.toISOString(), extra.expiresAt?.toISOString() ?? null],
  );
  await app.database.execute(
    `insert into points_balances (app_id, end_user_id, balance) values ($1, $2, $3)
     on conflict (app_id, end_user_id) do update set balance = points_balances.balance + excluded.balance`,
    [appId, u.id, amount],
  );
}

const balanceOf = async (u: { id: string }) => {
  const { rows } = await app.database.execute(
    "select balance from points_balances where app_id = $1 and end_user_id = $2",
    [appId, u.id],
  );
  return rows[0]?.balance ?? 0;
};

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  appId = await newApp(owner, "Points Motors");
  for (const role of ["Manager", "Service", "Associate"]) {
    staff[role] = await testUser(app);
    await grantRole(app, staff[role].id, appId, role);
  }
  stranger = await testUser(app);
  otherOwner = await testUser(app);
  otherAppId = await newApp(otherOwner, "Other Points Motors");
});
afterAll(() => app.close());

describe("points program", () => {
  it("answers the default, off, until an editor sets it; Service and Associate may read, not write", async () => {
    const fresh = await call(app, {
      method: "GET",
      url: `/api/apps/${appId}/points-program`,
      headers: staff.Associate.headers,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({ enabled: false, conversionRate: 1, milestones: [], rewards: [] });
    for (const who of [staff.Service, staff.Associate]) {
      const res = await call(app, {
        method: "PUT",
        url: `/api/apps/${appId}/points-program`,
        headers: who.headers,
        payload: program(),
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("Forbidden");
    }
    for (const who of [owner, staff.Manager]) {
      const res = await setProgram(
        { dailyCap: 5000, terms: "Points expire one year after they are earned." },
        appId,
        who,
      );
      expect(res.body.data).toEqual(
        program({ dailyCap: 5000, terms: "Points expire one year after they are earned." }),
      );
    }
    for (const who of [owner, staff.Manager, staff.Service, staff.Associate]) {
      const res = await call(app, {
        method: "GET",
        url: `/api/apps/${appId}/points-program`,
        headers: who.headers,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.dailyCap).toBe(5000);
    }
    const url = `/api/apps/${appId}/points-program`;
    expect((await call(app, { method: "GET", url })).status).toBe(401);
    expect((await call(app, { method: "GET", url, headers: stranger.headers })).status).toBe(404);
    expect(
      (await call(app, { method: "PUT", url, headers: otherOwner.headers, payload: program() })).status,
    ).toBe(404);
  });

  it("refuses a rate of 0, fractional or negative caps, with the field's message", async () => {
    const put = (payload: object) =>
      call(app, { method: "PUT", url: `/api/apps/${appId}/points-program`, headers: owner.headers, payload });
    const zero = await put(program({ conversionRate: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.body.error.details).toContainEqual({
      path: "/conversionRate",
      message: "value should be greater than 0",
    });
    const fraction = await put(program({ dailyCap: 2.5 }));
    expect(fraction.status).toBe(400);
    expect(fraction.body.error.details).toContainEqual({ path: "/dailyCap", message: "invalid number" });
    const negative = await put(program({ maxPerVisit: -1 }));
    expect(negative.status).toBe(400);
    expect(negative.body.error.details).toContainEqual({
      path: "/maxPerVisit",
      message: "value should be between 1 and 1000000000",
    });
  });
});

describe("earn and spend", () => {
  let u: TestEndUser;
  beforeAll(async () => {
    await setProgram({ conversionRate: 0.5 });
    u = await testEndUser(app, appId);
  });

  it("lets Owner, Manager and Service award and redeem; Associate only reads", async () => {
    for (const who of [owner, staff.Manager, staff.Service]) {
      const res = await earn({ appUserId: u.id, amount: 100, note: "Service visit" }, who);
      expect(res.status).toBe(200);
    }
    const refused = await earn({ appUserId: u.id, amount: 100 }, staff.Associate);
    expect(refused.status).toBe(403);
    expect((await spend({ appUserId: u.id, amount: 1 }, staff.Associate)).status).toBe(403);
    const spent = await spend({ appUserId: u.id, amount: 100, rewardId: REWARD_ID }, staff.Manager);
    expect(spent.status).toBe(200);
    expect(spent.body.data).toMatchObject({ balance: 200, value: 100, conversionRate: 0.5 });
    expect(spent.body.data.history[0]).toMatchObject({ kind: "spend", amount: 100, note: "Free oil change" });
    expect(
      spent.body.data.history.slice(1).map((h: { kind: string; note: string }) => [h.kind, h.note]),
    ).toEqual([
      ["earn", "Service visit"],
      ["earn", "Service visit"],
      ["earn", "Service visit"],
    ]);
    for (const who of [owner, staff.Manager, staff.Service, staff.Associate]) {
      const res = await account(u, who);
      expect(res.status).toBe(200);
      expect(res.body.data.balance).toBe(200);
    }
    expect((await account(u, stranger)).status).toBe(404);
    expect((await earn({ appUserId: u.id, amount: 5 }, otherOwner)).status).toBe(404);
    expect(
      (await call(app, { method: "POST", url: `/api/apps/${appId}/points/earn`, payload: {} })).status,
    ).toBe(401);
  });

  it("never goes below zero: 409 PointsInsufficient and nothing written", async () => {
    const v = await testEndUser(app, appId);
    await earn({ appUserId: v.id, amount: 30 });
    const res = await spend({ appUserId: v.id, amount: 31 });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: "PointsInsufficient", message: "Not enough points for this" });
    expect(await balanceOf(v)).toBe(30);
    const { rows } = await app.database.execute(
      "select count(*)::int as n from points_entries where end_user_id = $1",
      [v.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it("20 concurrent spends of 10 against a balance of 100: exactly 10 succeed and the balance ends at 0", async () => {
    const v = await testEndUser(app, appId);
    expect((await earn({ appUserId: v.id, amount: 100 })).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 20 }, () => spend({ appUserId: v.id, amount: 10 })));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(all.filter((r) => r.status === 409).every((r) => r.body.error.code === "PointsInsufficient")).toBe(
      true,
    );
    expect(await balanceOf(v)).toBe(0);
    const { rows } = await app.database.execute(
      `select kind, count(*)::int as n, sum(amount)::int as total, sum(remaining)::int as remaining
       from points_entries where end_user_id = $1 group by kind order by kind`,
      [v.id],
    );
    expect(rows).toEqual([
      { kind: "earn", n: 1, total: 100, remaining: 0 },
      { kind: "spend", n: 10, total: -100, remaining: 0 },
    ]);
  });

  it("takes points from the oldest earnings first", async () => {
    const v = await testEndUser(app, appId);
    await pastEarning(v, 10, new Date(Date.now() - 3 * DAY));
    await pastEarning(v, 20, new Date(Date.now() - 2 * DAY));
    expect((await spend({ appUserId: v.id, amount: 15 })).body.data.balance).toBe(15);
    const { rows } = await app.database.execute(
      "select amount, remaining from points_entries where end_user_id = $1 and kind = 'earn' order by created_at",
      [v.id],
    );
    expect(rows).toEqual([
      { amount: 10, remaining: 0 },
      { amount: 20, remaining: 15 },
    ]);
  });

  it("refuses an unknown reward, another app's user, and any change while the program is off", async () => {
    expect((await spend({ appUserId: u.id, amount: 1, rewardId: randomUUID() })).body.error.code).toBe(
      "PointsRewardNotFound",
    );
    const elsewhere = await testEndUser(app, otherAppId);
    const cross = await earn({ appUserId: elsewhere.id, amount: 5 });
    expect(cross.status).toBe(404);
    expect(cross.body.error.code).toBe("AppUserNotFound");
    expect((await account(elsewhere)).status).toBe(404);
    expect((await spend({ appUserId: elsewhere.id, amount: 1 })).status).toBe(404);
    await setProgram({ enabled: false });
    try {
      const off = await earn({ appUserId: u.id, amount: 5 });
      expect(off.status).toBe(409);
      expect(off.body.error).toEqual({
        code: "PointsProgramDisabled",
        message: "The points program of this app is turned off",
      });
      expect((await spend({ appUserId: u.id, amount: 5 })).body.error.code).toBe("PointsProgramDisabled");
    } finally {
      await setProgram({ conversionRate: 0.5 });
    }
  });
});

describe("caps at their boundaries", () => {
  const now = new Date();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const dayStart = new Date(Date.UTC(y, m, now.getUTCDate()));
  const monthStart = new Date(Date.UTC(y, m, 1));
  const yearStart = new Date(Date.UTC(y, 0, 1));
  const justBefore = (d: Date) => new Date(d.getTime() - 1000);

  it.each([
    ["daily", "dailyCap", dayStart],
    ["monthly", "monthlyCap", monthStart],
    ["annual", "annualCap", yearStart],
  ] as const)(
    "%s: earnings of the period count, an earn reaching the cap succeeds, one point more is refused",
    async (cap, key, start) => {
      await setProgram({ [key]: 100 });
      const v = await testEndUser(app, appId);
      // Earned before the period: does not count. Earned at its first instant: counts.
      await pastEarning(v, 500, justBefore(start));
      await pastEarning(v, 40, start);
      expect((await earn({ appUserId: v.id, amount: 30 })).status).toBe(200);
      const reach = await earn({ appUserId: v.id, amount: 30 });
      expect(reach.status).toBe(200);
      expect(reach.body.data.balance).toBe(600);
      const over = await earn({ appUserId: v.id, amount: 1 });
      expect(over.status).toBe(409);
      expect(over.body.error).toEqual({
        code: "PointsCapReached",
        message: "This would pass an earning cap of the points program",
        details: { cap, allowed: 0 },
      });
      expect(await balanceOf(v)).toBe(600);
    },
  );

  it("refuses an earn that would pass a cap with the amount still allowed, never trimming it", async () => {
    await setProgram({ dailyCap: 100 });
    const v = await testEndUser(app, appId);
    await earn({ appUserId: v.id, amount: 70 });
    const over = await earn({ appUserId: v.id, amount: 31 });
    expect(over.status).toBe(409);
    expect(over.body.error.details).toEqual({ cap: "daily", allowed: 30 });
    expect(await balanceOf(v)).toBe(70);
  });

  it("maxPerVisit counts the earnings of one visit reference", async () => {
    await setProgram({ maxPerVisit: 50 });
    const v = await testEndUser(app, appId);
    expect((await earn({ appUserId: v.id, amount: 30, visitRef: "RO-1" })).status).toBe(200);
    expect((await earn({ appUserId: v.id, amount: 20, visitRef: "RO-1" })).status).toBe(200);
    const over = await earn({ appUserId: v.id, amount: 1, visitRef: "RO-1" });
    expect(over.status).toBe(409);
    expect(over.body.error.details).toEqual({ cap: "maxPerVisit", allowed: 0 });
    expect((await earn({ appUserId: v.id, amount: 50, visitRef: "RO-2" })).status).toBe(200);
    // Without a reference an earn is a visit of its own.
    expect((await earn({ appUserId: v.id, amount: 50 })).status).toBe(200);
    expect((await earn({ appUserId: v.id, amount: 51 })).body.error.details).toEqual({
      cap: "maxPerVisit",
      allowed: 50,
    });
    expect(await balanceOf(v)).toBe(150);
  });

  it("balanceLimit bounds the balance, and room comes back after a spend", async () => {
    await setProgram({ balanceLimit: 100 });
    const v = await testEndUser(app, appId);
    expect((await earn({ appUserId: v.id, amount: 60 })).status).toBe(200);
    expect((await earn({ appUserId: v.id, amount: 40 })).status).toBe(200);
    const over = await earn({ appUserId: v.id, amount: 1 });
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({
      code: "PointsBalanceLimit",
      message: "This would pass the balance limit of the points program",
      details: { cap: "balanceLimit", allowed: 0 },
    });
    expect((await spend({ appUserId: v.id, amount: 10 })).status).toBe(200);
    expect((await earn({ appUserId: v.id, amount: 10 })).status).toBe(200);
    expect(await balanceOf(v)).toBe(100);
  });
});

describe("expiry", () => {
  it("writes off expired points once, lazily, and shows earned, redeemed and expired with their dates", async () => {
    await setProgram({ expiryDays: 30 });
    const v = await testEndUser(app, appId);
    const old = new Date(Date.now() - 40 * DAY);
    const oldExpiry = new Date(old.getTime() + 30 * DAY);
    await pastEarning(v, 50, old, { expiresAt: oldExpiry });
    const recent = new Date(Date.now() - 5 * DAY);
    const recentExpiry = new Date(recent.getTime() + 30 * DAY);
    await pastEarning(v, 30, recent, { expiresAt: recentExpiry });
    expect(await balanceOf(v)).toBe(80);

    const first = await account(v);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      balance: 30,
      value: 30,
      expiryDays: 30,
      nextExpiry: { points: 30, on: recentExpiry.toISOString() },
    });
    expect(first.body.data.history.map((h: object) => h)).toEqual([
      expect.objectContaining({ kind: "earn", amount: 30, expiresAt: recentExpiry.toISOString() }),
      expect.objectContaining({ kind: "expire", amount: 50, expiresAt: oldExpiry.toISOString() }),
      expect.objectContaining({ kind: "earn", amount: 50, expiresAt: oldExpiry.toISOString() }),
    ]);
    // Reading again, and through the widget, writes nothing twice.
    const again = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${v.id}/points`,
      headers: v.headers,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.balance).toBe(30);
    expect(again.body.data.history).toHaveLength(3);
    const { rows } = await app.database.execute(
      "select count(*)::int as n from points_entries where end_user_id = $1 and kind = 'expire'",
      [v.id],
    );
    expect(rows[0].n).toBe(1);

    // New earnings expire expiryDays after they are earned; a spend cannot use expired points.
    const earned = await earn({ appUserId: v.id, amount: 10 });
    const expiresAt = new Date(earned.body.data.history[0].expiresAt).getTime();
    const createdAt = new Date(earned.body.data.history[0].createdAt).getTime();
    expect(expiresAt - createdAt).toBe(30 * DAY);
    expect((await spend({ appUserId: v.id, amount: 41 })).body.error.code).toBe("PointsInsufficient");
    expect((await spend({ appUserId: v.id, amount: 40 })).body.data.balance).toBe(0);
  });

  it("writes off at the start of an earn or a spend too", async () => {
    await setProgram({ expiryDays: 30 });
    const v = await testEndUser(app, appId);
    await pastEarning(v, 25, new Date(Date.now() - 31 * DAY), { expiresAt: new Date(Date.now() - DAY) });
    const res = await spend({ appUserId: v.id, amount: 1 });
    expect(res.status).toBe(409);
    expect(await balanceOf(v)).toBe(0);
    const w = await testEndUser(app, appId);
    await pastEarning(w, 25, new Date(Date.now() - 31 * DAY), { expiresAt: new Date(Date.now() - DAY) });
    expect((await earn({ appUserId: w.id, amount: 5 })).body.data.balance).toBe(5);
  });
});

describe("the widget's points", () => {
  it("shows the signed-in user their own account only", async () => {
    await setProgram({
      dailyCap: 1000,
      maxPerVisit: 300,
      terms: "Points expire one year after they are earned.",
    });
    const v = await testEndUser(app, appId);
    await earn({ appUserId: v.id, amount: 120, note: "Oil change" });
    const own = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${v.id}/points`,
      headers: v.headers,
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      balance: 120,
      value: 120,
      conversionRate: 1,
      caps: { daily: 1000, maxPerVisit: 300 },
      milestones: program().milestones,
      rewards: program().rewards,
      terms: "Points expire one year after they are earned.",
    });
    expect(own.body.data.history).toEqual([
      {
        id: expect.any(String),
        kind: "earn",
        amount: 120,
        createdAt: expect.any(String),
        note: "Oil change",
      },
    ]);
    const other = await testEndUser(app, appId);
    const peek = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${v.id}/points`,
      headers: other.headers,
    });
    expect(peek.status).toBe(401);
    const elsewhere = await testEndUser(app, otherAppId);
    const cross = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${v.id}/points`,
      headers: { ...elsewhere.headers, "x-app": appId },
    });
    expect(cross.status).toBe(401);
    const none = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${v.id}/points`,
      headers: { "x-app": appId },
    });
    expect(none.status).toBe(401);
  });
});
