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

/** Stamp cards: the widget's counter code with its limits, staff stamps, cards and the log. */
let app: FastifyInstance;
let appId: string;
let otherAppId: string;
let owner: TestUser;
const staff: Record<string, TestUser> = {};
let stranger: TestUser;
let otherOwner: TestUser;

const FEATURE = "7a1c0b2d-3e4f-4a5b-8c6d-000000000101";
const SMALL = "7a1c0b2d-3e4f-4a5b-8c6d-000000000102";
const OTHER_FEATURE = "7a1c0b2d-3e4f-4a5b-8c6d-000000000201";
const CODE = "COUNTER42";
const REWARD = "A free car wash with your next service visit.";

async function appWith(who: TestUser, name: string, features: object[]) {
  const res = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: who.headers,
    payload: { definition: { name, features } },
  });
  expect(res.status).toBe(200);
  return res.body.data.appId as string;
}

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  appId = await appWith(owner, "Stamp Motors", [
    {
      id: FEATURE,
      type: "Loyalty",
      title: "Wash club",
      description: REWARD,
      stampNumber: 3,
      code: CODE,
    },
    { id: SMALL, type: "Loyalty", title: "Oil club", stampNumber: 2, code: "OILCODE1" },
  ]);
  for (const role of ["Manager", "Service", "Associate"]) {
    staff[role] = await testUser(app);
    await grantRole(app, staff[role].id, appId, role);
  }
  stranger = await testUser(app);
  otherOwner = await testUser(app);
  otherAppId = await appWith(otherOwner, "Other Motors", [
    { id: OTHER_FEATURE, type: "Loyalty", title: "Other club", stampNumber: 4, code: "OTHERCODE" },
  ]);
});
afterAll(() => app.close());

const stamp = (u: TestEndUser, featureId: string, code: string, headers = u.headers) =>
  call(app, {
    method: "POST",
    url: `/api/mobile/users/${u.id}/loyalty-stamps`,
    headers,
    payload: { featureId, code },
  });

const forgetLimits = () =>
  app.database.execute(
    "update rate_limits set reset_at = now() - interval '1 second' where key like 'loyalty-stamp:%'",
  );

