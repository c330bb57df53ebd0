import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Ctx, endpoints, expectedStatus, matrixContext, seesApp, send } from "./test-endpoints.ts";
import { newEndUserSession, type TestEndUser, testApp, testEndUser } from "./test-helpers.ts";

/**
 * The authorization matrix: every registered /api endpoint against anonymous, a signed-in stranger, each app
 * role on another app, each role on this app, an Admin, an Accountant, and the widget's end users (the
 * target end user, another end user of the same app, an end user of another app, and a signed-out token).
 * Each answer must be the documented status (server/PERMISSIONS.md), every error must carry a message, and
 * no answer may show an app's data, or an end user's profile, to someone without access to it.
 */
let app: FastifyInstance;
let ctx: Ctx;
beforeAll(async () => {
  app = await testApp();
  ctx = await matrixContext(app);
}, 120_000);
afterAll(() => app.close());

const rows = endpoints.map((e) => `${e.method} ${e.route}`);

describe("authorization matrix", () => {
  it("has rows for every registered API route", () => {
    expect(app.apiRoutes.filter((r) => !rows.includes(r))).toEqual([]);
    expect(app.apiRoutes.length).toBeGreaterThanOrEqual(87);
  });

  it("names only registered routes, each once", () => {
    expect(rows.filter((r) => !app.apiRoutes.includes(r))).toEqual([]);
    expect(rows.filter((r, i) => rows.indexOf(r) !== i)).toEqual([]);
  });

  it("documents every route in server/PERMISSIONS.md", () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, "PERMISSIONS.md"), "utf8");
    // Whole families are documented by prefix ("/admin/...").
    const families = ["/admin/", "/client-relations", "/mobile/cars/"];
    const missing = app.apiRoutes
      .map((r) =>
        r
          .split(" ")[1]
          .replace(/^\/api/, "")
          .replace(/:(\w+)/g, "{$1}"),
      )
      .filter((p) => !families.some((f) => p.startsWith(f)) && !doc.includes(`${p}\``));
    expect(missing).toEqual([]);
    for (const f of families) expect(doc).toContain(`\`${f}`);
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.route}`, e] as const))("%s", async (name, e) => {
    // A row whose route is gone must fail, not pass without checking anything.
    expect(app.apiRoutes, `${name} is not registered`).toContain(name);
    const problems: string[] = [];
    for (const persona of ctx.personas) {
      const req = await e.request(ctx, persona);
      const res = await send(ctx, e, persona, req);
      const want = expectedStatus(e.access, persona);
      if (res.status !== want)
        problems.push(`${persona.name}: ${res.status} instead of ${want} ${res.text.slice(0, 200)}`);
      if (res.status >= 400 && !(typeof res.body?.error?.message === "string" && res.body.error.message))
        problems.push(`${persona.name}: ${res.status} without a message`);
      if (!e.publishesApp)
        for (const which of ["A", "B"] as const)
          if (!seesApp(persona, which) && res.text.toLowerCase().includes(ctx.markers[which].toLowerCase()))
            problems.push(`${persona.name}: the answer shows app ${which}'s data`);
      if (persona.name !== "end user" && res.text.includes(ctx.endUserMarker))
        problems.push(`${persona.name}: the answer shows the end user's profile`);
      const more = await e.check?.(ctx, persona, res.status);
      if (more) problems.push(`${persona.name}: ${more}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("end-user tokens", () => {
  /**
   * Every combination of token, X-App and target on the end user's own calls: only a live token of the
   * target, sent with the target's app, may read or write; nothing else changes any end user's data.
   */
  let users: Record<"V" | "W" | "X", TestEndUser>;
  /** [name, token, whose live token it is]. */
  let tokens: [string, string | undefined, ("V" | "W" | "X")?][];
  beforeAll(async () => {
    users = {
      V: await testEndUser(app, ctx.appA),
      W: await testEndUser(app, ctx.appA),
      X: await testEndUser(app, ctx.appB),
    };
    const revoked = await newEndUserSession(app, users.V.id);
    await app.inject({
      method: "DELETE",
      url: `/api/mobile/users/auth/sign-out/${users.V.id}`,
      headers: { "x-app": ctx.appA, authorization: `Bearer ${revoked}` },
    });
    const owner = ctx.personas.find((p) => p.name === "this Owner")!.user!;
    tokens = [
      ["none", undefined],
      ["V", users.V.token, "V"],
      ["W", users.W.token, "W"],
      ["X (app B)", users.X.token, "X"],
      ["V signed out", revoked],
      ["app A's Owner (console)", owner.authorization.slice(7)],
      ["V's token with a tail", `${users.V.token}x`],
    ];
  });

  const state = async (id: string) => {
    const { rows } = await app.database.execute(
      `select u.*, (select json_agg(v.* order by v.position) from end_user_vehicles v
        where v.end_user_id = u.id) as vehicles from end_users u where u.id = $1`,
      [id],
    );
    return JSON.stringify(rows[0]);
  };

  const calls = [
    { method: "GET", path: "", payload: undefined },
    { method: "PUT", path: "", payload: { name: "Mallory Written", email: "mallory@example.com" } },
    { method: "PUT", path: "/vehicles", payload: [{ make: "Mallory", model: "Written" }] },
  ] as const;

  it.each(calls)("$method /mobile/users/{userId}$path", async ({ method, path: tail, payload }) => {
    const problems: string[] = [];
    for (const [tokenName, token, whose] of tokens)
      for (const xApp of ["A", "B"] as const)
        for (const target of ["V", "W", "X"] as const) {
          const u = users[target];
          const owner = whose === target;
          const allowed = owner && u.appId === (xApp === "A" ? ctx.appA : ctx.appB);
          const before = await state(u.id);
          const res = await app.inject({
            method,
            url: `/api/mobile/users/${u.id}${tail}`,
            headers: {
              "x-app": xApp === "A" ? ctx.appA : ctx.appB,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            ...(payload ? { payload: payload as object } : {}),
          });
          const label = `${tokenName} token, X-App ${xApp}, ${target}'s profile`;
          const after = await state(u.id);
          if (allowed) {
            if (res.statusCode !== 200) problems.push(`${label}: ${res.statusCode} instead of 200`);
            continue;
          }
          if (res.statusCode !== 401) problems.push(`${label}: ${res.statusCode} instead of 401`);
          if (!res.json()?.error?.message) problems.push(`${label}: no error message`);
          if (after !== before) problems.push(`${label}: changed ${target}'s data`);
          if (res.body.includes(u.email)) problems.push(`${label}: shows ${target}'s e-mail`);
        }
    expect(problems).toEqual([]);
  });

  it("a signed-out token stays signed out, and sign-out with another user's token ends nothing", async () => {
    const v = await testEndUser(app, ctx.appA);
    const w = await testEndUser(app, ctx.appA);
    const me = (u: TestEndUser, token = u.token) =>
      app.inject({
        method: "GET",
        url: `/api/mobile/users/${u.id}`,
        headers: { "x-app": u.appId, authorization: `Bearer ${token}` },
      });
    // W's token naming V ends neither V's session nor W's own.
    const cross = await app.inject({
      method: "DELETE",
      url: `/api/mobile/users/auth/sign-out/${v.id}`,
      headers: { "x-app": ctx.appA, authorization: `Bearer ${w.token}` },
    });
    expect(cross.statusCode).toBe(200);
    expect((await me(v)).statusCode).toBe(200);
    expect((await me(w)).statusCode).toBe(200);
    // V signs out: that token is dead for reads, writes and token sign-in; a new session of V still works.
    const other = await newEndUserSession(app, v.id);
    const out = await app.inject({
      method: "DELETE",
      url: `/api/mobile/users/auth/sign-out/${v.id}`,
      headers: { "x-app": ctx.appA, authorization: `Bearer ${v.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(v)).statusCode).toBe(401);
    const write = await app.inject({
      method: "PUT",
      url: `/api/mobile/users/${v.id}`,
      headers: v.headers,
      payload: { name: "After Sign Out" },
    });
    expect(write.statusCode).toBe(401);
    const again = await app.inject({
      method: "POST",
      url: "/api/mobile/users/auth/sign-in",
      headers: { "x-app": ctx.appA },
      payload: { token: v.token, userId: v.id },
    });
    expect(again.statusCode).toBe(401);
    expect((await me(v, other)).statusCode).toBe(200);
    const { rows } = await app.database.execute("select name from end_users where id = $1", [v.id]);
    expect(rows[0].name).toBeNull();
  });

  it("end-user tokens open no console call", async () => {
    const v = await testEndUser(app, ctx.appA);
    for (const url of ["/api/accounts/me", "/api/apps", `/api/apps/${ctx.appA}`]) {
      const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${v.token}` } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
