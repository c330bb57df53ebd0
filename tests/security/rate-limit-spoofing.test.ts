import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../server/config.ts";
import { type Ctx, endpoints, matrixContext, type Persona } from "../../server/test-endpoints.ts";
import { newSession, testApp, testUser } from "../../server/test-helpers.ts";

/**
 * Header spoofing against EVERY rate limit. The limited routes are found from the routes themselves: one
 * signed-in request to every API route; an onRequest hook reads `routeOptions.config.rateLimit`, and the
 * limiter's own `x-ratelimit-limit` header covers routes where the hook comes too late (a cross-check
 * against the route sources makes sure the discovery sees them all). Then each limited route gets max + 1
 * requests from one client, each claiming another address in X-Forwarded-For, X-Real-IP, Forwarded,
 * True-Client-IP, CF-Connecting-IP and X-Client-IP: the last one must be refused with 429 and the error
 * envelope. Run with the default setting (no proxy trusted) and behind one trusted proxy (TRUST_PROXY=1),
 * where only the address that proxy saw counts, whatever the client wrote before it.
 */
const routesDir = path.resolve(import.meta.dirname, "../../server/routes");

interface Limit {
  max: unknown;
  timeWindow?: unknown;
}

/** A fresh server with the limited routes found, its matrix fixtures, and the Admin who calls them. */
async function limitedServer(config: Partial<Config>) {
  const app = await testApp({ config });
  const limited = new Map<string, Limit>();
  app.addHook("onRequest", async (req) => {
    const limit = (req.routeOptions.config as { rateLimit?: Limit } | undefined)?.rateLimit;
    if (req.headers["x-discover-limits"] && limit)
      limited.set(`${req.method} ${req.routeOptions.url}`, limit);
  });
  const ctx = await matrixContext(app);
  // Discovery signs in as an Admin of its own, with a fresh session per call (it calls sign-out too): a
  // plugin's own onRequest hooks (authentication) run before the hook above and would stop a stranger.
  const finder = await testUser(app, "Admin");
  for (const [i, route] of app.apiRoutes.entries()) {
    const [method, url] = route.split(" ");
    const res = await app.inject({
      method: method as "GET",
      url: url.replace(/:\w+/g, "x"),
      headers: { "x-discover-limits": "1", authorization: await newSession(app, finder) },
      // Addresses of their own, so discovery takes nothing from the limits tested below.
      remoteAddress: `10.254.${i >> 8}.${i & 255}`,
    });
    // Where the hook runs too late (after a plugin's own hooks), the limiter's own header still tells.
    const header = res.headers["x-ratelimit-limit"];
    if (header !== undefined && !limited.has(route)) limited.set(route, { max: Number(header) });
  }
  return { app, ctx, limited, admin: ctx.personas.find((p) => p.name === "Admin")! };
}

/** Every way a client may claim another address, all different for request `k`. */
function spoofed(k: number): Record<string, string> {
  const ip = (a: number) => `${a}.${(k >> 8) & 255}.${k & 255}.${(k * 7) % 251}`;
  return {
    "x-forwarded-for": `${ip(203)}, ${ip(198)}`,
    "x-real-ip": ip(192),
    forwarded: `for=${ip(100)};proto=https, for="[2001:db8:${k.toString(16)}::1]"`,
    "true-client-ip": ip(172),
    "cf-connecting-ip": ip(11),
    "x-client-ip": ip(12),
  };
}

/** Sends max + 1 requests to one limited route from one client; the statuses and the last answer. */
async function hammer(
  app: FastifyInstance,
  ctx: Ctx,
  admin: Persona,
  route: string,
  max: number,
  client: { remoteAddress: string; via?: string },
) {
  const e = endpoints.find((x) => `${x.method} ${x.route}` === route);
  if (!e) throw new Error(`${route} has no row in server/test-endpoints.ts`);
  const statuses: number[] = [];
  let last: { status: number; body: any } = { status: 0, body: undefined };
  for (let k = 0; k <= max; k++) {
    const req = await e.request(ctx, admin);
    const headers: Record<string, string> = {
      ...(req.auth !== false ? admin.user!.headers : {}),
      ...req.headers,
      ...spoofed(k),
    };
    // Behind a proxy: what the client wrote, then the address the proxy saw.
    if (client.via) headers["x-forwarded-for"] = `${headers["x-forwarded-for"]}, ${client.via}`;
    const res = await app.inject({
      method: e.method,
      url: req.url,
      headers,
      payload: req.payload as string | object | Buffer | undefined,
      remoteAddress: client.remoteAddress,
    });
    statuses.push(res.statusCode);
    let body: any;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    last = { status: res.statusCode, body };
  }
  return { statuses, last };
}