describe("widget stamps with the counter code", () => {
  it("fills a card to stampNumber, answers the feature's reward, then starts a new card", async () => {
    const u = await testEndUser(app, appId);
    const first = await stamp(u, FEATURE, CODE);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      completed: false,
      card: { featureId: FEATURE, featureTitle: "Wash club", appUserId: u.id, stamps: 1, stampNumber: 3 },
    });
    expect(first.body.data.reward).toBeUndefined();
    expect(first.body.data.card.log).toHaveLength(1);
    expect(first.body.data.card.log[0]).toMatchObject({ method: "code" });
    expect(first.body.data.card.log[0].staffEmail).toBeUndefined();
    expect((await stamp(u, FEATURE, ` ${CODE} `)).body.data.card.stamps).toBe(2);
    const full = await stamp(u, FEATURE, CODE);
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({ completed: true, reward: REWARD, card: { stamps: 3 } });
    expect(full.body.data.card.completedAt).toEqual(expect.any(String));
    expect(full.body.data.card.id).toBe(first.body.data.card.id);
    const next = await stamp(u, FEATURE, CODE);
    expect(next.body.data).toMatchObject({ completed: false, card: { stamps: 1, stampNumber: 3 } });
    expect(next.body.data.card.id).not.toBe(first.body.data.card.id);

    const cards = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${u.id}/loyalty-cards?featureId=${FEATURE}`,
      headers: u.headers,
    });
    expect(cards.status).toBe(200);
    expect(cards.body.data.map((c: { stamps: number }) => c.stamps)).toEqual([1, 3]);
    expect(cards.body.data[1].log).toHaveLength(3);
    const { rows } = await app.database.execute(
      "select method, staff_user_id from loyalty_stamps where end_user_id = $1",
      [u.id],
    );
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.method === "code" && r.staff_user_id === null)).toBe(true);
  });

  it("keeps stampNumber of a started card when the feature changes, and the reward falls back to the title", async () => {
    const u = await testEndUser(app, appId);
    expect((await stamp(u, SMALL, "OILCODE1")).body.data.card.stampNumber).toBe(2);
    await app.database.execute(
      `update apps set definition = jsonb_set(definition, '{features,1,stampNumber}', '5') where id = $1`,
      [appId],
    );
    try {
      const full = await stamp(u, SMALL, "OILCODE1");
      expect(full.body.data).toMatchObject({ completed: true, reward: "Oil club", card: { stampNumber: 2 } });
      expect((await stamp(u, SMALL, "OILCODE1")).body.data.card).toMatchObject({ stamps: 1, stampNumber: 5 });
    } finally {
      await app.database.execute(
        `update apps set definition = jsonb_set(definition, '{features,1,stampNumber}', '2') where id = $1`,
        [appId],
      );
    }
  });

  it("answers 422 up to the 5th wrong code and 429 from the 6th try, a right code included, until the hour passes", async () => {
    await forgetLimits();
    const u = await testEndUser(app, appId);
    for (let i = 1; i <= 5; i++) {
      const wrong = await stamp(u, FEATURE, `WRONG${i}`);
      expect(wrong.status, `try ${i}`).toBe(422);
      expect(wrong.body.error).toEqual({
        code: "StampCodeInvalid",
        message: "That code is not right. Ask the staff for the counter code.",
      });
    }
    const sixth = await stamp(u, FEATURE, "WRONG6");
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe("StampCodeLimited");
    expect(sixth.body.error.message).toBe("Too many wrong codes. Try again in 60 minutes.");
    const retry = sixth.body.error.details.retryAfterSeconds;
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    const right = await stamp(u, FEATURE, CODE);
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe("StampCodeLimited");
    // Another user of the same app is not held back by this one's guesses.
    const other = await testEndUser(app, appId);
    expect((await stamp(other, FEATURE, CODE)).status).toBe(200);
    const { rows } = await app.database.execute(
      "select count(*)::int as n from loyalty_stamps where end_user_id = $1",
      [u.id],
    );
    expect(rows[0].n).toBe(0);
    // The window passes: the right code stamps, and it clears the count.
    await forgetLimits();
    expect((await stamp(u, FEATURE, CODE)).status).toBe(200);
    for (let i = 1; i <= 5; i++) expect((await stamp(u, FEATURE, `AGAIN${i}`)).status).toBe(422);
    expect((await stamp(u, FEATURE, "AGAIN6")).status).toBe(429);
  });

  it("counts parallel wrong guesses before comparing: of 12 at once at most 5 are compared", async () => {
    await forgetLimits();
    const u = await testEndUser(app, appId);
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => stamp(u, FEATURE, `GUESS${i}`)));
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("never passes stampNumber under concurrent stamps, and loses none", async () => {
    await forgetLimits();
    const u = await testEndUser(app, appId);
    // Staff stamps (no code limit), 7 at once on a card of 3: 3 + 3 + 1.
    const all = await Promise.all(
      Array.from({ length: 7 }, () =>
        call(app, {
          method: "POST",
          url: `/api/apps/${appId}/loyalty-stamps`,
          headers: staff.Service.headers,
          payload: { appUserId: u.id, featureId: FEATURE },
        }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(7).fill(200));
    expect(all.filter((r) => r.body.data.completed)).toHaveLength(2);
    const { rows } = await app.database.execute(
      "select stamps, completed_at is not null as done from loyalty_cards where end_user_id = $1 order by 2 desc, 1 desc",
      [u.id],
    );
    expect(rows.map((r) => [r.stamps, r.done])).toEqual([
      [3, true],
      [3, true],
      [1, false],
    ]);
  });

  it("refuses another app's feature, a feature that is no Loyalty card, and a token of another user", async () => {
    const u = await testEndUser(app, appId);
    const foreign = await stamp(u, OTHER_FEATURE, "OTHERCODE");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toEqual({ code: "LoyaltyFeatureNotFound", message: "Loyalty card not found" });
    expect((await stamp(u, randomUUID(), CODE)).status).toBe(404);
    // X-App of the other app with this user's token: the token is not valid there.
    expect((await stamp(u, OTHER_FEATURE, "OTHERCODE", { ...u.headers, "x-app": otherAppId })).status).toBe(
      401,
    );
    const other = await testEndUser(app, appId);
    expect((await stamp(u, FEATURE, CODE, other.headers)).status).toBe(401);
    expect((await stamp(u, FEATURE, CODE, { "x-app": appId } as never)).status).toBe(401);
    const bad = await call(app, {
      method: "POST",
      url: `/api/mobile/users/${u.id}/loyalty-stamps`,
      headers: u.headers,
      payload: { featureId: FEATURE, code: "" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual({ path: "/code", message: "value can't be empty" });
    const { rows } = await app.database.execute(
      "select count(*)::int as n from loyalty_cards where end_user_id = $1",
      [u.id],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe("console stamps, cards and the log", () => {
  it("lets every role add a stamp, list cards and the log, with the staff member's e-mail", async () => {
    const u = await testEndUser(app, appId);
    const members = [owner, staff.Manager, staff.Service, staff.Associate];
    for (const [i, m] of members.entries()) {
      const res = await call(app, {
        method: "POST",
        url: `/api/apps/${appId}/loyalty-stamps`,
        headers: m.headers,
        payload: { appUserId: u.id, featureId: FEATURE },
      });
      expect(res.status, m.email).toBe(200);
      expect(res.body.data.card.stamps).toBe(i < 3 ? i + 1 : 1);
      expect(res.body.data.completed).toBe(i === 2);
      if (i === 2) expect(res.body.data.reward).toBe(REWARD);
      expect(res.body.data.card.log[0]).toMatchObject({ method: "staff", staffEmail: m.email });
    }
    for (const m of members) {
      const cards = await call(app, {
        method: "GET",
        url: `/api/apps/${appId}/loyalty-cards?appUserId=${u.id}`,
        headers: m.headers,
      });
      expect(cards.status).toBe(200);
      expect(cards.body.data.map((c: { stamps: number }) => c.stamps)).toEqual([1, 3]);
      expect(cards.body.data[1].log.map((l: { staffEmail: string }) => l.staffEmail)).toEqual(
        members
          .slice(0, 3)
          .map((x) => x.email)
          .reverse(),
      );
      const log = await call(app, {
        method: "GET",
        url: `/api/apps/${appId}/loyalty-stamps?appUserId=${u.id}`,
        headers: m.headers,
      });
      expect(log.status).toBe(200);
      expect(log.body.data).toHaveLength(4);
      expect(log.body.data[0]).toMatchObject({
        method: "staff",
        staffEmail: staff.Associate.email,
        featureId: FEATURE,
        appUserId: u.id,
        cardId: cards.body.data[0].id,
      });
    }
    // The widget shows the same cards without staff e-mails.
    const own = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${u.id}/loyalty-cards`,
      headers: u.headers,
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(2);
    expect(JSON.stringify(own.body.data)).not.toContain("@");
  });

  it("refuses strangers, the other app's team, anonymous callers and another app's user or feature", async () => {
    const u = await testEndUser(app, appId);
    const elsewhere = await testEndUser(app, otherAppId);
    const post = (headers: Record<string, string>, payload: object, id = appId) =>
      call(app, { method: "POST", url: `/api/apps/${id}/loyalty-stamps`, headers, payload });
    const mine = { appUserId: u.id, featureId: FEATURE };
    expect((await post({}, mine)).status).toBe(401);
    expect((await post(stranger.headers, mine)).status).toBe(404);
    expect((await post(otherOwner.headers, mine)).body.error.code).toBe("AppNotFound");
    const theirUser = await post(owner.headers, { appUserId: elsewhere.id, featureId: FEATURE });
    expect(theirUser.status).toBe(404);
    expect(theirUser.body.error).toEqual({ code: "AppUserNotFound", message: "App user not found" });
    const theirFeature = await post(owner.headers, { appUserId: u.id, featureId: OTHER_FEATURE });
    expect(theirFeature.status).toBe(404);
    expect(theirFeature.body.error.code).toBe("LoyaltyFeatureNotFound");
    // Their own app's path does not reach this app's user either.
    expect(
      (await post(otherOwner.headers, { appUserId: u.id, featureId: OTHER_FEATURE }, otherAppId)).status,
    ).toBe(404);
    for (const path of ["loyalty-cards", "loyalty-stamps"]) {
      const url = `/api/apps/${appId}/${path}?appUserId=${u.id}`;
      expect((await call(app, { method: "GET", url })).status).toBe(401);
      expect((await call(app, { method: "GET", url, headers: stranger.headers })).status).toBe(404);
      expect((await call(app, { method: "GET", url, headers: otherOwner.headers })).status).toBe(404);
      const cross = await call(app, {
        method: "GET",
        url: `/api/apps/${appId}/${path}?appUserId=${elsewhere.id}`,
        headers: owner.headers,
      });
      expect(cross.status).toBe(404);
      const missing = await call(app, {
        method: "GET",
        url: `/api/apps/${appId}/${path}`,
        headers: owner.headers,
      });
      expect(missing.status).toBe(400);
    }
    const { rows } = await app.database.execute(
      "select count(*)::int as n from loyalty_cards where app_id = $1",
      [otherAppId],
    );
    expect(rows[0].n).toBe(0);
  });
});
