import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  grantRole,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";
import { givePoints } from "../testing/loyalty.ts";
import { insertOffer } from "../testing/offers.ts";

/** The console's customers: the searched table (users/search), one customer's page, its profile and vehicles. */
let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let service: TestUser;
let associate: TestUser;
let stranger: TestUser;
let appA: string;
let appB: string;
const ids: Record<string, string> = {};

const sql = (text: string, params: unknown[] = []) => app.database.execute(text, params);

beforeAll(async () => {
  app = await testApp();
  [owner, manager, service, associate, stranger] = await Promise.all([
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
  ]);
  appA = await testAppOf(app, owner, "Customer Motors");
  appB = await testAppOf(app, stranger, "Elsewhere Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
  ids.ann = (await testEndUser(app, appA, { name: "Ann Smith", email: "ann.smith@example.com" })).id;
  ids.bob = (await testEndUser(app, appA, { name: "Bob Jones", email: "bob@example.org" })).id;
  ids.cal = (await testEndUser(app, appA, { name: "Cal Lee", email: "cal@example.net" })).id;
  ids.foreign = (await testEndUser(app, appB, { name: "Ann Smith", email: "ann.smith@example.com" })).id;
  await sql("update end_users set phone = '+15551234567' where id = $1", [ids.ann]);
  // Created one minute apart, Ann first: the default order is newest first.
  for (const [i, who] of ["ann", "bob", "cal"].entries())
    await sql("update end_users set created_at = $2 where id = $1", [
      ids[who],
      new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
    ]);
  await sql(
    `insert into end_user_vehicles (end_user_id, position, make, model, year, vin) values
      ($1, 0, 'Toyota', 'Camry', 2019, '4T1BF1FK5CU123456'), ($1, 1, 'Honda', 'Civic', 2012, null),
      ($2, 0, 'Ford', 'F-150', 2021, null), ($3, 0, 'Toyota', 'Camry', 2019, null)`,
    [ids.ann, ids.bob, ids.foreign],
  );
  await sql("insert into push_subscriptions (app_id, user_id, platform, token) values ($1, $2, 'Web', $3)", [
    appA,
    ids.ann,
    `web-token-${randomUUID()}`,
  ]);
}, 120_000);
afterAll(() => app.close());

const search = (payload: object, who: TestUser = owner, appId = appA) =>
  call(app, { method: "POST", url: `/api/apps/${appId}/users/search`, headers: who.headers, payload });
const found = async (payload: object) => {
  const res = await search(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items.map((i: { id: string }) => Object.keys(ids).find((k) => ids[k] === i.id));
};

describe("POST /apps/{appId}/users/search (customers table)", () => {
  it("answers a page of this app's customers with their first vehicle, vehicle count, push and sign-in", async () => {
    const res = await search({ term: "smith" });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const [row] = res.body.data.items;
    expect(row).toEqual({
      id: ids.ann,
      name: "Ann Smith",
      email: "ann.smith@example.com",
      phone: "+15551234567",
      vehicle: { make: "Toyota", model: "Camry", year: 2019, vin: "4T1BF1FK5CU123456" },
      vehicleCount: 2,
      signedInAt: expect.any(String),
      createdAt: "2026-01-01T12:00:00.000Z",
      hasPush: true,
    });
    const cal = (await search({ term: "cal lee" })).body.data.items[0];
    expect(cal).toMatchObject({ id: ids.cal, vehicleCount: 0, hasPush: false });
    expect(cal.vehicle).toBeUndefined();
  });

  it("finds by part of a name, e-mail, phone digits however typed, VIN, make and model", async () => {
    expect(await found({ term: "JONES" })).toEqual(["bob"]);
    expect(await found({ term: "example.org" })).toEqual(["bob"]);
    expect(await found({ term: "555 123" })).toEqual(["ann"]);
    expect(await found({ term: "(555) 123-45" })).toEqual(["ann"]);
    expect(await found({ term: "cu1234" })).toEqual(["ann"]);
    expect(await found({ term: "ford f-150" })).toEqual(["bob"]);
    expect(await found({ term: "nobody here" })).toEqual([]);
  });

  it("narrows by make, model, VIN, year range and push, one vehicle matching them all", async () => {
    expect(await found({ make: "toyota" })).toEqual(["ann"]);
    expect(await found({ make: "Toyota", model: "camry", yearFrom: 2019, yearTo: 2019 })).toEqual(["ann"]);
    // Ann's Honda is from 2012 and her Toyota is not a Honda: no one vehicle matches both.
    expect(await found({ make: "Honda", yearFrom: 2015 })).toEqual([]);
    expect(await found({ yearFrom: 2020 })).toEqual(["bob"]);
    expect(await found({ yearTo: 2012 })).toEqual(["ann"]);
    expect(await found({ vin: "5cu12" })).toEqual(["ann"]);
    expect(await found({ hasPush: true })).toEqual(["ann"]);
    expect(await found({ hasPush: false })).toEqual(["cal", "bob"]);
    expect(await found({ term: "smith", hasPush: false })).toEqual([]);
  });

  it("sorts and pages with the total of the whole search, never another app's users", async () => {
    expect(await found({})).toEqual(["cal", "bob", "ann"]);
    const first = await search({ sort: "name", take: 2 });
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.items.map((i: { name: string }) => i.name)).toEqual(["Ann Smith", "Bob Jones"]);
    const second = await search({ sort: "name", take: 2, skip: 2 });
    expect(second.body.data).toMatchObject({ total: 3, items: [{ id: ids.cal }] });
    expect(await found({ sort: "-name" })).toEqual(["cal", "bob", "ann"]);
    // Customers without a vehicle sort last either way.
    expect(await found({ sort: "year" })).toEqual(["ann", "bob", "cal"]);
    expect(await found({ sort: "-year" })).toEqual(["bob", "ann", "cal"]);
    expect(await found({ sort: "make" })).toEqual(["bob", "ann", "cal"]);
    expect(await found({ hasPush: true, sort: "-signedInAt" })).toEqual(["ann"]);
    // Signed in in the order they were made; Bob's new session puts him first, and the sessions' times
    // (not the number of sessions) decide.
    expect(await found({ sort: "signedInAt" })).toEqual(["ann", "bob", "cal"]);
    await sql("insert into end_user_sessions (end_user_id, token_hash) values ($1, $2)", [
      ids.bob,
      randomUUID(),
    ]);
    expect(await found({ sort: "-signedInAt" })).toEqual(["bob", "cal", "ann"]);
    const [bob] = (await search({ term: "jones" })).body.data.items;
    const { rows } = await sql("select max(created_at) as at from end_user_sessions where end_user_id = $1", [
      ids.bob,
    ]);
    expect(bob.signedInAt).toBe(new Date(rows[0].at).toISOString());
  });

  it("refuses a bad sort, take or year with the field named", async () => {
    const sort = await search({ sort: "password" });
    expect(sort.status).toBe(400);
    expect(sort.body.error.details).toContainEqual({
      path: "/sort",
      message:
        "sort should be one of name, email, phone, signedInAt, createdAt, make, model, year, with an optional leading -",
    });
    expect((await search({ take: 201 })).status).toBe(400);
    expect((await search({ take: 0 })).status).toBe(400);
    const year = await search({ yearFrom: 1800 });
    expect(year.status).toBe(400);
    expect(year.body.error.details[0].path).toBe("/yearFrom");
    expect((await search({ term: "ann", extra: 1 })).status).toBe(400);
  });

  it("answers every role of the app, 404 to strangers and 401 without a session", async () => {
    for (const who of [owner, manager, service, associate])
      expect((await search({ term: "smith" }, who)).body.data.items.map((i: { id: string }) => i.id)).toEqual(
        [ids.ann],
      );
    expect((await search({ term: "smith" }, stranger)).status).toBe(404);
    // The stranger's own app B answers only B's Ann.
    expect(
      (await search({ term: "smith" }, stranger, appB)).body.data.items.map((i: { id: string }) => i.id),
    ).toEqual([ids.foreign]);
    const anonymous = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/users/search`,
      payload: { term: "smith" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("GET /apps/{appId}/users/{userId}", () => {
  it("shows the profile, vehicles, push, redemptions, loyalty, leads and notifications", async () => {
    const offerId = await insertOffer(app, { apps: [appA], title: "Oil change $19.99" });
    await sql(
      "insert into redemptions (app_id, offer_id, end_user_id, channel) values ($1, $2, $3, 'console')",
      [appA, offerId, ids.ann],
    );
    await sql(
      "insert into loyalty_cards (app_id, feature_id, end_user_id, stamps, stamp_number) values ($1, 'no-such-feature', $2, 3, 5)",
      [appA, ids.ann],
    );
    await givePoints(app, appA, ids.ann, 40);
    await sql(
      "insert into leads (app_id, source, user_id, name, comments, offer_id) values ($1, 'offer', $2, 'Ann', 'Call me', $3)",
      [appA, ids.ann, offerId],
    );
    await sql(
      "insert into end_user_notifications (app_id, user_id, message, path, read_at) values ($1, $2, 'Winter tires are in', '/coupons', now())",
      [appA, ids.ann],
    );
    const res = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/users/${ids.ann}`,
      headers: associate.headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: ids.ann,
      name: "Ann Smith",
      email: "ann.smith@example.com",
      phone: "+15551234567",
      emailVerified: true,
      phoneVerified: false,
      vehicles: [
        { make: "Toyota", model: "Camry", year: 2019, vin: "4T1BF1FK5CU123456" },
        { make: "Honda", model: "Civic", year: 2012 },
      ],
      staffMemberId: null,
      hasPush: true,
      createdAt: "2026-01-01T12:00:00.000Z",
      redemptions: [{ offerId, title: "Oil change $19.99", channel: "console", locationId: null }],
      loyalty: {
        cards: [
          {
            featureId: "no-such-feature",
            programTitle: "Loyalty card",
            stamps: 3,
            required: 5,
            completedAt: null,
          },
        ],
        points: { balance: 40 },
      },
      leads: [{ source: "offer", comments: "Call me", offer: { id: offerId, title: "Oil change $19.99" } }],
      notifications: [{ message: "Winter tires are in", path: "/coupons", read: true, opened: false }],
    });
    expect(typeof d.signedInAt).toBe("string");
    const bare = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/users/${ids.cal}`,
      headers: owner.headers,
    });
    expect(bare.body.data).toMatchObject({
      vehicles: [],
      hasPush: false,
      redemptions: [],
      loyalty: { cards: [], points: { balance: 0 } },
      leads: [],
      notifications: [],
    });
  });

  it("answers 404 for another app's user, an unknown id and a malformed id; 404 to strangers; 401 anonymous", async () => {
    for (const id of [ids.foreign, randomUUID(), "not-a-uuid"]) {
      const res = await call(app, {
        method: "GET",
        url: `/api/apps/${appA}/users/${id}`,
        headers: owner.headers,
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: "AppUserNotFound", message: "App user not found" });
    }
    const strange = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/users/${ids.ann}`,
      headers: stranger.headers,
    });
    expect(strange.status).toBe(404);
    expect(strange.body.error.code).toBe("AppNotFound");
    expect((await call(app, { method: "GET", url: `/api/apps/${appA}/users/${ids.ann}` })).status).toBe(401);
  });
});

