import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Ctx,
  endpoints,
  expectedStatus,
  matrixContext,
  otherModules,
  seesApp,
  send,
} from "./test-endpoints.ts";
import { testApp } from "./test-helpers.ts";

/**
 * The authorization matrix: every endpoint against anonymous, a signed-in stranger, each app role on another
 * app, each role on this app, an Admin and an Accountant. Each answer must be the documented status
 * (server/PERMISSIONS.md), every error must carry a message, and no answer may show an app's data to someone
 * without access to that app.
 */
let app: FastifyInstance;
let ctx: Ctx;
beforeAll(async () => {
  app = await testApp();
  ctx = await matrixContext(app);
}, 120_000);
afterAll(() => app.close());

describe("authorization matrix", () => {
  it("covers every API route", () => {
    const known = new Set(endpoints.map((e) => `${e.method} ${e.route}`));
    const missing = app.apiRoutes.filter((r) => !known.has(r) && !otherModules.some((m) => m.test(r)));
    expect(missing).toEqual([]);
    expect(app.apiRoutes.length).toBeGreaterThanOrEqual(70);
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.route}`, e] as const))("%s", async (name, e) => {
    if (!app.apiRoutes.includes(name)) return; // a route of another module not registered in this build
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
    }
    expect(problems).toEqual([]);
  });
});
