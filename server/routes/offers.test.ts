import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerStatus } from "../ops/offers.ts";
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
  // The owner of A also owns C: offers may run in both.
  appC = await testAppOf(app, owner, "Charlie Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
}, 60_000);
afterAll(() => app.close());

const add = async (who: TestUser, appId: string, kind: string, payload: Record<string, unknown>) => {
  const res = await call(app, {
    method: "POST",
    url: `/api/apps/${appId}/${kind}`,
    headers: who.headers,
    payload,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const list = async (who: TestUser, appId: string, kind: string) =>
  (await call(app, { method: "GET", url: `/api/apps/${appId}/${kind}`, headers: who.headers })).body.data;
const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe.each(["coupons", "events"] as const)("%s", (kind) => {
  const extra = kind === "events" ? { link: "https://dealer.example/sale" } : {};

  it("lets Owners and Managers write, Service and Associates read, strangers 404 and anonymous 401", async () => {
    const seeded = await add(owner, appA, kind, { title: `Seeded ${kind}`, ...extra });
    const calls = (id: string, order: () => Promise<string[]>) => [
      { method: "GET" as const, url: `/api/apps/${appA}/${kind}`, write: false },
      { method: "GET" as const, url: `/api/apps/${appA}/${kind}/${seeded.id}`, write: false },
      {
        method: "POST" as const,
        url: `/api/apps/${appA}/${kind}`,
        payload: { title: "Posted", ...extra },
        write: true,
      },
      {
        method: "PUT" as const,
        url: `/api/apps/${appA}/${kind}/${id}`,
        payload: { title: "Put", ...extra },
        write: true,
      },
      { method: "PUT" as const, url: `/api/apps/${appA}/${kind}/order`, payload: order, write: true },
      { method: "DELETE" as const, url: `/api/apps/${appA}/${kind}/${id}`, write: true },
    ];
    const people: [string, TestUser | undefined, boolean | "stranger"][] = [
      ["Owner", owner, true],
      ["Manager", manager, true],
      ["Admin", admin, true],
      ["Service", service, false],
      ["Associate", associate, false],
      ["stranger", stranger, "stranger"],
      ["anonymous", undefined, false],
    ];
    const problems: string[] = [];
    for (const [name, who, mayWrite] of people) {
      const fresh = await add(owner, appA, kind, { title: `For ${name}`, ...extra });
      const order = async () => (await list(owner, appA, kind)).map((o: { id: string }) => o.id);
      for (const c of calls(fresh.id, order)) {
        const res = await call(app, {
          method: c.method,
          url: c.url,
          payload: typeof c.payload === "function" ? { order: await c.payload() } : c.payload,
          headers: who?.headers,
        });
        const want = !who ? 401 : mayWrite === "stranger" ? 404 : !c.write || mayWrite ? 200 : 403;
        const code = { 401: "Unauthorized", 404: "AppNotFound", 403: "Forbidden" }[want as 401];
        if (res.status !== want || (code && res.body.error.code !== code))
          problems.push(
            `${name} ${c.method} ${c.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it("creates with the record's fields and defaults, first in the list, and replaces with PUT", async () => {
    const created = await add(manager, appA, kind, {
      title: "Winter check",
      description: "Battery and wipers checked for free.",
      image: "/api/images/winter.png",
      from: "2026-01-01T00:00:00.000Z",
      category: "Service",
      ...extra,
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: "Winter check",
      description: "Battery and wipers checked for free.",
      image: "/api/images/winter.png",
      from: "2026-01-01T00:00:00.000Z",
      category: "Service",
      ...extra,
      personalized: false,
      hideDates: false,
      apps: [appA],
      oncePerUser: true,
      status: "Active",
      redemptions: 0,
      ownerAppId: appA,
    });
    expect((await list(owner, appA, kind))[0].id).toBe(created.id);

    const put = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/${kind}/${created.id}`,
      headers: owner.headers,
      payload: {
        title: "Winter check-up",
        to: "2020-02-01T00:00:00.000Z",
        personalized: true,
        oncePerUser: false,
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({
      id: created.id,
      title: "Winter check-up",
      to: "2020-02-01T00:00:00.000Z",
      personalized: true,
      hideDates: false,
      apps: [appA],
      oncePerUser: false,
      status: "Expired",
      redemptions: 0,
      ownerAppId: appA,
    });
    const got = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/${kind}/${created.id}`,
      headers: associate.headers,
    });
    expect(got.body.data).toEqual(put.body.data);
  });

  it("validates with the spec's messages", async () => {
    const res = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/${kind}`,
      headers: owner.headers,
      payload: {
        title: "X",
        description: "Hi",
        from: "tomorrow",
        apps: ["not-an-id"],
        ...(kind === "events" ? { link: "not a link" } : {}),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("Validation");
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "/title", message: "value should be minimum 2 characters" },
        { path: "/description", message: "value should be minimum 5 characters" },
        { path: "/from", message: expect.any(String) },
        ...(kind === "events" ? [{ path: "/link", message: "incorrect url" }] : []),
      ]),
    );
    const empty = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/${kind}`,
      headers: owner.headers,
      payload: {},
    });
    expect(empty.body.error.details).toEqual([{ path: "/title", message: "value can't be empty" }]);
  });

  it("answers 404 'Special not found' for an offer of another app, of the other kind, or a malformed id", async () => {
    const elsewhere = await add(stranger, appB, kind, { title: "Bravo only", ...extra });
    const other = await add(owner, appA, kind === "coupons" ? "events" : "coupons", { title: "Other kind" });
    for (const id of [elsewhere.id, other.id, "nope", randomUUID()])
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const res = await call(app, {
          method,
          url: `/api/apps/${appA}/${kind}/${id}`,
          headers: owner.headers,
          payload: method === "PUT" ? { title: "Hijacked", ...extra } : undefined,
        });
        expect(res, `${method} ${id}`).toMatchObject({
          status: 404,
          body: { error: { code: "OfferNotFound", message: "Special not found" } },
        });
      }
    expect((await list(stranger, appB, kind))[0]).toMatchObject({ id: elsewhere.id, title: "Bravo only" });
  });

  it("orders the app's list: each id exactly once, else 400 saying what is wrong", async () => {
    const own = await testAppOf(app, owner, `Order ${kind}`);
    const [one, two, three] = [
      await add(owner, own, kind, { title: "One", ...extra }),
      await add(owner, own, kind, { title: "Two", ...extra }),
      await add(owner, own, kind, { title: "Three", ...extra }),
    ];
    expect(titles(await list(owner, own, kind))).toEqual(["Three", "Two", "One"]);
    const reader = await testUser(app);
    await grantRole(app, reader.id, own, "Service");
    const ordered = await call(app, {
      method: "PUT",
      url: `/api/apps/${own}/${kind}/order`,
      headers: reader.headers,
      payload: { order: [one.id, three.id, two.id] },
    });
    expect(ordered.status).toBe(403);
    const res = await call(app, {
      method: "PUT",
      url: `/api/apps/${own}/${kind}/order`,
      headers: owner.headers,
      payload: { order: [one.id, three.id.toUpperCase(), two.id] },
    });
    expect(res.status).toBe(200);
    expect(titles(res.body.data)).toEqual(["One", "Three", "Two"]);
    expect(titles(await list(owner, own, kind))).toEqual(["One", "Three", "Two"]);
    const unknown = randomUUID();
    const bad = await call(app, {
      method: "PUT",
      url: `/api/apps/${own}/${kind}/order`,
      headers: owner.headers,
      payload: { order: [one.id, one.id, unknown] },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error: { code: "OrderMismatch", message: "The order must name every item of the list exactly once" },
      },
    });
    // Missing ids are named in the list's current order (One, Three, Two).
    expect(bad.body.error.details).toEqual([
      { path: "/order/1", message: `${one.id} is named twice` },
      { path: "/order/2", message: `${unknown} is not in this list` },
      { path: "/order", message: `missing: ${three.id}, ${two.id}` },
    ]);
    expect(titles(await list(owner, own, kind))).toEqual(["One", "Three", "Two"]);
    // Adding one puts it first again; the others keep their order.
    await add(owner, own, kind, { title: "Four", ...extra });
    expect(titles(await list(owner, own, kind))).toEqual(["Four", "One", "Three", "Two"]);
  });

  it("runs in several apps the caller may edit, 403 for any other, each app with its own order", async () => {
    const shared = await add(owner, appA, kind, { title: "Shared", apps: [appC], ...extra });
    expect(shared.apps.sort()).toEqual([appA, appC].sort());
    expect((await list(owner, appC, kind))[0]).toMatchObject({ id: shared.id, ownerAppId: appA });
    // The Manager of A cannot see C: the link is not shown to them.
    expect((await list(manager, appA, kind)).find((o: { id: string }) => o.id === shared.id).apps).toEqual([
      appA,
    ]);

    for (const [who, apps] of [
      [owner, [appB]],
      [manager, [appC]],
      [owner, [randomUUID()]],
    ] as const) {
      const res = await call(app, {
        method: "POST",
        url: `/api/apps/${appA}/${kind}`,
        headers: who.headers,
        payload: { title: "Spread", apps, ...extra },
      });
      expect(res).toMatchObject({ status: 403, body: { error: { code: "Forbidden" } } });
    }
    // A Manager of A who is only Service on C may not put it in C either.
    const readerOfC = await testUser(app);
    await grantRole(app, readerOfC.id, appA, "Manager");
    await grantRole(app, readerOfC.id, appC, "Service");
    const serviceOnC = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/${kind}`,
      headers: readerOfC.headers,
      payload: { title: "Not in C", apps: [appC], ...extra },
    });
    expect(serviceOnC).toMatchObject({ status: 403, body: { error: { code: "Forbidden" } } });

    // A Manager's PUT with the apps they see keeps the link to C they cannot see.
    const kept = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/${kind}/${shared.id}`,
      headers: manager.headers,
      payload: { title: "Shared, renamed", apps: [appA], ...extra },
    });
    expect(kept.body.data.apps).toEqual([appA]);
    expect(titles(await list(owner, appC, kind))).toContain("Shared, renamed");
    // The owner takes it off C with PUT, puts it back, then deletes it from C only.
    const off = await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/${kind}/${shared.id}`,
      headers: owner.headers,
      payload: { title: "Shared, renamed", apps: [], ...extra },
    });
    expect(off.body.data.apps).toEqual([appA]);
    expect(titles(await list(owner, appC, kind))).not.toContain("Shared, renamed");
    const back = await call(app, {
      method: "PUT",
      url: `/api/apps/${appC}/${kind}/${shared.id}`,
      headers: owner.headers,
      payload: { title: "Shared, renamed", apps: [appC], ...extra },
    });
    expect(back.status).toBe(404);
    await call(app, {
      method: "PUT",
      url: `/api/apps/${appA}/${kind}/${shared.id}`,
      headers: owner.headers,
      payload: { title: "Shared, renamed", apps: [appC], ...extra },
    });
    expect((await list(owner, appC, kind))[0].id).toBe(shared.id);
    const unlinked = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appC}/${kind}/${shared.id}`,
      headers: owner.headers,
    });
    expect(unlinked.body).toEqual({ data: true });
    expect(titles(await list(owner, appC, kind))).not.toContain("Shared, renamed");
    expect(titles(await list(owner, appA, kind))).toContain("Shared, renamed");

    // Deleting in the owner app deletes it everywhere.
    const both = await add(owner, appA, kind, { title: "Everywhere", apps: [appC], ...extra });
    await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/${kind}/${both.id}`,
      headers: owner.headers,
    });
    expect(titles(await list(owner, appC, kind))).not.toContain("Everywhere");
    const { rows } = await app.database.execute("select count(*)::int as n from offers where id = $1", [
      both.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("keeps the owner app's link whatever another app's PUT names", async () => {
    const shared = await add(owner, appA, kind, { title: "Owned by A", apps: [appC], ...extra });
    const res = await call(app, {
      method: "PUT",
      url: `/api/apps/${appC}/${kind}/${shared.id}`,
      headers: owner.headers,
      payload: { title: "Owned by A", apps: [appC], ...extra },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.apps.sort()).toEqual([appA, appC].sort());
    expect((await list(owner, appA, kind)).map((o: { id: string }) => o.id)).toContain(shared.id);
  });

  it("derives the status from the dates and counts this app's redemptions", async () => {
    const own = await testAppOf(app, owner, `Status ${kind}`);
    await add(owner, own, kind, { title: "Open", ...extra });
    await add(owner, own, kind, { title: "Started", from: at(-3), ...extra });
    await add(owner, own, kind, { title: "Between", from: at(-3), to: at(3), ...extra });
    await add(owner, own, kind, { title: "Ahead", from: at(3), to: at(6), ...extra });
    await add(owner, own, kind, { title: "Ended", from: at(-6), to: at(-3), ...extra });
    const redeemed = await add(owner, own, kind, { title: "Redeemed", apps: [appC], ...extra });
    const byTitle = Object.fromEntries(
      (await list(owner, own, kind)).map((o: { title: string; status: string }) => [o.title, o.status]),
    );
    expect(byTitle).toEqual({
      Open: "Active",
      Started: "Active",
      Between: "Active",
      Ahead: "Planned",
      Ended: "Expired",
      Redeemed: "Active",
    });
    const user = await testEndUser(app, own);
    for (const appId of [own, own, appC])
      await app.database.execute(
        "insert into redemptions (app_id, offer_id, end_user_id, channel) values ($1, $2, $3, 'console')",
        [appId, redeemed.id, user.id],
      );
    const find = async (appId: string) =>
      (await list(owner, appId, kind)).find((o: { id: string }) => o.id === redeemed.id).redemptions;
    expect(await find(own)).toBe(2);
    expect(await find(appC)).toBe(1);
  });
});

describe("offerStatus", () => {
  const now = new Date("2026-06-15T12:00:00.000Z");
  it.each([
    [{}, "Active"],
    [{ from: "2026-06-15T12:00:00.000Z" }, "Active"],
    [{ from: "2026-06-15T12:00:00.001Z" }, "Planned"],
    [{ to: "2026-06-15T12:00:00.000Z" }, "Active"],
    [{ to: "2026-06-15T11:59:59.999Z" }, "Expired"],
    [{ from: "2026-01-01T00:00:00.000Z" }, "Active"],
    [{ from: "2026-07-01T00:00:00.000Z", to: "2026-08-01T00:00:00.000Z" }, "Planned"],
  ])("%o is %s", (dates, status) => {
    expect(offerStatus(dates, now)).toBe(status);
  });
});

describe("the app payloads", () => {
  it("carry this app's coupons and events in its order; the widget leaves personalized ones out", async () => {
    const own = await testAppOf(app, owner, "Payload Motors");
    const first = await add(owner, own, "coupons", {
      title: "First",
      from: "2026-01-01T00:00:00.000Z",
      hideDates: true,
    });
    const secret = await add(owner, own, "coupons", { title: "Just for you", personalized: true });
    const third = await add(owner, own, "coupons", { title: "Third", image: "/api/images/t.png" });
    const event = await add(owner, own, "events", {
      title: "Open house",
      link: "https://dealer.example/open",
    });
    await call(app, {
      method: "PUT",
      url: `/api/apps/${own}/coupons/order`,
      headers: owner.headers,
      payload: { order: [first.id, secret.id, third.id] },
    });

    const widget = await call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": own } });
    expect(widget.status).toBe(200);
    expect(widget.body.data.definition.coupons).toEqual([
      { id: first.id, title: "First", from: "2026-01-01T00:00:00.000Z", hideDates: true },
      { id: third.id, title: "Third", image: "/api/images/t.png" },
    ]);
    expect(widget.body.data.definition.events).toEqual([
      { id: event.id, title: "Open house", link: "https://dealer.example/open" },
    ]);

    const builder = await call(app, { method: "GET", url: `/api/apps/${own}`, headers: owner.headers });
    expect(builder.body.data.definition.coupons).toEqual([
      { id: first.id, title: "First", from: "2026-01-01T00:00:00.000Z", hideDates: true, apps: [own] },
      { id: secret.id, title: "Just for you", personalized: true, apps: [own] },
      { id: third.id, title: "Third", image: "/api/images/t.png", apps: [own] },
    ]);
    const listed = await call(app, { method: "GET", url: "/api/apps", headers: owner.headers });
    expect(listed.body.data.find((a: { appId: string }) => a.appId === own).definition.coupons).toEqual(
      builder.body.data.definition.coupons,
    );

    // The widget's cached payload is dropped when an offer changes.
    await add(owner, own, "coupons", { title: "Fresh" });
    const again = await call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": own } });
    expect(titles(again.body.data.definition.coupons)).toEqual(["Fresh", "First", "Third"]);
    await call(app, {
      method: "PUT",
      url: `/api/apps/${own}/coupons/${third.id}`,
      headers: owner.headers,
      payload: { title: "Third, renamed" },
    });
    const renamed = await call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": own } });
    expect(titles(renamed.body.data.definition.coupons)).toEqual(["Fresh", "First", "Third, renamed"]);
  });

  it("a builder save neither drops nor duplicates offers and stores none in the definition", async () => {
    const own = await testAppOf(app, owner, "Saving Motors");
    await grantRole(app, manager.id, own, "Manager");
    const kept = await add(owner, own, "coupons", { title: "Kept" });
    const opened = (await call(app, { method: "GET", url: `/api/apps/${own}`, headers: owner.headers })).body
      .data;
    // Someone adds an event after the builder tab was opened.
    await add(manager, own, "events", { title: "Added meanwhile" });
    const saved = await call(app, {
      method: "PUT",
      url: `/api/apps/${own}`,
      headers: owner.headers,
      payload: {
        version: opened.version,
        slug: opened.slug,
        definition: {
          ...opened.definition,
          coupons: [...opened.definition.coupons, { id: randomUUID(), title: "Smuggled" }],
          events: [],
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(titles(saved.body.data.definition.coupons)).toEqual(["Kept"]);
    expect(titles(saved.body.data.definition.events)).toEqual(["Added meanwhile"]);
    const { rows } = await app.database.execute(
      "select definition, (select count(*)::int from offer_apps where app_id = apps.id) as n from apps where id = $1",
      [own],
    );
    expect(rows[0].n).toBe(2);
    expect(rows[0].definition).not.toHaveProperty("coupons");
    expect(rows[0].definition).not.toHaveProperty("events");
    expect(saved.body.data.definition.coupons[0].id).toBe(kept.id);
  });

  it("an app created with coupons and events in its definition gets them as offers, ids kept", async () => {
    const id = randomUUID();
    const taken = await add(owner, appA, "events", { title: "Taken id", link: "https://dealer.example" });
    const res = await call(app, {
      method: "POST",
      url: "/api/apps",
      headers: owner.headers,
      payload: {
        definition: {
          name: "Given Motors",
          coupons: [
            { id, title: "Given coupon", to: "2030-01-01T00:00:00.000Z" },
            { id, title: "Same id again" },
          ],
          // An id another offer already has: the new app's event gets one of its own.
          events: [{ id: taken.id, title: "Given event", link: "https://dealer.example" }],
        },
      },
    });
    expect(res.status).toBe(200);
    const coupons = res.body.data.definition.coupons;
    expect(coupons).toEqual([
      { id, title: "Given coupon", to: "2030-01-01T00:00:00.000Z", apps: [res.body.data.appId] },
      { id: expect.not.stringMatching(id), title: "Same id again", apps: [res.body.data.appId] },
    ]);
    expect(res.body.data.definition.events).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: "Given event",
        link: "https://dealer.example",
        apps: [res.body.data.appId],
      },
    ]);
    const { rows } = await app.database.execute("select definition from apps where id = $1", [
      res.body.data.appId,
    ]);
    expect(rows[0].definition).toEqual({ name: "Given Motors" });
  });
});
