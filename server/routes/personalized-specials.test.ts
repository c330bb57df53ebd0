import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endUsers } from "../db/schema-mobile.ts";
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

/** Personalized specials in the console: list, assignment list, bulk add from contacts, removal, redemptions. */
let app: FastifyInstance;
let owner: TestUser;
const members: Record<"Manager" | "Service" | "Associate", TestUser> = {} as never;
let stranger: TestUser;
let appId: string;
let otherAppId: string;
const base = () => `/api/apps/${appId}/personalized-specials`;
const UNKNOWN = "No app user with this e-mail or phone";

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Personal Motors");
  for (const role of ["Manager", "Service", "Associate"] as const) {
    members[role] = await testUser(app);
    await grantRole(app, members[role].id, appId, role);
  }
  stranger = await testUser(app);
  otherAppId = await testAppOf(app, stranger, "Other Motors");
});
afterAll(() => app.close());

/** An end user of an app with a verified phone (as sign-in by SMS stores it: E.164). */
async function phoneUser(forApp: string, phone: string, verified = true): Promise<string> {
  const id = randomUUID();
  await app.database.db.insert(endUsers).values({ id, appId: forApp, phone, phoneVerified: verified });
  return id;
}

const put = (who: TestUser, payload: object) =>
  call(app, { method: "PUT", url: base(), headers: who.headers, payload });
const bulk = (who: TestUser, payload: object) =>
  call(app, { method: "POST", url: `${base()}/bulk`, headers: who.headers, payload });
const list = (who: TestUser, query = "") =>
  call(app, { method: "GET", url: `${base()}${query}`, headers: who.headers });
const idsOf = (res: { body: { data: { appUser: { id: string } }[] } }) =>
  res.body.data.map((s) => s.appUser.id).sort();

