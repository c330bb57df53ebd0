import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  grantRole,
  type TestEndUser,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";
import { assignOffer, insertOffer } from "../testing/offers.ts";

/** Redemptions: the widget's Redeem and the user's offers, staff at the desk, the once-per-user rule. */
let app: FastifyInstance;
let owner: TestUser;
const members: Record<"Manager" | "Service" | "Associate", TestUser> = {} as never;
let stranger: TestUser;
let appId: string;
let otherAppId: string;
const DAY = 86_400_000;
const ALREADY = "You have already redeemed this special.";

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Redeem Motors");
  for (const role of ["Manager", "Service", "Associate"] as const) {
    members[role] = await testUser(app);
    await grantRole(app, members[role].id, appId, role);
  }
  stranger = await testUser(app);
  otherAppId = await testAppOf(app, stranger, "Other Motors");
});
afterAll(() => app.close());

const redeem = (u: TestEndUser, payload: object, headers: Record<string, string> = u.headers) =>
  call(app, { method: "POST", url: `/api/mobile/users/${u.id}/redemptions`, headers, payload });
const offersOf = (u: TestEndUser, headers: Record<string, string> = u.headers) =>
  call(app, { method: "GET", url: `/api/mobile/users/${u.id}/offers`, headers });

describe("the widget's Redeem", () => {
  it("redeems a visible coupon once; the second try is refused and the offer is listed as redeemed", async () => {
    const offerId = await insertOffer(app, { apps: [appId], from: new Date(Date.now() - DAY) });
    const u = await testEndUser(app, appId);
    const first = await redeem(u, { offerId, locationId: "main-street" });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ id: expect.any(String), offerId, createdAt: expect.any(String) });
    expect(Date.parse(first.body.data.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await redeem(u, { offerId });
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({ code: "AlreadyRedeemed", message: ALREADY });
    const mine = await offersOf(u);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ personalized: [], redeemed: [offerId] });
    const { rows } = await app.database.execute(
      "select channel, location_id, once_key from redemptions where offer_id = $1",
      [offerId],
    );
    expect(rows).toEqual([{ channel: "widget", location_id: "main-street", once_key: `${offerId}:${u.id}` }]);
  });

  it("lets exactly one of 20 concurrent tries of one user on one offer succeed", async () => {
    const offerId = await insertOffer(app, { apps: [appId] });
    const u = await testEndUser(app, appId);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(u, { offerId })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error.code).toBe("AlreadyRedeemed");
    const { rows } = await app.database.execute(
      "select count(*)::int as n from redemptions where offer_id = $1",
      [offerId],
    );
    expect(rows[0].n).toBe(1);
  });

  it("under 20 concurrent tries: one success on a personalized special, twenty on a repeatable offer", async () => {
    const u = await testEndUser(app, appId);
    const personal = await insertOffer(app, { apps: [appId], personalized: true, oncePerUser: false });
    await assignOffer(app, appId, personal, u.id);
    const repeatable = await insertOffer(app, { apps: [appId], oncePerUser: false });
    const tries = (offerId: string) => Promise.all(Array.from({ length: 20 }, () => redeem(u, { offerId })));
    const [onPersonal, onRepeatable] = await Promise.all([tries(personal), tries(repeatable)]);
    expect(onPersonal.filter((r) => r.status === 200)).toHaveLength(1);
    expect(onPersonal.filter((r) => r.status === 409)).toHaveLength(19);
    expect(onRepeatable.map((r) => r.status)).toEqual(Array(20).fill(200));
    const { rows } = await app.database.execute(
      "select offer_id, count(*)::int as n from redemptions where end_user_id = $1 group by offer_id",
      [u.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.offer_id, r.n]))).toEqual({
      [personal]: 1,
      [repeatable]: 20,
    });
  });

  it("lets a repeatable offer be redeemed again, and each user once of a once-only offer", async () => {
    const repeatable = await insertOffer(app, { apps: [appId], oncePerUser: false });
    const u = await testEndUser(app, appId);
    expect((await redeem(u, { offerId: repeatable })).status).toBe(200);
    expect((await redeem(u, { offerId: repeatable })).status).toBe(200);
    expect((await offersOf(u)).body.data.redeemed).toEqual([]);
    const once = await insertOffer(app, { apps: [appId] });
    const v = await testEndUser(app, appId);
    expect((await redeem(u, { offerId: once })).status).toBe(200);
    expect((await redeem(v, { offerId: once })).status).toBe(200);
    const { rows } = await app.database.execute(
      "select offer_id, count(*)::int as n from redemptions where offer_id in ($1, $2) group by offer_id",
      [repeatable, once],
    );
    expect(Object.fromEntries(rows.map((r) => [r.offer_id, r.n]))).toEqual({ [repeatable]: 2, [once]: 2 });
  });

  it("refuses offers of another app, events, unknown ids and coupons outside their timeframe", async () => {
    const u = await testEndUser(app, appId);
    const cases = {
      "another app's coupon": await insertOffer(app, { apps: [otherAppId] }),
      "an event": await insertOffer(app, { apps: [appId], kind: "event" }),
      "a coupon not started": await insertOffer(app, { apps: [appId], from: new Date(Date.now() + DAY) }),
      "an ended coupon": await insertOffer(app, { apps: [appId], to: new Date(Date.now() - DAY) }),
      "an unknown id": "6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b",
    };
    for (const [name, offerId] of Object.entries(cases)) {
      const res = await redeem(u, { offerId });
      expect(res.status, name).toBe(404);
      expect(res.body.error, name).toEqual({ code: "OfferNotFound", message: "Special not found" });
    }
    const { rows } = await app.database.execute(
      "select count(*)::int as n from redemptions where end_user_id = $1",
      [u.id],
    );
    expect(rows[0].n).toBe(0);
    // A coupon shared with the other app is redeemable in this one.
    const shared = await insertOffer(app, { apps: [otherAppId, appId] });
    expect((await redeem(u, { offerId: shared })).status).toBe(200);
  });

  it("answers 401 without a token, with another user's token, or with the token sent for another app", async () => {
    const offerId = await insertOffer(app, { apps: [appId] });
    const u = await testEndUser(app, appId);
    const w = await testEndUser(app, appId);
    const none = await redeem(u, { offerId }, { "x-app": appId });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe("UserTokenRequired");
    for (const headers of [w.headers, { ...u.headers, "x-app": otherAppId }]) {
      const res = await redeem(u, { offerId }, headers);
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({
        code: "UserTokenInvalid",
        message: "Your session has ended, sign in again",
      });
      expect((await offersOf(u, headers)).status).toBe(401);
    }
    const console = await redeem(u, { offerId }, { "x-app": appId, ...owner.headers });
    expect(console.status).toBe(401);
    expect((await offersOf(u, { "x-app": appId })).status).toBe(401);
    const { rows } = await app.database.execute(
      "select count(*)::int as n from redemptions where offer_id = $1",
      [offerId],
    );
    expect(rows[0].n).toBe(0);
  });

  it("refuses to list or redeem offers of a discontinued app", async () => {
    const closedApp = await testAppOf(app, owner, "Closed Motors");
    const offerId = await insertOffer(app, { apps: [closedApp] });
    const u = await testEndUser(app, closedApp);
    expect((await offersOf(u)).status).toBe(200);
    await app.database.execute("update apps set status = 'Inactive' where id = $1", [closedApp]);
    for (const res of [await redeem(u, { offerId }), await offersOf(u)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: "AppDiscontinued", message: "The app has been discontinued" });
    }
  });

  it("validates the body", async () => {
    const u = await testEndUser(app, appId);
    const res = await redeem(u, { offerId: "not-an-id", extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("Validation");
  });
});