/** Route paths declared in a route source file ("/accounts/sign-in"). */
const declaredPaths = (source: string) =>
  [...source.matchAll(/\bapp\.(?:get|post|put|delete|patch)\s*(?:<[^(]*?>)?\(\s*"([^"]+)"/gs)].map(
    (m) => m[1],
  );

for (const [setting, config, client] of [
  ["no proxy trusted (default)", {}, { remoteAddress: "192.0.2.10" }],
  [
    "behind one trusted proxy (TRUST_PROXY=1)",
    { trustProxy: 1 },
    { remoteAddress: "127.0.0.1", via: "198.51.100.23" },
  ],
] as const) {
  describe(`rate limits against spoofed client addresses: ${setting}`, () => {
    let app: FastifyInstance;
    let ctx: Ctx;
    let limited: Map<string, Limit>;
    let admin: Persona;
    beforeAll(async () => {
      ({ app, ctx, limited, admin } = await limitedServer(config as Partial<Config>));
    }, 120_000);
    afterAll(() => app?.close());

    it("finds the limited routes, and every route source that sets a rateLimit has one among them", () => {
      expect(limited.size).toBeGreaterThanOrEqual(10);
      const found = [...limited.keys()].map((r) => r.split(" ")[1]);
      const missing: string[] = [];
      for (const file of fs
        .readdirSync(routesDir)
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
        const source = fs.readFileSync(path.join(routesDir, file), "utf8");
        if (!/\brateLimit\b/.test(source)) continue;
        const paths = declaredPaths(source).map((p) => `/api${p}`);
        if (!paths.some((p) => found.includes(p))) missing.push(`${file} (${paths.join(", ")})`);
      }
      expect(missing).toEqual([]);
      for (const route of ["POST /api/accounts/sign-in", "POST /api/accounts/sign-up"])
        expect([...limited.keys()]).toContain(route);
    });

    it("refuses request max + 1 on every limited route with 429 and the envelope, whatever address it claims", async () => {
      console.log(
        `rate limits (${setting}): ${[...limited].map(([r, l]) => `${r} max ${String(l.max)}`).join("; ")}`,
      );
      const problems: string[] = [];
      let n = 0;
      for (const [route, limit] of limited) {
        if (typeof limit.max !== "number") {
          problems.push(`${route}: max is not a number (${typeof limit.max}); the test cannot count to it`);
          continue;
        }
        // A client address of its own per route (and per setting), so one route's count never helps another.
        n++;
        const own = client.via
          ? { remoteAddress: client.remoteAddress, via: `198.51.${100 + n}.23` }
          : { remoteAddress: `192.0.2.${10 + n}` };
        const { statuses, last } = await hammer(app, ctx, admin, route, limit.max, own);
        const refused = statuses.slice(0, -1).filter((s) => s === 429).length;
        if (last.status !== 429)
          problems.push(
            `${route} (max ${limit.max}): request ${limit.max + 1} answered ${last.status}: the limit was bypassed by spoofed address headers (statuses ${[...new Set(statuses)].join(", ")})`,
          );
        else if (
          !(typeof last.body?.error?.message === "string" && last.body.error.message) ||
          typeof last.body?.error?.code !== "string"
        )
          problems.push(
            `${route}: 429 without the error envelope: ${JSON.stringify(last.body).slice(0, 200)}`,
          );
        else if (["SendTooSoon", "TooManySends"].includes(last.body.error.code))
          problems.push(`${route}: refused by the per-address code limit, not the route's rate limit`);
        if (refused > 0)
          problems.push(`${route}: ${refused} of the first ${limit.max} requests were refused already`);
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
}
