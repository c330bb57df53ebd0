import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../schemas/messages.ts";
import { pushSubscriptions } from "../db/schema-mobile.ts";
import { pushOccurrences } from "../db/schema-push.ts";
import { pushTimeZone } from "../ops/push-notifications.ts";
import {
  call,
  grantRole,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";

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

const MIN = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();

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
  appC = await testAppOf(app, owner, "Charlie Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
}, 60_000);
afterAll(() => app.close());

const post = (who: TestUser, appId: string, payload: object, headers: Record<string, string> = {}) =>
  call(app, {
    method: "POST",
    url: `/api/apps/${appId}/push-notifications`,
    headers: { ...who.headers, ...headers },
    payload,
  });
const made = async (payload: object, who = owner, appId = appA) => {
  const res = await post(who, appId, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
/** The stored next_at as ISO text (null when no send is left). */
const nextAtOf = async (id: string) => {
  const value = (await app.database.execute("select next_at from push_notifications where id = $1", [id]))
    .rows[0].next_at as Date | string | null;
  return value === null ? null : new Date(value).toISOString();
};

describe("push notifications", () => {
  it("schedules a push: status Planned, editable, its send as next_at, the header's offset as zone", async () => {
    const scheduleTime = at(30);
    const res = await post(
      service,
      appA,
      { apps: [appA], message: "Oil change week!", scheduleTime, path: "https://dealer.example/oil" },
      { "x-user-timezone-offset": "300" },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const push = res.body.data;
    expect(push).toMatchObject({
      apps: [appA],
      message: "Oil change week!",
      path: "https://dealer.example/oil",
      scheduleTime,
      recurrence: { type: "Once" },
      timeZone: "Etc/GMT+5",
      status: "Planned",
      editable: true,
      nextOccurrences: [scheduleTime],
      counts: { targeted: 0, sent: 0, delivered: 0, failed: 0, expired: 0, opened: 0 },
      source: "composer",
      ownerAppId: appA,
    });
    expect(await nextAtOf(push.id)).toBe(scheduleTime);
    const got = await call(app, {
      url: `/api/apps/${appA}/push-notifications/${push.id}`,
      headers: associate.headers,
    });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(push);
  });

  it("leads to a web address or a screen of the app (feature:, coupon:, event:), nothing else", async () => {
    for (const path of ["feature:7e3a1c52-9b4d", "coupon:abc_1", "event:E-2", "dealer.example/oil"]) {
      const res = await post(service, appA, {
        apps: [appA],
        message: "Look here",
        scheduleTime: at(30),
        path,
      });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.data.path).toBe(path);
    }
    for (const path of [
      "javascript:alert(1)",
      "feature:",
      "feature:a b",
      "coupon:x/../y",
      "https://u:p@x.example",
    ]) {
      const res = await post(service, appA, {
        apps: [appA],
        message: "Look here",
        scheduleTime: at(30),
        path,
      });
      expect(res.status, path).toBe(400);
      expect(res.body.error.message, path).toContain("incorrect url");
    }
  });

  it("lets Owner, Manager, Service and Admins send, Associates only read, strangers nothing", async () => {
    const body = { apps: [appA], message: "Hello there", scheduleTime: at(60) };
    for (const who of [owner, manager, admin]) expect((await post(who, appA, body)).status).toBe(201);
    const refused = await post(associate, appA, body);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("Forbidden");
    expect((await post(stranger, appA, body)).status).toBe(404);
    const listed = await call(app, {
      url: `/api/apps/${appA}/push-notifications`,
      headers: associate.headers,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThanOrEqual(3);
    expect(
      (await call(app, { url: `/api/apps/${appA}/push-notifications`, headers: stranger.headers })).status,
    ).toBe(404);
  });

  it("targets only apps where the caller may send (spec §6), and lists the push in each target", async () => {
    const refused = await post(owner, appA, { apps: [appA, appB], message: "To both", scheduleTime: at(30) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("Forbidden");
    const asManager = await post(manager, appA, {
      apps: [appA, appC],
      message: "To A and C",
      scheduleTime: at(30),
    });
    expect(asManager.status).toBe(403);
    const both = await made({ apps: [appC, appA], message: "To A and C", scheduleTime: at(30) });
    expect(both.apps).toEqual([appA, appC].sort());
    const inC = await call(app, { url: `/api/apps/${appC}/push-notifications`, headers: owner.headers });
    expect(inC.body.data.map((p: { id: string }) => p.id)).toContain(both.id);
    // The manager of A sees only A among the targets.
    const seen = await call(app, {
      url: `/api/apps/${appA}/push-notifications/${both.id}`,
      headers: manager.headers,
    });
    expect(seen.body.data.apps).toEqual([appA]);
    expect(
      (await call(app, { url: `/api/apps/${appB}/push-notifications/${both.id}`, headers: stranger.headers }))
        .status,
    ).toBe(404);
  });

  it("refuses a send time more than a minute past; within the minute it is due now", async () => {
    const late = await post(owner, appA, { apps: [appA], message: "Too late", scheduleTime: at(-5) });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: "PushScheduleInPast",
      message: "The send time is in the past; choose now or a later time",
    });
    // Due now: handed to the scheduler at once (the test server's queue runs it before answering), which
    // claims its one send; nobody is subscribed in the app yet, so that send is done.
    const scheduleTime = at(-0.5);
    const now = await made({ apps: [appA], message: "Right now", scheduleTime });
    expect(now).toMatchObject({ status: "Sent", editable: false, nextOccurrences: [] });
    expect(await nextAtOf(now.id)).toBeNull();
    const sends = await call(app, {
      url: `/api/apps/${appA}/push-notifications/${now.id}/occurrences`,
      headers: owner.headers,
    });
    expect(sends.body.data.map((o: { at: string; state: string }) => [o.at, o.state])).toEqual([
      [scheduleTime, "done"],
    ]);
  });

  it("gives clear errors for an unknown recurrence, time zone, Ends by before the start, oversized audiences", async () => {
    const base = { apps: [appA], message: "Weekly deal", scheduleTime: at(30) };
    const recurrence = await post(owner, appA, { ...base, recurrence: { type: "Fortnightly" } });
    expect(recurrence.status).toBe(400);
    expect(recurrence.body.error.code).toBe("Validation");
    const zone = await post(owner, appA, { ...base, timeZone: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatchObject({
      code: "TimeZoneInvalid",
      message: "Unknown time zone; use an IANA name such as America/New_York",
    });
    const ends = await post(owner, appA, { ...base, recurrence: { type: "Weekly", endsBy: at(10) } });
    expect(ends.status).toBe(400);
    expect(ends.body.error.message).toBe("'Ends by' must not be before the send time");
    const many = Array.from({ length: 1001 }, () => randomUUID());
    const big = await post(owner, appA, { ...base, userIds: many });
    expect(big.status).toBe(400);
    expect(big.body.error.code).toBe("Validation");
    const short = await post(owner, appA, { ...base, message: "Hey" });
    expect(short.status).toBe(400);
    const ok = await made({ ...base, userIds: many.slice(0, 1000) });
    expect(ok.userIds).toHaveLength(1000);
    expect(ok.source).toBe("users");
  });

  it("recurs on wall time in the push's zone across DST, with its next five sends", async () => {
    const push = await made({
      apps: [appA],
      message: "Weekly service reminder",
      scheduleTime: "2099-03-01T14:30:00.000Z", // 09:30 in New York (EST)
      timeZone: "America/New_York",
      recurrence: { type: "Weekly", endsBy: "2099-03-22T23:00:00.000Z" },
    });
    expect(push.status).toBe("Planned");
    expect(push.recurrence).toEqual({ type: "Weekly", endsBy: "2099-03-22T23:00:00.000Z" });
    // DST starts on 2099-03-08 in New York: 09:30 EDT is 13:30 UTC. The series ends after the 22nd.
    expect(push.nextOccurrences).toEqual([
      "2099-03-01T14:30:00.000Z",
      "2099-03-08T13:30:00.000Z",
      "2099-03-15T13:30:00.000Z",
      "2099-03-22T13:30:00.000Z",
    ]);
    const calendar = async (from: string, to: string) =>
      (
        await call(app, {
          url: `/api/apps/${appA}/push-notifications?from=${from}&to=${to}&status=Planned`,
          headers: owner.headers,
        })
      ).body.data.map((p: { id: string }) => p.id);
    expect(await calendar("2099-03-10T00:00:00.000Z", "2099-03-16T00:00:00.000Z")).toEqual([push.id]);
    expect(await calendar("2099-03-23T00:00:00.000Z", "2099-04-01T00:00:00.000Z")).toEqual([]);
    expect(await calendar("2099-02-01T00:00:00.000Z", "2099-02-27T00:00:00.000Z")).toEqual([]);
  });

  it("refuses editing and deleting less than 10 minutes before the next send with the spec's words", async () => {
    const soon = await made({ apps: [appA], message: "Coming soon", scheduleTime: at(5) });
    expect(soon.editable).toBe(false);
    const body = { apps: [appA], message: "Changed", scheduleTime: at(40) };
    const put = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/push-notifications/${soon.id}`,
      headers: owner.headers,
      payload: body,
    });
    expect(put.status).toBe(409);
    expect(put.body.error).toMatchObject({ code: "PushEditWindow", message: messages.pushEditRule });
    expect(put.body.error.message).toBe(
      "You may only edit and delete push notifications in “View Schedule” that are scheduled 10+ minutes in advance of the current time.",
    );
    const del = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/push-notifications/${soon.id}`,
      headers: owner.headers,
    });
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe("PushEditWindow");

    const later = await made({ apps: [appA], message: "Later on", scheduleTime: at(30) });
    const edited = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/push-notifications/${later.id}`,
      headers: service.headers,
      payload: { ...body, recurrence: { type: "Daily" }, timeZone: "Europe/Madrid" },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: later.id,
      message: "Changed",
      scheduleTime: body.scheduleTime,
      status: "Planned",
      timeZone: "Europe/Madrid",
      recurrence: { type: "Daily" },
    });
    expect(edited.body.data.nextOccurrences).toHaveLength(5);
    expect(await nextAtOf(later.id)).toBe(body.scheduleTime);
    const asAssociate = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/push-notifications/${later.id}`,
      headers: associate.headers,
    });
    expect(asAssociate.status).toBe(403);
    const gone = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/push-notifications/${later.id}`,
      headers: owner.headers,
    });
    expect(gone.status).toBe(200);
    const missing = await call(app, {
      url: `/api/apps/${appA}/push-notifications/${later.id}`,
      headers: owner.headers,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: "PushNotFound",
      message: "Push notification not found",
    });
  });

  it("shows each send's counts and their sums", async () => {
    const push = await made({
      apps: [appA],
      message: "Counted push",
      scheduleTime: at(30),
      recurrence: { type: "Daily" },
    });
    const first = new Date(Date.now() - 2 * 86_400_000);
    const second = new Date(Date.now() - 86_400_000);
    await app.database.db.insert(pushOccurrences).values([
      {
        pushId: push.id,
        at: first,
        state: "done",
        targeted: 10,
        sent: 9,
        delivered: 7,
        failed: 1,
        expired: 0,
        opened: 3,
      },
      {
        pushId: push.id,
        at: second,
        state: "fanned",
        targeted: 4,
        sent: 2,
        delivered: 1,
        failed: 0,
        expired: 1,
        opened: 0,
      },
    ]);
    const list = await call(app, {
      url: `/api/apps/${appA}/push-notifications/${push.id}/occurrences`,
      headers: associate.headers,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { at: string; state: string }) => [o.at, o.state])).toEqual([
      [second.toISOString(), "fanned"],
      [first.toISOString(), "done"],
    ]);
    expect(list.body.data[1].counts).toEqual({
      targeted: 10,
      sent: 9,
      delivered: 7,
      failed: 1,
      expired: 0,
      opened: 3,
    });
    const view = await call(app, {
      url: `/api/apps/${appA}/push-notifications/${push.id}`,
      headers: owner.headers,
    });
    expect(view.body.data.counts).toEqual({
      targeted: 14,
      sent: 11,
      delivered: 8,
      failed: 1,
      expired: 1,
      opened: 3,
    });
  });

  it("counts the audience live and lists pushes by a device's token", async () => {
    const signedIn = await testEndUser(app, appA, { name: "Tess Token" });
    const anonymous = randomUUID();
    const token = JSON.stringify({ endpoint: "https://push.example/tess", keys: { p256dh: "p", auth: "a" } });
    await app.database.db.insert(pushSubscriptions).values([
      { appId: appA, userId: signedIn.id, platform: "web", token },
      { appId: appA, userId: anonymous, platform: "web", token: `fallback-${anonymous}` },
    ]);
    const count = (payload: object, who = service) =>
      call(app, {
        method: "POST",
        url: `/api/apps/${appA}/push-notifications/audience-count`,
        headers: who.headers,
        payload,
      });
    expect((await count({})).body.data).toEqual({ subscriptions: 2, users: 2, webPush: 1 });
    expect((await count({ authenticated: true })).body.data).toEqual({
      subscriptions: 1,
      users: 1,
      webPush: 1,
    });
    expect((await count({ term: "tess" })).body.data).toEqual({ subscriptions: 1, users: 1, webPush: 1 });
    expect((await count({ apps: [appC] }, owner)).body.data).toEqual({
      subscriptions: 0,
      users: 0,
      webPush: 0,
    });
    expect((await count({ apps: [appB] }, owner)).status).toBe(403);
    expect((await count({}, associate)).status).toBe(403);

    const toTess = await made({ apps: [appA], message: "Only for Tess", scheduleTime: at(30), term: "Tess" });
    const toNobody = await made({ apps: [appA], message: "Only for Zed", scheduleTime: at(30), term: "Zed" });
    const byToken = await call(app, {
      url: `/api/apps/${appA}/push-notifications?token=${encodeURIComponent(token)}`,
      headers: owner.headers,
    });
    const ids = byToken.body.data.map((p: { id: string }) => p.id);
    expect(ids).toContain(toTess.id);
    expect(ids).not.toContain(toNobody.id);
    const byPlatform = await call(app, {
      url: `/api/apps/${appA}/push-notifications?platform=ios`,
      headers: owner.headers,
    });
    expect(byPlatform.body.data).toEqual([]);
  });
});

describe("audience filters with a meaning from the product's data", () => {
  it("offers the target apps' engine types, groups and locations, counts by them and refuses values naming nothing", async () => {
    const catalog = `Make-${randomUUID().slice(0, 8)}`;
    await app.database.execute(
      "insert into engine_types (type, make, model, engine_type) values ('Car', $1, 'Roadster', 'Plug-in hybrid')",
      [catalog],
    );
    await app.database.execute("update apps set locations = $2::jsonb where id = $1", [
      appA,
      JSON.stringify([{ id: "loc-north", name: "North store" }]),
    ]);
    const [group] = (
      await app.database.execute(
        "insert into multiapps (name, app_ids) values ('Group AC', $1::jsonb) returning id::text",
        [JSON.stringify([appA, appC])],
      )
    ).rows as { id: string }[];
    const choices = (who: TestUser, apps?: string) =>
      call(app, {
        url: `/api/apps/${appA}/push-notifications/audience-choices${apps ? `?apps=${apps}` : ""}`,
        headers: who.headers,
      });
    const mine = await choices(service);
    expect(mine.status).toBe(200);
    expect(mine.body.data.engineTypes).toContain("Plug-in hybrid");
    expect(mine.body.data.groups).toEqual([{ id: group.id, name: "Group AC" }]);
    expect(mine.body.data.locations).toEqual([{ id: "loc-north", name: "North store", appId: appA }]);
    expect((await choices(owner, `${appA},${appC}`)).body.data.groups).toEqual([
      { id: group.id, name: "Group AC" },
    ]);
    expect((await choices(owner, `${appA},${appB}`)).status).toBe(403);
    expect((await choices(associate)).status).toBe(403);

    // A member with the catalog's vehicle, whose advisor works at the north store.
    const member = await testEndUser(app, appA, { name: "Mia Member" });
    await app.database.execute(
      "insert into end_user_vehicles (end_user_id, position, make, model, year) values ($1, 0, $2, 'roadster', 2024)",
      [member.id, catalog.toUpperCase()],
    );
    await app.database.execute(
      "insert into points_entries (app_id, end_user_id, kind, amount) values ($1, $2, 'earn', 10)",
      [appA, member.id],
    );
    const [advisor] = (
      await app.database.execute(
        "insert into staff_members (app_id, name, locations) values ($1, 'Nora North', '[\"loc-north\"]'::jsonb) returning id",
        [appA],
      )
    ).rows as { id: string }[];
    await app.database.execute("update end_users set staff_member_id = $2 where id = $1", [
      member.id,
      advisor.id,
    ]);
    await app.database.db
      .insert(pushSubscriptions)
      .values({ appId: appA, userId: member.id, platform: "web", token: `fallback-${member.id}` });
    const count = async (payload: object) =>
      call(app, {
        method: "POST",
        url: `/api/apps/${appA}/push-notifications/audience-count`,
        headers: owner.headers,
        payload,
      });
    for (const filters of [
      { engineType: "plug-in HYBRID" },
      { membership: "member" },
      { locations: ["loc-north"] },
      { engineType: "Plug-in hybrid", membership: "member", groups: [group.id], locations: ["loc-north"] },
    ]) {
      const res = await count(filters);
      expect(res.status, JSON.stringify(filters)).toBe(200);
      expect(res.body.data.users, JSON.stringify(filters)).toBe(1);
    }
    const members = (await count({ membership: "member" })).body.data.users;
    const everyone = (await count({})).body.data.users;
    // A group keeps the subscriptions of its apps: all of A's, none when the group holds only C.
    expect((await count({ groups: [group.id] })).body.data.users).toBe(everyone);
    expect((await count({ apps: [appA, appC], groups: ["group ac"] })).body.data.users).toBe(everyone);
    await app.database.execute("insert into multiapps (name, app_ids) values ('Only C', $1::jsonb)", [
      JSON.stringify([appC]),
    ]);
    expect((await count({ apps: [appA, appC], groups: ["Only C"] })).body.data.users).toBe(0);
    expect((await count({ membership: "non-member" })).body.data.users).toBe(everyone - members);

    // Values that name nothing are refused on their field, in the count, the create and the update.
    const unknownEngine = await count({ engineType: "Steam" });
    expect(unknownEngine.status).toBe(400);
    expect(unknownEngine.body.error.details).toEqual([
      { path: "/engineType", message: "'Steam' is not an engine type of the catalog for the chosen apps" },
    ]);
    const base = { apps: [appA], message: "Members only", scheduleTime: at(30) };
    const badGroup = await post(owner, appA, { ...base, groups: ["Elsewhere"] });
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.error.details).toEqual([
      { path: "/groups/0", message: "'Elsewhere' is not a group of the chosen apps" },
    ]);
    const badMembership = await post(owner, appA, { ...base, membership: "Gold" });
    expect(badMembership.status).toBe(400);
    expect(badMembership.body.error.code).toBe("Validation");
    const push = await made({ ...base, membership: "member", locations: ["loc-north"] });
    expect(push).toMatchObject({ membership: "member", locations: ["loc-north"] });
    const badLocation = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/push-notifications/${push.id}`,
      headers: owner.headers,
      payload: { ...base, locations: ["loc-south"] },
    });
    expect(badLocation.status).toBe(400);
    expect(badLocation.body.error.details).toEqual([
      { path: "/locations/0", message: "'loc-south' is not a location of the chosen apps" },
    ]);
  });
});

describe("pushTimeZone", () => {
  it("takes an IANA zone, else the header's whole-hour offset as an Etc/GMT zone, else UTC", () => {
    expect(pushTimeZone("america/new_york", undefined)).toBe("America/New_York");
    expect(pushTimeZone(undefined, "300")).toBe("Etc/GMT+5");
    expect(pushTimeZone(undefined, "-120")).toBe("Etc/GMT-2");
    expect(pushTimeZone(undefined, "0")).toBe("UTC");
    expect(pushTimeZone(undefined, "-330")).toBe("UTC");
    expect(pushTimeZone(undefined, "abc")).toBe("UTC");
    expect(pushTimeZone(undefined, undefined)).toBe("UTC");
    expect(() => pushTimeZone("Nowhere/Town", "300")).toThrow("Unknown time zone");
  });
});