describe("personalized specials in the widget", () => {
  it("shows and redeems a personalized special only for its user, never in the public app", async () => {
    const title = `Dana's own oil change ${Date.now()}`;
    const offerId = await insertOffer(app, { apps: [appId], personalized: true, title, oncePerUser: false });
    const dana = await testEndUser(app, appId, { name: "Dana Doe" });
    const eli = await testEndUser(app, appId);
    const specialId = await assignOffer(app, appId, offerId, dana.id);
    const listedTitle = `Everyone's car wash ${Date.now()}`;
    await insertOffer(app, { apps: [appId], title: listedTitle });

    const mine = await offersOf(dana);
    expect(mine.body.data.personalized).toEqual([
      {
        id: offerId,
        title,
        personalized: true,
        personalizedSpecialId: specialId,
      },
    ]);
    expect((await offersOf(eli)).body.data).toEqual({ personalized: [], redeemed: [] });
    const publicApp = await app.inject({
      method: "GET",
      url: "/api/mobile/app",
      headers: { "x-app": appId },
    });
    expect(publicApp.statusCode).toBe(200);
    // The public list does carry the app's other coupons: the personalized one is left out, not all of them.
    expect(publicApp.body).toContain(listedTitle);
    expect(publicApp.body).not.toContain(title);
    expect(publicApp.body).not.toContain(offerId);

    // Another user of the app cannot redeem it, with or without the special's id.
    expect((await redeem(eli, { offerId })).status).toBe(404);
    expect((await redeem(eli, { offerId, personalizedSpecialId: specialId })).status).toBe(404);
    // A wrong special id does not open it even for its user.
    expect((await redeem(dana, { offerId, personalizedSpecialId: offerId })).status).toBe(404);

    // Personalized specials are once per user even when the offer says otherwise.
    const first = await redeem(dana, { offerId, personalizedSpecialId: specialId });
    expect(first.status).toBe(200);
    const again = await redeem(dana, { offerId });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ALREADY);
    expect((await offersOf(dana)).body.data.redeemed).toEqual([offerId]);
    const { rows } = await app.database.execute(
      "select personalized_special_id from redemptions where offer_id = $1",
      [offerId],
    );
    expect(rows).toEqual([{ personalized_special_id: specialId }]);
  });

  it("hides a personalized special outside its timeframe and refuses to redeem it", async () => {
    const u = await testEndUser(app, appId);
    const later = await insertOffer(app, {
      apps: [appId],
      personalized: true,
      from: new Date(Date.now() + DAY),
    });
    const ended = await insertOffer(app, {
      apps: [appId],
      personalized: true,
      to: new Date(Date.now() - DAY),
    });
    const now = await insertOffer(app, {
      apps: [appId],
      personalized: true,
      from: new Date(Date.now() - DAY),
      to: new Date(Date.now() + DAY),
    });
    for (const id of [later, ended, now]) await assignOffer(app, appId, id, u.id);
    const mine = await offersOf(u);
    expect(mine.body.data.personalized.map((c: { id: string }) => c.id)).toEqual([now]);
    expect((await redeem(u, { offerId: later })).status).toBe(404);
    expect((await redeem(u, { offerId: ended })).status).toBe(404);
    expect((await redeem(u, { offerId: now })).status).toBe(200);
  });
});

