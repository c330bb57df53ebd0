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
let appA: string;
let appB: string;

beforeAll(async () => {
  app = await testApp();
  [owner, manager, service, associate, stranger] = await Promise.all([
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
  ]);
  appA = await testAppOf(app, owner, "Package Motors");
  appB = await testAppOf(app, stranger, "Other Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
}, 60_000);
afterAll(() => app.close());

const url = (appId = appA) => `/api/apps/${appId}/special-packages`;
const post = async (who: TestUser, appId: string, kind: string, payload: object) => {
  const res = await call(app, {
    method: "POST",
    url: `/api/apps/${appId}/${kind}`,
    headers: who.headers,
    payload,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const coupon = async (title: string, appId = appA, who = owner) =>
  (await post(who, appId, "coupons", { title })).id;
const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe("special packages", () => {
  it("creates, reads, replaces and deletes a package with its coupons in order", async () => {
    const [oil, tires] = [await coupon("Oil change"), await coupon("Tire rotation")];
    const created = await post(manager, appA, "special-packages", {
      title: "Winter care",
      description: "Oil and tires at one price.",
      image: "/api/images/winter.png",
      from: "2026-01-01T00:00:00.000Z",
      couponIds: [tires, oil],
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: "Winter care",
      description: "Oil and tires at one price.",
      image: "/api/images/winter.png",
      from: "2026-01-01T00:00:00.000Z",
      couponIds: [tires, oil],
      status: "Active",
    });
    const got = await call(app, { method: "GET", url: `${url()}/${created.id}`, headers: associate.headers });
    expect(got.body.data).toEqual(created);

    const put = await call(app, {
      method: "PUT",
      url: `${url()}/${created.id}`,
      headers: owner.headers,
      payload: { title: "Winter care plus", to: "2020-01-01T00:00:00.000Z", couponIds: [oil] },
    });
    expect(put.body.data).toEqual({
      id: created.id,
      title: "Winter care plus",
      to: "2020-01-01T00:00:00.000Z",
      couponIds: [oil],
      status: "Expired",
    });

    // Deleting a coupon takes it out of the package; deleting the package leaves the coupons.
    await call(app, { method: "DELETE", url: `/api/apps/${appA}/coupons/${oil}`, headers: owner.headers });
    const after = await call(app, { method: "GET", url: `${url()}/${created.id}`, headers: owner.headers });
    expect(after.body.data.couponIds).toEqual([]);
    const del = await call(app, { method: "DELETE", url: `${url()}/${created.id}`, headers: owner.headers });
    expect(del.body).toEqual({ data: true });
    const gone = await call(app, { method: "GET", url: `${url()}/${created.id}`, headers: owner.headers });
    expect(gone).toMatchObject({
      status: 404,
      body: { error: { code: "PackageNotFound", message: "Special package not found" } },
    });
    const coupons = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/coupons`,
      headers: owner.headers,
    });
    expect(coupons.body.data.map((c: { id: string }) => c.id)).toContain(tires);
  });

  it("takes only coupons of this app, each once: 400 naming the wrong entries", async () => {
    const mine = await coupon("Mine");
    const event = (await post(owner, appA, "events", { title: "An event" })).id;
    const foreign = await coupon("Foreign", appB, stranger);
    const unknown = randomUUID();
    const res = await call(app, {
      method: "POST",
      url: url(),
      headers: owner.headers,
      payload: { title: "Mixed", couponIds: [mine, event, foreign, mine, unknown] },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "PackageCouponInvalid",
          message: "Each special of a package must be a coupon of this app",
        },
      },
    });
    expect(res.body.error.details).toEqual([
      { path: "/couponIds/1", message: `${event} is not a coupon of this app` },
      { path: "/couponIds/2", message: `${foreign} is not a coupon of this app` },
      { path: "/couponIds/3", message: `${mine} is named twice` },
      { path: "/couponIds/4", message: `${unknown} is not a coupon of this app` },
    ]);
    const invalid = await call(app, {
      method: "POST",
      url: url(),
      headers: owner.headers,
      payload: { title: "X", description: "Hey", couponIds: ["nope"] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "/title", message: "value should be minimum 2 characters" },
        { path: "/description", message: "value should be minimum 5 characters" },
      ]),
    );
  });

  it("lists new packages first and orders them: each id exactly once", async () => {
    const own = await testAppOf(app, owner, "Ordered Packages");
    const ids: string[] = [];
    for (const title of ["One", "Two", "Three"])
      ids.push((await post(owner, own, "special-packages", { title, couponIds: [] })).id);
    const list = async () =>
      (await call(app, { method: "GET", url: url(own), headers: owner.headers })).body.data;
    expect(titles(await list())).toEqual(["Three", "Two", "One"]);
    const res = await call(app, {
      method: "PUT",
      url: `${url(own)}/order`,
      headers: owner.headers,
      payload: { order: ids },
    });
    expect(titles(res.body.data)).toEqual(["One", "Two", "Three"]);
    const bad = await call(app, {
      method: "PUT",
      url: `${url(own)}/order`,
      headers: owner.headers,
      payload: { order: [ids[0], ids[1]] },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: "OrderMismatch" } } });
    expect(bad.body.error.details).toEqual([{ path: "/order", message: `missing: ${ids[2]}` }]);
    expect(titles(await list())).toEqual(["One", "Two", "Three"]);
  });

  it("lets Owners and Managers write, Service and Associates read; strangers 404, anonymous 401; another app's package 404", async () => {
    const theirs = await post(stranger, appB, "special-packages", { title: "Theirs", couponIds: [] });
    const problems: string[] = [];
    for (const [name, who, mayWrite] of [
      ["Owner", owner, true],
      ["Manager", manager, true],
      ["Service", service, false],
      ["Associate", associate, false],
      ["stranger", stranger, "stranger"],
      ["anonymous", undefined, false],
    ] as const) {
      const fresh = await post(owner, appA, "special-packages", { title: `For ${name}`, couponIds: [] });
      const order = async () =>
        (await call(app, { method: "GET", url: url(), headers: owner.headers })).body.data.map(
          (p: { id: string }) => p.id,
        );
      const calls = [
        { method: "GET", path: "", write: false },
        { method: "GET", path: `/${fresh.id}`, write: false },
        { method: "POST", path: "", write: true, payload: { title: "Posted", couponIds: [] } },
        { method: "PUT", path: `/${fresh.id}`, write: true, payload: { title: "Put", couponIds: [] } },
        { method: "PUT", path: "/order", write: true, payload: "order" },
        { method: "DELETE", path: `/${fresh.id}`, write: true },
      ] as const;
      for (const c of calls) {
        const payload =
          "payload" in c ? (c.payload === "order" ? { order: await order() } : c.payload) : undefined;
        const res = await call(app, {
          method: c.method,
          url: `${url()}${c.path}`,
          headers: who?.headers,
          payload,
        });
        const want = !who ? 401 : mayWrite === "stranger" ? 404 : !c.write || mayWrite ? 200 : 403;
        if (res.status !== want) problems.push(`${name} ${c.method} ${c.path}: ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await call(app, {
        method,
        url: `${url()}/${theirs.id}`,
        headers: owner.headers,
        payload: method === "PUT" ? { title: "Hijack", couponIds: [] } : undefined,
      });
      expect(res.status, method).toBe(404);
    }
  });
});

describe("special packages in the widget's app (GET /api/mobile/app)", () => {
  it("sends packages shown now, in order, naming only public coupons; none left, none sent", async () => {
    const appC = await testAppOf(app, owner, "Widget Package Motors");
    const widget = async () => {
      const res = await call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appC } });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    expect((await widget()).packages).toBeUndefined();
    const oil = await coupon("Oil change", appC);
    const mine = (await post(owner, appC, "coupons", { title: "Just yours", personalized: true })).id;
    const day = 86_400_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const shown = await post(owner, appC, "special-packages", {
      title: "Winter care",
      description: "Oil and tires at one price.",
      image: "/api/images/winter.png",
      from: iso(-day),
      to: iso(day),
      couponIds: [mine, oil],
    });
    await post(owner, appC, "special-packages", { title: "Coming soon", from: iso(day), couponIds: [oil] });
    await post(owner, appC, "special-packages", { title: "Gone by", to: iso(-day), couponIds: [oil] });
    await post(owner, appC, "special-packages", { title: "Only personal", couponIds: [mine] });
    const always = await post(owner, appC, "special-packages", { title: "Always on", couponIds: [oil] });

    const data = await widget();
    expect(data.packages).toEqual([
      { id: always.id, title: "Always on", couponIds: [oil] },
      {
        id: shown.id,
        title: "Winter care",
        description: "Oil and tires at one price.",
        image: "/api/images/winter.png",
        from: shown.from,
        to: shown.to,
        couponIds: [oil],
      },
    ]);
    // The personalized coupon never reaches the public payload, neither in the list nor through a package.
    expect(JSON.stringify(data)).not.toContain(mine);
    expect(data.definition.coupons.map((c: { id: string }) => c.id)).toEqual([oil]);
  });
});