describe("the assignment list (PUT)", () => {
  it("makes the offer's list exactly the given app users, for editors only", async () => {
    const offerId = await insertOffer(app, { apps: [appId], personalized: true, title: "VIP wash" });
    const [a, b, c] = [
      await testEndUser(app, appId, { name: "Ann" }),
      await testEndUser(app, appId),
      await testEndUser(app, appId),
    ];
    const first = await put(owner, { offerId, appUserIds: [a.id, b.id, a.id] });
    expect(first.status).toBe(200);
    expect(idsOf(first)).toEqual([a.id, b.id].sort());
    const ann = first.body.data.find((s: { appUser: { id: string } }) => s.appUser.id === a.id);
    expect(ann).toEqual({
      id: expect.any(String),
      offerId,
      offerTitle: "VIP wash",
      appUser: { id: a.id, name: "Ann", email: a.email },
      createdAt: expect.any(String),
    });
    const second = await put(members.Manager, { offerId, appUserIds: [a.id, c.id] });
    expect(idsOf(second)).toEqual([a.id, c.id].sort());
    // Ann's assignment was kept, not made again.
    expect(second.body.data.find((s: { appUser: { id: string } }) => s.appUser.id === a.id).id).toBe(ann.id);
    for (const [who, status] of [
      [members.Service, 403],
      [members.Associate, 403],
      [stranger, 404],
    ] as const) {
      const res = await put(who, { offerId, appUserIds: [] });
      expect(res.status).toBe(status);
    }
    const emptied = await put(owner, { offerId, appUserIds: [] });
    expect(emptied.body.data).toEqual([]);
    expect(
      (await call(app, { method: "PUT", url: base(), payload: { offerId, appUserIds: [] } })).status,
    ).toBe(401);
  });

  it("refuses an offer that is not personalized, and users that are not this app's, naming each row", async () => {
    const plain = await insertOffer(app, { apps: [appId] });
    const u = await testEndUser(app, appId);
    const notPersonal = await put(owner, { offerId: plain, appUserIds: [u.id] });
    expect(notPersonal.status).toBe(400);
    expect(notPersonal.body.error).toEqual({
      code: "OfferNotPersonalized",
      message: "This special is not personalized",
    });
    const theirs = await insertOffer(app, { apps: [otherAppId], personalized: true });
    const foreign = await put(owner, { offerId: theirs, appUserIds: [u.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("OfferNotFound");

    const offerId = await insertOffer(app, { apps: [appId], personalized: true });
    const elsewhere = await testEndUser(app, otherAppId);
    const res = await put(owner, { offerId, appUserIds: [u.id, elsewhere.id, randomUUID()] });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: "Validation",
      message: "No app user with this id",
      details: [
        { path: "/appUserIds/1", message: "No app user with this id" },
        { path: "/appUserIds/2", message: "No app user with this id" },
      ],
    });
    // Nothing was assigned.
    expect((await list(owner, `?offerId=${offerId}`)).body.data).toEqual([]);
    const bad = await put(owner, { offerId, appUserIds: ["nope"] });
    expect(bad.status).toBe(400);
  });
});

describe("the list (GET)", () => {
  it("filters by offer and app user, newest first, with the redemption time once redeemed", async () => {
    const one = await insertOffer(app, { apps: [appId], personalized: true, title: "One" });
    const two = await insertOffer(app, { apps: [appId], personalized: true, title: "Two" });
    const u: TestEndUser = await testEndUser(app, appId);
    const v = await testEndUser(app, appId);
    const s1 = await assignOffer(app, appId, one, u.id);
    const s2 = await assignOffer(app, appId, two, u.id);
    const s3 = await assignOffer(app, appId, one, v.id);
    const redeemed = await call(app, {
      method: "POST",
      url: `/api/mobile/users/${u.id}/redemptions`,
      headers: u.headers,
      payload: { offerId: one },
    });
    expect(redeemed.status).toBe(200);

    for (const who of [owner, members.Manager, members.Service, members.Associate]) {
      const byUser = await list(who, `?appUserId=${u.id}`);
      expect(byUser.status).toBe(200);
      expect(byUser.body.data.map((s: { id: string }) => s.id)).toEqual([s2, s1]);
      expect(byUser.body.data[1].redeemedAt).toBe(redeemed.body.data.createdAt);
      expect(byUser.body.data[0].redeemedAt).toBeUndefined();
    }
    const byOffer = await list(owner, `?offerId=${one}`);
    expect(byOffer.body.data.map((s: { id: string }) => s.id)).toEqual([s3, s1]);
    const both = await list(owner, `?offerId=${one}&appUserId=${v.id}`);
    expect(both.body.data.map((s: { id: string }) => s.id)).toEqual([s3]);
    expect((await list(stranger)).status).toBe(404);
    expect((await list(owner, "?offerId=x")).status).toBe(400);
  });
});

describe("bulk add from e-mails or phones", () => {
  it("matches verified e-mails (any case) and phones (any spelling), reports unknown and bad rows", async () => {
    const offerId = await insertOffer(app, { apps: [appId], personalized: true });
    const ann = await testEndUser(app, appId, { email: "ann.bulk@example.com" });
    const bob = await phoneUser(appId, "+15550102030");
    const already = await testEndUser(app, appId, { email: "already@example.com" });
    await assignOffer(app, appId, offerId, already.id);
    await phoneUser(appId, "+15550109999", false); // not verified: not matched
    await phoneUser(otherAppId, "+15550108888"); // another app's user: not matched
    const contacts = [
      "ANN.Bulk@Example.com",
      "(555) 010-2030",
      "nobody@example.com",
      "",
      "not@an-email",
      "already@example.com",
      "ann.bulk@example.com",
      "555-010-9999",
      "+1 555 010 8888",
      "12",
    ].join("\n");
    const res = await bulk(owner, { offerId, contacts });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      added: 2,
      existing: 2,
      errors: [
        { row: 3, value: "nobody@example.com", message: UNKNOWN },
        { row: 5, value: "not@an-email", message: "invalid email" },
        { row: 8, value: "555-010-9999", message: UNKNOWN },
        { row: 9, value: "+1 555 010 8888", message: UNKNOWN },
        { row: 10, value: "12", message: "invalid phone number" },
      ],
    });
    const assigned = await list(owner, `?offerId=${offerId}`);
    expect(idsOf(assigned)).toEqual([ann.id, bob, already.id].sort());
    // The same list again adds nothing.
    const again = await bulk(members.Manager, { offerId, contacts });
    expect(again.body.data).toMatchObject({ added: 0, existing: 4 });
    expect(again.body.data.errors).toHaveLength(5);
  });

  it("reads a CSV by its e-mail or phone column, or its first column under another header", async () => {
    const offerId = await insertOffer(app, { apps: [appId], personalized: true });
    const cara = await testEndUser(app, appId, { email: "cara.csv@example.com" });
    const dev = await phoneUser(appId, "+15550103040");
    const csv =
      'Name,E-mail,Phone\n"Doe, Cara",cara.csv@example.com,\nDev,,555 010 3040\nNobody,ghost@example.com,\n';
    const res = await bulk(owner, { offerId, contacts: csv });
    expect(res.body.data).toEqual({
      added: 2,
      existing: 0,
      errors: [{ row: 4, value: "ghost@example.com", message: UNKNOWN }],
    });
    expect(idsOf(await list(owner, `?offerId=${offerId}`))).toEqual([cara.id, dev].sort());

    const other = await insertOffer(app, { apps: [appId], personalized: true });
    const firstColumn = await bulk(owner, {
      offerId: other,
      contacts: "Contact,Note\ncara.csv@example.com,VIP\n",
    });
    expect(firstColumn.body.data).toEqual({ added: 1, existing: 0, errors: [] });
  });

  it("takes at most 5000 rows, editors only, personalized offers of this app only", async () => {
    const offerId = await insertOffer(app, { apps: [appId], personalized: true });
    const many = Array.from({ length: 5001 }, (_, i) => `person${i}@example.com`).join("\n");
    const tooMany = await bulk(owner, { offerId, contacts: many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error).toEqual({
      code: "ContactsTooMany",
      message: "At most 5000 contacts can be added at a time",
    });
    const max = await bulk(owner, { offerId, contacts: many.split("\n").slice(0, 5000).join("\n") });
    expect(max.status).toBe(200);
    expect(max.body.data.errors).toHaveLength(5000);
    expect((await bulk(members.Service, { offerId, contacts: "a@b.co" })).status).toBe(403);
    expect((await bulk(stranger, { offerId, contacts: "a@b.co" })).status).toBe(404);
    const plain = await insertOffer(app, { apps: [appId] });
    expect((await bulk(owner, { offerId: plain, contacts: "a@b.co" })).body.error.code).toBe(
      "OfferNotPersonalized",
    );
  });
});