describe("PUT /apps/{appId}/users/{userId} and /vehicles", () => {
  const profile = (who: TestUser, userId: string, payload: object, appId = appA) =>
    call(app, { method: "PUT", url: `/api/apps/${appId}/users/${userId}`, headers: who.headers, payload });
  const vehicles = (who: TestUser, userId: string, payload: unknown, appId = appA) =>
    call(app, {
      method: "PUT",
      url: `/api/apps/${appId}/users/${userId}/vehicles`,
      headers: who.headers,
      payload: payload as object,
    });

  it("saves the profile for Owners, Managers and Service; a changed e-mail is no longer verified", async () => {
    const u = (await testEndUser(app, appA, { name: "Dee Old", email: "dee@example.com" })).id;
    const saved = await profile(service, u, {
      name: "Dee New",
      email: "Dee.New@Example.com",
      phone: "+1 555 987 6543",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      id: u,
      name: "Dee New",
      email: "dee.new@example.com",
      phone: "+15559876543",
      emailVerified: false,
    });
    expect((await profile(manager, u, { name: "Dee Manager" })).status).toBe(200);
    expect((await profile(owner, u, { name: "Dee Owner" })).body.data.name).toBe("Dee Owner");
    const denied = await profile(associate, u, { name: "Dee Associate" });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("Forbidden");
    expect((await profile(stranger, u, { name: "Dee Stranger" })).status).toBe(404);
    const { rows } = await sql("select name from end_users where id = $1", [u]);
    expect(rows[0].name).toBe("Dee Owner");
  });

  it("refuses a bad phone on the field and leaves another app's user alone (404)", async () => {
    const bad = await profile(owner, ids.cal, { name: "Cal Lee", phone: "12" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("/phone");
    const foreign = await profile(owner, ids.foreign, { name: "Taken Over" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("AppUserNotFound");
    const moved = await vehicles(owner, ids.foreign, [{ make: "Mallory" }]);
    expect(moved.status).toBe(404);
    const { rows } = await sql(
      "select u.name, (select count(*)::int from end_user_vehicles v where v.end_user_id = u.id) as n from end_users u where u.id = $1",
      [ids.foreign],
    );
    expect(rows[0]).toEqual({ name: "Ann Smith", n: 1 });
  });

  it("replaces the vehicles in order, validates each one, and is refused to Associates", async () => {
    const u = (await testEndUser(app, appA, { name: "Eve Cars" })).id;
    const list = [
      { make: "Subaru", model: "Outback", year: 2020, vin: "4S4BSANC5L3212345", mileage: 42000, unit: "7" },
      { make: "Mazda", model: "CX-5" },
    ];
    const put = await vehicles(manager, u, list);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toEqual(list);
    expect((await vehicles(service, u, [list[1], list[0]])).body.data).toEqual([list[1], list[0]]);
    const detail = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/users/${u}`,
      headers: owner.headers,
    });
    expect(detail.body.data.vehicles).toEqual([list[1], list[0]]);
    expect((await found({ term: "outback" })).length).toBe(1);
    const bad = await vehicles(owner, u, [{ make: "Kia", year: 1800 }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("/0/year");
    expect((await vehicles(associate, u, [])).status).toBe(403);
    expect((await vehicles(owner, u, [])).body.data).toEqual([]);
  });
});
