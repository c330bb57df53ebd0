import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, grantRole, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let service: TestUser;
let associate: TestUser;
let stranger: TestUser;
let admin: TestUser;
let appA: string;
let appB: string;
let appC: string;

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  app = await testApp();
  [owner, manager, service, associate, stranger, admin] = await Promise.all([
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app, "Admin"),
  ]);
  appA = await testAppOf(app, owner, "Alpha Motors");
  appB = await testAppOf(app, stranger, "Bravo Motors");
  // The owner of A also owns C: a geofence may run in both.
  appC = await testAppOf(app, owner, "Charlie Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
}, 60_000);
afterAll(() => app.close());

const lot = (extra: Record<string, unknown> = {}) => ({
  name: "Dealership lot",
  message: "Welcome to Alpha Motors!",
  shape: "circle",
  location: { lat: 40.7128, lng: -74.006, radius: 2, radiusUnit: "mi" },
  apps: [appA],
  ...extra,
});
const post = (who: TestUser, appId: string, payload: object, headers: Record<string, string> = {}) =>
  call(app, {
    method: "POST",
    url: `/api/apps/${appId}/geofences`,
    headers: { ...who.headers, ...headers },
    payload,
  });
const made = async (payload: object, who = owner, appId = appA) => {
  const res = await post(who, appId, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const put = (who: TestUser, appId: string, id: string, payload: object) =>
  call(app, { method: "PUT", url: `/api/apps/${appId}/geofences/${id}`, headers: who.headers, payload });
const names = async (who: TestUser, appId: string) =>
  (await call(app, { url: `/api/apps/${appId}/geofences`, headers: who.headers })).body.data.map(
    (g: { name: string }) => g.name,
  );
const clear = (appId: string) =>
  app.database.execute("delete from geofences where owner_app_id = $1", [appId]);

describe("geofences", () => {
  it("creates a geofence from its fields: status Active without dates, version 1, listed and read back", async () => {
    const res = await post(
      owner,
      appA,
      lot({
        silent: true,
        callToAction: { text: "Book service", link: "https://dealer.example/service" },
        delayedMessage: { message: "How was your visit?", delayMinutes: 60 },
        filters: { authenticated: true, make: "Honda" },
      }),
      { "x-user-timezone-offset": "300" },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const fence = res.body.data;
    expect(fence).toEqual({
      id: fence.id,
      name: "Dealership lot",
      message: "Welcome to Alpha Motors!",
      silent: true,
      location: { lat: 40.7128, lng: -74.006, radius: 2, radiusUnit: "mi" },
      shape: "circle",
      callToAction: { text: "Book service", link: "https://dealer.example/service" },
      delayedMessage: { message: "How was your visit?", delayMinutes: 60 },
      filters: { authenticated: true, make: "Honda" },
      apps: [appA],
      timeZone: "Etc/GMT+5",
      status: "Active",
      version: 1,
      ownerAppId: appA,
    });
    const got = await call(app, {
      url: `/api/apps/${appA}/geofences/${fence.id}`,
      headers: associate.headers,
    });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(fence);
    const listed = await call(app, { url: `/api/apps/${appA}/geofences`, headers: service.headers });
    expect(listed.body.data.map((g: { id: string }) => g.id)).toContain(fence.id);
    const missing = await call(app, {
      url: `/api/apps/${appA}/geofences/${randomUUID()}`,
      headers: owner.headers,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "GeofenceNotFound", message: "Geofence not found" });
  });

  it("lets Owners, Managers and Admins write, Service and Associates only read, strangers nothing", async () => {
    for (const who of [owner, manager, admin]) expect((await post(who, appA, lot())).status).toBe(201);
    for (const who of [service, associate]) {
      const refused = await post(who, appA, lot());
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("Forbidden");
      expect((await call(app, { url: `/api/apps/${appA}/geofences`, headers: who.headers })).status).toBe(
        200,
      );
    }
    expect((await post(stranger, appA, lot())).status).toBe(404);
    expect((await call(app, { url: `/api/apps/${appA}/geofences`, headers: stranger.headers })).status).toBe(
      404,
    );
    expect((await call(app, { url: `/api/apps/${appA}/geofences` })).status).toBe(401);
  });

  it("refuses malformed coordinates, radius and unit, unknown recurrence and dates out of order, on the field", async () => {
    const field = async (payload: object) => {
      const res = await post(owner, appA, payload);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe("Validation");
      return res.body.error.details.map((d: { path: string; message: string }) => [d.path, d.message]);
    };
    const where = (location: object) => lot({ location: { ...lot().location, ...location } });
    expect(await field(where({ lat: 90.5 }))).toContainEqual([
      "/location/lat",
      "value should be between -90 and 90",
    ]);
    expect(await field(where({ lng: -180.01 }))).toContainEqual([
      "/location/lng",
      "value should be between -180 and 180",
    ]);
    expect((await field(where({ radius: 0 })))[0][0]).toBe("/location/radius");
    expect((await field(where({ radius: -3 })))[0][0]).toBe("/location/radius");
    expect((await field(where({ radiusUnit: "furlong" })))[0][0]).toBe("/location/radiusUnit");
    expect((await field(where({ lat: "north" })))[0][0]).toBe("/location/lat");
    expect((await field(lot({ recurrence: { type: "Fortnightly" }, startDate: at(1) })))[0][0]).toMatch(
      /^\/recurrence\/type/,
    );
    expect(await field(lot({ startDate: at(5), endDate: at(2) }))).toEqual([
      ["/endDate", "The end must not be before the start"],
    ]);
    expect(await field(lot({ recurrence: { type: "Weekly" } }))).toEqual([
      ["/startDate", "A repeating geofence needs a start date"],
    ]);
    expect(await field(lot({ startDate: at(5), recurrence: { type: "Monthly", endsBy: at(1) } }))).toEqual([
      ["/recurrence/endsBy", "'Ends by' must not be before the start"],
    ]);
    const short = await post(owner, appA, lot({ message: "Hey" }));
    expect(short.status).toBe(400);
    expect(short.body.error.details[0].path).toBe("/message");
  });

  it("refuses filters naming no engine type, group or location of its apps, on the filter's path", async () => {
    const refused = await post(
      owner,
      appA,
      lot({
        filters: {
          engineType: "Steam",
          groups: ["Nobody's group"],
          locations: ["loc-x"],
          membership: "member",
        },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      {
        path: "/filters/engineType",
        message: "'Steam' is not an engine type of the catalog for the chosen apps",
      },
      { path: "/filters/groups/0", message: "'Nobody's group' is not a group of the chosen apps" },
      { path: "/filters/locations/0", message: "'loc-x' is not a location of the chosen apps" },
    ]);
    const membership = await post(owner, appA, lot({ filters: { membership: "Gold" } }));
    expect(membership.status).toBe(400);
    expect(membership.body.error.details[0].path).toBe("/filters/membership");
    await app.database.execute("update apps set locations = $2::jsonb where id = $1", [
      appA,
      JSON.stringify([{ id: "loc-x", name: "X" }]),
    ]);
    const fence = await made(lot({ filters: { locations: ["loc-x"], membership: "non-member" } }));
    expect(fence.filters).toEqual({ locations: ["loc-x"], membership: "non-member" });
    const moved = await put(owner, appA, fence.id, lot({ apps: [appC], filters: { locations: ["loc-x"] } }));
    expect(moved.status).toBe(200);
    await app.database.execute("update apps set locations = null where id = $1", [appA]);
    const gone = await put(owner, appA, fence.id, lot({ filters: { locations: ["loc-x"] } }));
    expect(gone.status).toBe(400);
    expect(gone.body.error.details).toEqual([
      { path: "/filters/locations/0", message: "'loc-x' is not a location of the chosen apps" },
    ]);
    await clear(appA);
  });

  it("takes its status from its dates and recurrence: Planned, Active, Recurring, Expired", async () => {
    const planned = await made(lot({ name: "Planned", startDate: at(3) }));
    const active = await made(lot({ name: "Active", startDate: at(-1), endDate: at(1) }));
    const recurring = await made(
      lot({
        name: "Recurring",
        startDate: at(-8),
        recurrence: { type: "Weekly" },
        timeZone: "America/New_York",
      }),
    );
    const expired = await made(lot({ name: "Expired", startDate: at(-3), endDate: at(-1) }));
    const ended = await made(
      lot({ name: "Ended", startDate: at(-30), recurrence: { type: "Daily", endsBy: at(-2) } }),
    );
    expect([planned, active, recurring, expired, ended].map((g) => g.status)).toEqual([
      "Planned",
      "Active",
      "Recurring",
      "Expired",
      "Expired",
    ]);
    expect(recurring).toMatchObject({ recurrence: { type: "Weekly" }, timeZone: "America/New_York" });
    const zone = await post(owner, appA, lot({ timeZone: "Mars/Olympus" }));
    expect(zone.status).toBe(400);
    expect(zone.body.error.code).toBe("TimeZoneInvalid");
  });

  it("runs only in apps the caller may edit (spec §6), listed in each of them", async () => {
    const toB = await post(owner, appA, lot({ apps: [appA, appB] }));
    expect(toB.status).toBe(403);
    expect(toB.body.error.code).toBe("Forbidden");
    // The manager of A has no role in C.
    expect((await post(manager, appA, lot({ apps: [appA, appC] }))).status).toBe(403);
    const both = await made(lot({ name: "Both lots", apps: [appC, appA] }));
    expect(both.apps).toEqual([appA, appC].sort());
    expect(await names(owner, appC)).toContain("Both lots");
    const seen = await call(app, { url: `/api/apps/${appA}/geofences/${both.id}`, headers: manager.headers });
    expect(seen.body.data.apps).toEqual([appA]);
    expect(
      (await call(app, { url: `/api/apps/${appB}/geofences/${both.id}`, headers: stranger.headers })).status,
    ).toBe(404);

    // Deleting it in C only takes it off C; in its owner app it goes everywhere.
    const offC = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appC}/geofences/${both.id}`,
      headers: owner.headers,
    });
    expect(offC.status).toBe(200);
    expect(await names(owner, appC)).not.toContain("Both lots");
    expect(await names(owner, appA)).toContain("Both lots");
    const asService = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/geofences/${both.id}`,
      headers: service.headers,
    });
    expect(asService.status).toBe(403);
    const gone = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/geofences/${both.id}`,
      headers: manager.headers,
    });
    expect(gone.status).toBe(200);
    expect(
      (await call(app, { url: `/api/apps/${appA}/geofences/${both.id}`, headers: owner.headers })).status,
    ).toBe(404);
  });

  it("replaces a geofence and raises its version, so everyone who entered it may enter it again (spec §6)", async () => {
    const fence = await made(lot({ name: "Service entrance", apps: [appA, appC] }));
    const res = await put(
      manager,
      appA,
      fence.id,
      lot({
        name: "Service entrance",
        location: { lat: 40.713, lng: -74.0065, radius: 300, radiusUnit: "km" },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: fence.id,
      version: 2,
      location: { lat: 40.713, lng: -74.0065, radius: 300, radiusUnit: "km" },
      // C stays: the manager cannot edit C, so its link is not theirs to drop.
      apps: [appA],
    });
    expect(res.body.data.silent).toBeUndefined();
    const byOwner = await call(app, {
      url: `/api/apps/${appA}/geofences/${fence.id}`,
      headers: owner.headers,
    });
    expect(byOwner.body.data.apps).toEqual([appA, appC].sort());
    const dropC = await put(owner, appA, fence.id, lot({ name: "Service entrance", apps: [appA] }));
    expect(dropC.body.data).toMatchObject({ version: 3, apps: [appA] });
    // The zone stays unless the body names one (the editor's offset header does not replace it).
    const zoned = await put(
      owner,
      appA,
      fence.id,
      lot({ name: "Service entrance", timeZone: "Europe/Madrid" }),
    );
    expect(zoned.body.data.timeZone).toBe("Europe/Madrid");
    const kept = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/geofences/${fence.id}`,
      headers: { ...owner.headers, "x-user-timezone-offset": "300" },
      payload: lot({ name: "Service entrance" }),
    });
    expect(kept.body.data).toMatchObject({ timeZone: "Europe/Madrid", version: 5 });
    expect((await put(associate, appA, fence.id, lot())).status).toBe(403);
    expect((await put(owner, appA, randomUUID(), lot())).status).toBe(404);
  });

  it("orders the app's list: every id exactly once, kept after a reload", async () => {
    await clear(appC);
    const first = await made(lot({ name: "First", apps: [appC] }), owner, appC);
    const second = await made(lot({ name: "Second", apps: [appC] }), owner, appC);
    const third = await made(lot({ name: "Third", apps: [appC] }), owner, appC);
    expect(await names(owner, appC)).toEqual(["First", "Second", "Third"]);
    const order = (payload: object, who = owner) =>
      call(app, { method: "PUT", url: `/api/apps/${appC}/geofences/order`, headers: who.headers, payload });
    const res = await order({ order: [third.id, first.id, second.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((g: { name: string }) => g.name)).toEqual(["Third", "First", "Second"]);
    expect(await names(owner, appC)).toEqual(["Third", "First", "Second"]);
    const partial = await order({ order: [third.id, first.id] });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toMatchObject({
      code: "OrderMismatch",
      details: [{ path: "/order", message: `missing: ${second.id}` }],
    });
    const unknown = randomUUID();
    const twice = await order({ order: [third.id, third.id, first.id, second.id, unknown] });
    expect(twice.body.error.details).toEqual([
      { path: "/order/1", message: `${third.id} is named twice` },
      { path: "/order/4", message: `${unknown} is not in this list` },
    ]);
    // A new one goes last.
    await made(lot({ name: "Fourth", apps: [appC] }), owner, appC);
    expect(await names(owner, appC)).toEqual(["Third", "First", "Second", "Fourth"]);
    expect((await order({ order: [] }, stranger)).status).toBe(404);
  });

  it("puts the geofences active now into the widget's app payload, in the app's order, without private fields", async () => {
    await clear(appA);
    const widget = async () =>
      (await call(app, { url: "/api/mobile/app", headers: { "x-app": appA } })).body.data.definition
        .geofences;
    expect(await widget()).toBeUndefined();
    const open = await made(
      lot({
        name: "Open lot",
        callToAction: { text: "Book service", link: "https://dealer.example/service" },
        delayedMessage: { message: "How was your visit?", delayMinutes: 30 },
        filters: { authenticated: true },
      }),
    );
    const weekly = await made(
      lot({
        name: "Weekly lot",
        silent: true,
        startDate: at(-8),
        recurrence: { type: "Weekly", endsBy: at(30) },
      }),
    );
    await made(lot({ name: "Planned lot", startDate: at(2) }));
    await made(lot({ name: "Expired lot", startDate: at(-3), endDate: at(-1) }));
    const onlyC = await made(lot({ name: "Only in C", apps: [appC] }), owner, appC);
    const fences = await widget();
    expect(fences).toEqual([
      {
        id: open.id,
        name: "Open lot",
        message: "Welcome to Alpha Motors!",
        location: { lat: 40.7128, lng: -74.006, radius: 2, radiusUnit: "mi" },
        shape: "circle",
        callToAction: { text: "Book service", link: "https://dealer.example/service" },
        timeZone: open.timeZone,
        version: 1,
      },
      {
        id: weekly.id,
        name: "Weekly lot",
        message: "Welcome to Alpha Motors!",
        silent: true,
        location: { lat: 40.7128, lng: -74.006, radius: 2, radiusUnit: "mi" },
        shape: "circle",
        startDate: weekly.startDate,
        recurrence: { type: "Weekly", endsBy: weekly.recurrence.endsBy },
        timeZone: weekly.timeZone,
        version: 1,
      },
    ]);
    // An edit of only the filters (not in the payload) still shows in it: the version the widget re-arms on.
    const filtersOnly = await put(
      owner,
      appA,
      open.id,
      lot({
        name: "Open lot",
        callToAction: { text: "Book service", link: "https://dealer.example/service" },
        delayedMessage: { message: "How was your visit?", delayMinutes: 30 },
        filters: { authenticated: true, make: "Honda" },
        timeZone: open.timeZone,
      }),
    );
    expect(filtersOnly.status, JSON.stringify(filtersOnly.body)).toBe(200);
    const edited = (await widget()).find((g: { id: string }) => g.id === open.id);
    expect(edited).toEqual({ ...fences[0], version: 2 });
    // A body's version is not the caller's to set.
    const forged = await put(owner, appA, open.id, lot({ name: "Open lot", version: 1 }));
    expect(forged.status).toBe(400);
    expect(fences.map((g: { id: string }) => g.id)).not.toContain(onlyC.id);
    // A change shows at once (the cached payload is dropped): reordered, then one deleted.
    const order = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/geofences/order`,
      headers: owner.headers,
      payload: {
        order: (await call(app, { url: `/api/apps/${appA}/geofences`, headers: owner.headers })).body.data
          .map((g: { id: string }) => g.id)
          .reverse(),
      },
    });
    expect(order.status).toBe(200);
    expect((await widget()).map((g: { name: string }) => g.name)).toEqual(["Weekly lot", "Open lot"]);
    await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/geofences/${weekly.id}`,
      headers: owner.headers,
    });
    expect((await widget()).map((g: { name: string }) => g.name)).toEqual(["Open lot"]);
  });

  it("records a user's completion once per version and occurrence; the widget then does not deliver it again", async () => {
    const fence = await made(lot({ name: "Completed lot" }));
    const userId = randomUUID();
    const complete = (id: string, who = owner, body: object = { userId }) =>
      call(app, {
        method: "PUT",
        url: `/api/apps/${appA}/analytics/events/geofence/${id}/complete`,
        headers: who.headers,
        payload: body,
      });
    const first = await complete(fence.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ completed: true, version: 1, occurrence: "" });
    expect((await complete(fence.id, manager)).body.data).toEqual({
      completed: false,
      version: 1,
      occurrence: "",
    });
    const enter = () =>
      call(app, {
        method: "POST",
        url: `/api/mobile/geofences/${fence.id}/enter`,
        headers: { "x-app": appA },
        payload: { userId, lat: 40.7128, lng: -74.006 },
      });
    const entered = await enter();
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.data.delivered).toBe(false);

    // An update resets it (spec §6): the next entry delivers again.
    expect(
      (await put(owner, appA, fence.id, lot({ name: "Completed lot", message: "New welcome" }))).status,
    ).toBe(200);
    const again = await enter();
    expect(again.body.data).toMatchObject({ delivered: true, message: "New welcome" });
    expect((await complete(fence.id)).body.data).toEqual({ completed: false, version: 2, occurrence: "" });

    // A repeating geofence is completed for the occurrence running now.
    const start = new Date(Date.now() - 8 * DAY - 3_600_000);
    const weekly = await made(
      lot({
        name: "Weekly completed",
        startDate: start.toISOString(),
        recurrence: { type: "Weekly" },
        timeZone: "UTC",
      }),
    );
    expect((await complete(weekly.id)).body.data).toEqual({
      completed: true,
      version: 1,
      occurrence: new Date(start.getTime() + 7 * DAY).toISOString(),
    });

    expect((await complete(fence.id, service)).status).toBe(403);
    expect((await complete(fence.id, stranger)).status).toBe(404);
    expect((await complete(randomUUID())).status).toBe(404);
    expect((await complete(fence.id, owner, {})).status).toBe(400);
  });
});