describe("removal and the redemptions of one special", () => {
  it("deletes one assignment (editors), after which the user no longer sees it", async () => {
    const offerId = await insertOffer(app, { apps: [appId], personalized: true });
    const u = await testEndUser(app, appId);
    const id = await assignOffer(app, appId, offerId, u.id);
    const mine = () =>
      call(app, { method: "GET", url: `/api/mobile/users/${u.id}/offers`, headers: u.headers });
    expect((await mine()).body.data.personalized).toHaveLength(1);
    for (const [who, status] of [
      [members.Associate, 403],
      [members.Service, 403],
      [stranger, 404],
    ] as const)
      expect(
        (await call(app, { method: "DELETE", url: `${base()}/${id}`, headers: who.headers })).status,
      ).toBe(status);
    const gone = await call(app, {
      method: "DELETE",
      url: `${base()}/${id}`,
      headers: members.Manager.headers,
    });
    expect(gone).toMatchObject({ status: 200, body: { data: true } });
    expect((await mine()).body.data.personalized).toEqual([]);
    const again = await call(app, { method: "DELETE", url: `${base()}/${id}`, headers: owner.headers });
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({
      code: "PersonalizedSpecialNotFound",
      message: "Personalized special not found",
    });
  });

  it("records a redemption of a special by staff once, and lists it", async () => {
    const offerId = await insertOffer(app, { apps: [appId], personalized: true });
    const u = await testEndUser(app, appId, { name: "Gil" });
    const id = await assignOffer(app, appId, offerId, u.id);
    const url = `${base()}/${id}/redemptions`;
    expect((await call(app, { method: "POST", url, headers: members.Associate.headers })).status).toBe(403);
    const ok = await call(app, {
      method: "POST",
      url,
      headers: members.Service.headers,
      payload: { locationId: "south" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({
      id: expect.any(String),
      offerId,
      personalizedSpecialId: id,
      appUser: { id: u.id, name: "Gil", email: u.email },
      locationId: "south",
      channel: "console",
      createdAt: expect.any(String),
    });
    const again = await call(app, { method: "POST", url, headers: owner.headers });
    expect(again.status).toBe(409);
    const widget = await call(app, {
      method: "POST",
      url: `/api/mobile/users/${u.id}/redemptions`,
      headers: u.headers,
      payload: { offerId },
    });
    expect(widget.status).toBe(409);
    for (const who of [owner, members.Associate]) {
      const listed = await call(app, { method: "GET", url, headers: who.headers });
      expect(listed.body.data).toEqual([ok.body.data]);
    }
    expect((await call(app, { method: "GET", url, headers: stranger.headers })).status).toBe(404);
    const unknown = `${base()}/${randomUUID()}/redemptions`;
    expect((await call(app, { method: "GET", url: unknown, headers: owner.headers })).status).toBe(404);
  });
});
