import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_OFFERS_LIMIT } from "../ops/saved-offers.ts";
import { call, type TestEndUser, testApp, testAppOf, testEndUser, testUser } from "../test-helpers.ts";
import { assignOffer, insertOffer } from "../testing/offers.ts";

/**
 * Save Offer in the customer portal (issue 17): the signed-in customer's saved offers live on the server,
 * saving and forgetting are idempotent, each customer sees and changes only their own list in their own
 * app, offers of other apps (and other customers' personal specials) are refused, and the list is bounded.
 */
let app: FastifyInstance;
let appId: string;
let otherAppId: string;

beforeAll(async () => {
  app = await testApp();
  appId = await testAppOf(app, await testUser(app), "Saver Motors");
  otherAppId = await testAppOf(app, await testUser(app), "Other Motors");
});
afterAll(() => app.close());

type Who = { id: string; headers: Record<string, string> };
const list = (u: Who) =>
  call(app, { method: "GET", url: `/api/mobile/users/${u.id}/saved-offers`, headers: u.headers });
const save = (u: Who, offerId: string) =>
  call(app, { method: "PUT", url: `/api/mobile/users/${u.id}/saved-offers/${offerId}`, headers: u.headers });
const unsave = (u: Who, offerId: string) =>
  call(app, {
    method: "DELETE",
    url: `/api/mobile/users/${u.id}/saved-offers/${offerId}`,
    headers: u.headers,
  });
const ids = async (u: TestEndUser) =>
  ((await list(u)).body.data as { offerId: string }[]).map((s) => s.offerId);

describe("Save Offer", () => {
  it("saves, lists last saved first, keeps the first save on a replay, and forgets idempotently", async () => {
    const u = await testEndUser(app, appId);
    const oil = await insertOffer(app, { apps: [appId], title: "Oil change" });
    const sale = await insertOffer(app, { apps: [appId], kind: "event", title: "Summer sale" });
    expect((await list(u)).body).toEqual({ data: [] });
    const first = await save(u, oil);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ offerId: oil, savedAt: expect.any(String) });
    const replay = await save(u, oil);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    expect((await save(u, sale)).status).toBe(200);
    expect(await ids(u)).toEqual([sale, oil]);
    const { rows } = await app.database.execute(
      "select count(*)::int as n from saved_offers where end_user_id = $1 and offer_id = $2",
      [u.id, oil],
    );
    expect(rows[0].n).toBe(1);
    const gone = await unsave(u, oil);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ saved: false });
    expect((await unsave(u, oil)).status).toBe(200);
    expect(await ids(u)).toEqual([sale]);
  });

  it("keeps each customer's list their own", async () => {
    const pat = await testEndUser(app, appId);
    const lee = await testEndUser(app, appId);
    const offer = await insertOffer(app, { apps: [appId] });
    await save(pat, offer);
    expect(await ids(lee)).toEqual([]);
    // Lee forgetting the offer leaves Pat's save alone.
    expect((await unsave(lee, offer)).status).toBe(200);
    expect(await ids(pat)).toEqual([offer]);
    // Lee's token on Pat's list or save: refused, nothing changes.
    const asLee = { id: pat.id, headers: lee.headers };
    expect((await list(asLee)).status).toBe(401);
    const other = await insertOffer(app, { apps: [appId] });
    const refused = await save(asLee, other);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("UserTokenInvalid");
    expect((await unsave(asLee, offer)).status).toBe(401);
    expect(await ids(pat)).toEqual([offer]);
    expect(await ids(lee)).toEqual([]);
  });

  it("refuses offers of other apps, another app's customers and other customers' personal specials", async () => {
    const u = await testEndUser(app, appId);
    const foreign = await insertOffer(app, { apps: [otherAppId] });
    const res = await save(u, foreign);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: "OfferNotFound", message: "Special not found" });
    expect((await unsave(u, foreign)).status).toBe(404);
    // A customer of the other app calling with their own app's X-App cannot see this app's saves.
    const stranger = await testEndUser(app, otherAppId);
    const offer = await insertOffer(app, { apps: [appId] });
    await save(u, offer);
    expect((await save(stranger, offer)).status).toBe(404);
    expect((await list(stranger)).body.data).toEqual([]);
    // With this app's X-App, the other app's token is no session here.
    expect((await list({ id: stranger.id, headers: { ...stranger.headers, "x-app": appId } })).status).toBe(
      401,
    );
    // A personal special: only the customer it was given to may save it.
    const personal = await insertOffer(app, { apps: [appId], personalized: true });
    expect((await save(u, personal)).status).toBe(404);
    const mine = await testEndUser(app, appId);
    await assignOffer(app, appId, personal, mine.id);
    expect((await save(mine, personal)).status).toBe(200);
    expect(await ids(mine)).toEqual([personal]);
    // An offer the app no longer shows drops out of the list.
    await app.database.execute("delete from offer_apps where offer_id = $1 and app_id = $2", [offer, appId]);
    expect(await ids(u)).toEqual([]);
  });

  it("answers 401 without a token, and after the customer signed out", async () => {
    const u = await testEndUser(app, appId);
    const offer = await insertOffer(app, { apps: [appId] });
    const anonymous = { id: u.id, headers: { "x-app": appId } };
    for (const res of [await list(anonymous), await save(anonymous, offer), await unsave(anonymous, offer)]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("UserTokenRequired");
    }
    await call(app, { method: "DELETE", url: `/api/mobile/users/auth/sign-out/${u.id}`, headers: u.headers });
    expect((await save(u, offer)).status).toBe(401);
    expect((await list(u)).status).toBe(401);
  });

  it(`keeps at most ${SAVED_OFFERS_LIMIT} offers per customer`, async () => {
    const u = await testEndUser(app, appId);
    const offers = await Promise.all(
      Array.from({ length: SAVED_OFFERS_LIMIT + 1 }, () => insertOffer(app, { apps: [appId] })),
    );
    await app.database.execute(
      "insert into saved_offers (app_id, end_user_id, offer_id) select $1, $2, unnest($3::uuid[])",
      [appId, u.id, offers.slice(0, SAVED_OFFERS_LIMIT)],
    );
    const full = await save(u, offers[SAVED_OFFERS_LIMIT]);
    expect(full.status).toBe(409);
    expect(full.body.error).toEqual({
      code: "SavedOffersFull",
      message: "You can keep up to 200 saved offers. Remove one to save another.",
    });
    // A replay of a saved one still answers; forgetting one makes room.
    expect((await save(u, offers[0])).status).toBe(200);
    expect((await list(u)).body.data).toHaveLength(SAVED_OFFERS_LIMIT);
    await unsave(u, offers[0]);
    expect((await save(u, offers[SAVED_OFFERS_LIMIT])).status).toBe(200);
  });
});