describe("redemptions in the console", () => {
  const url = (offerId: string) => `/api/apps/${appId}/coupons/${offerId}/redemptions`;

  it("lets staff record one at the desk (Owner, Manager, Service), not an Associate or a stranger", async () => {
    const offerId = await insertOffer(app, { apps: [appId] });
    const cases: [TestUser, number][] = [
      [owner, 200],
      [members.Manager, 200],
      [members.Service, 200],
      [members.Associate, 403],
      [stranger, 404],
    ];
    for (const [who, status] of cases) {
      const u = await testEndUser(app, appId, { name: "Desk Customer" });
      const res = await call(app, {
        method: "POST",
        url: url(offerId),
        headers: who.headers,
        payload: { appUserId: u.id, locationId: "north" },
      });
      expect(res.status, who.email).toBe(status);
      if (status !== 200) continue;
      expect(res.body.data).toEqual({
        id: expect.any(String),
        offerId,
        appUser: { id: u.id, name: "Desk Customer", email: u.email },
        locationId: "north",
        channel: "console",
        createdAt: expect.any(String),
      });
      // The same user again: refused by the same once-per-user rule as the widget.
      const again = await call(app, {
        method: "POST",
        url: url(offerId),
        headers: who.headers,
        payload: { appUserId: u.id },
      });
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({ code: "AlreadyRedeemed", message: ALREADY });
      // The widget refuses it too.
      expect((await redeem(u, { offerId })).status).toBe(409);
    }
    const anonymous = await call(app, {
      method: "POST",
      url: url(offerId),
      payload: { appUserId: owner.id },
    });
    expect(anonymous.status).toBe(401);
  });

  it("lists a coupon's redemptions newest first with the app user, to every role", async () => {
    const offerId = await insertOffer(app, { apps: [appId] });
    const first = await testEndUser(app, appId, { name: "First Customer" });
    await app.database.execute("update end_users set phone = '+15550100001' where id = $1", [first.id]);
    const second = await testEndUser(app, appId);
    expect((await redeem(first, { offerId })).status).toBe(200);
    const desk = await call(app, {
      method: "POST",
      url: url(offerId),
      headers: members.Service.headers,
      payload: { appUserId: second.id },
    });
    expect(desk.status).toBe(200);
    // Another coupon's redemption is not in this list.
    const elsewhere = await insertOffer(app, { apps: [appId] });
    expect((await redeem(first, { offerId: elsewhere })).status).toBe(200);

    for (const who of [owner, members.Manager, members.Service, members.Associate]) {
      const res = await call(app, { method: "GET", url: url(offerId), headers: who.headers });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        {
          id: desk.body.data.id,
          offerId,
          appUser: { id: second.id, email: second.email },
          channel: "console",
          createdAt: desk.body.data.createdAt,
        },
        {
          id: expect.any(String),
          offerId,
          appUser: { id: first.id, name: "First Customer", email: first.email, phone: "+15550100001" },
          channel: "widget",
          createdAt: expect.any(String),
        },
      ]);
    }
    expect((await call(app, { method: "GET", url: url(offerId), headers: stranger.headers })).status).toBe(
      404,
    );
    expect((await call(app, { method: "GET", url: url(offerId) })).status).toBe(401);
  });

  it("refuses another app's coupon, events, and app users of another app", async () => {
    const u = await testEndUser(app, appId);
    const theirs = await insertOffer(app, { apps: [otherAppId] });
    const event = await insertOffer(app, { apps: [appId], kind: "event" });
    for (const offerId of [theirs, event]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await call(app, {
          method,
          url: url(offerId),
          headers: owner.headers,
          ...(method === "POST" ? { payload: { appUserId: u.id } } : {}),
        });
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual({ code: "OfferNotFound", message: "Special not found" });
      }
    }
    const ours = await insertOffer(app, { apps: [appId] });
    const foreigner = await testEndUser(app, otherAppId);
    const res = await call(app, {
      method: "POST",
      url: url(ours),
      headers: owner.headers,
      payload: { appUserId: foreigner.id },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: "AppUserNotFound", message: "App user not found" });
  });

  it("records a personalized coupon only for a user it is assigned to", async () => {
    const offerId = await insertOffer(app, { apps: [appId], personalized: true });
    const assigned = await testEndUser(app, appId);
    const other = await testEndUser(app, appId);
    const specialId = await assignOffer(app, appId, offerId, assigned.id);
    const refused = await call(app, {
      method: "POST",
      url: url(offerId),
      headers: owner.headers,
      payload: { appUserId: other.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("PersonalizedSpecialNotFound");
    const ok = await call(app, {
      method: "POST",
      url: url(offerId),
      headers: owner.headers,
      payload: { appUserId: assigned.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.personalizedSpecialId).toBe(specialId);
  });
});
