import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Ctx,
  type Endpoint,
  endpoints,
  matrixContext,
  type Persona,
  type Request,
} from "../../server/test-endpoints.ts";
import {
  accessChanges,
  accessSnapshot,
  fixtureUsers,
  someAddress,
  testApp,
} from "../../server/test-helpers.ts";
import { hostileBody, hostileParam, prng, type Schema } from "./hostile-json.ts";

/**
 * Generated hostile bodies on EVERY write route of the API (POST, PUT, PATCH and DELETE of app.apiRoutes),
 * aimed at each route's own body schema (from the OpenAPI document): wrong types, strings past their limits
 * and huge, NUL and control characters, broken unicode, prototype-polluting keys, deep nesting, huge arrays,
 * numbers at the edges, missing and extra fields, broken JSON, wrong content types, hostile path parameters.
 * Each body goes out anonymously, with a member's token (the app's Owner: the deepest app code) and with an
 * end user's token. Every answer must be below 500, every 4xx an `{ error: { message, code } }` envelope
 * with a message, every answer at most 64 KB (a success that echoes what it stored at most what it was sent:
 * no amplification); afterwards nobody holds a role or type they did not have.
 *
 * SECURITY_SEED=<seed> replays a run; the seed is printed.
 */
const SEED = Number(process.env.SECURITY_SEED ?? 20_270_301);
const BODIES = 2100;
const MAX_ANSWER_BYTES = 64 * 1024;
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

let app: FastifyInstance;
let ctx: Ctx;
let identities: { name: string; persona: Persona }[];
let schemas: Map<string, { body?: Schema; params: string[] }>;

beforeAll(async () => {
  app = await testApp();
  ctx = await matrixContext(app);
  const persona = (name: Persona["name"]) => ctx.personas.find((p) => p.name === name)!;
  identities = [
    { name: "anonymous", persona: persona("anonymous") },
    { name: "member (Owner)", persona: persona("this Owner") },
    { name: "end user", persona: persona("end user") },
  ];
  await app.ready();
  // The OpenAPI document is generated from the route schemas: "/api/apps/{id}" is the route "/api/apps/:id".
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, any>> } }).swagger();
  schemas = new Map();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const route = `${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ":$1")}`;
      schemas.set(route, {
        body: op.requestBody?.content?.["application/json"]?.schema,
        params: (op.parameters ?? []).filter((x: any) => x.in === "path").map((x: any) => x.name),
      });
    }
}, 120_000);
afterAll(() => app?.close());

/** encodeURIComponent, except that a lone surrogate is sent as its raw UTF-8 bytes. */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
};

describe(`hostile bodies on every write route (seed ${SEED}; SECURITY_SEED=${SEED} replays)`, () => {
  it("every write route has a schema entry and a request to start from", () => {
    const writes = app.apiRoutes.filter((r) => WRITE_METHODS.includes(r.split(" ")[0]));
    expect(writes.length).toBeGreaterThanOrEqual(50);
    expect(writes.filter((r) => !schemas.has(r))).toEqual([]);
    expect(writes.filter((r) => !endpoints.some((e) => `${e.method} ${e.route}` === r))).toEqual([]);
  });

  it("answers all of them below 500, with the error envelope, in at most 64 KB; nobody gains a role", async () => {
    console.log(`hostile bodies: seed ${SEED} (SECURITY_SEED=${SEED} replays this run)`);
    const r = prng(SEED);
    const before = await accessSnapshot(app);
    const writes = app.apiRoutes
      .filter((route) => WRITE_METHODS.includes(route.split(" ")[0]))
      .map((route) => endpoints.find((e) => `${e.method} ${e.route}` === route)!);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let bodies = 0;
    let answers = 0;
    const member = identities[1].persona;
    for (let i = 0; bodies < BODIES; i++) {
      const e: Endpoint = writes[i % writes.length];
      const route = `${e.method} ${e.route}`;
      const { body: schema, params } = schemas.get(route)!;
      const base: Request = await e.request(ctx, member);
      const sample =
        base.headers?.["content-type"]?.startsWith("application/json") === false ? undefined : base.payload;
      const h = hostileBody(schema, sample, r);
      // Now and then a path parameter is hostile too.
      const param =
        params.length && r.chance(0.15) ? { name: r.pick(params), value: hostileParam(r) } : undefined;
      bodies++;
      for (const { name, persona } of identities) {
        const req = await e.request(ctx, persona);
        let url = req.url;
        if (param) {
          const at = e.route.split("/").indexOf(`:${param.name}`);
          const [pathPart, query] = url.split("?");
          const parts = pathPart.split("/");
          if (at >= 0) parts[at] = encode(param.value);
          url = parts.join("/") + (query ? `?${query}` : "");
        }
        const own =
          persona.user?.headers ??
          (persona.endUser ? { authorization: `Bearer ${persona.endUser.token}` } : {});
        const headers: Record<string, string> = {
          ...(req.auth !== false && persona.name !== "anonymous" ? own : {}),
          ...Object.fromEntries(Object.entries(req.headers ?? {}).filter(([k]) => k !== "content-type")),
          "content-type": h.contentType,
        };
        if (persona.name === "anonymous") delete headers.authorization;
        const res = await app.inject({
          method: e.method,
          url,
          headers,
          payload: h.text,
          remoteAddress: someAddress(),
        });
        answers++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problems: string[] = [];
        if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
        // At most 64 KB; a success may echo what it stored (a saved app), but never more than it was sent.
        const cap =
          res.statusCode < 300
            ? Math.max(MAX_ANSWER_BYTES, Buffer.byteLength(h.text) + 8192)
            : MAX_ANSWER_BYTES;
        if (res.rawPayload.length > cap) problems.push(`${res.rawPayload.length} bytes (cap ${cap})`);
        if (res.statusCode >= 400) {
          let error: { message?: unknown; code?: unknown } | undefined;
          try {
            error = res.json()?.error;
          } catch {
            /* not JSON */
          }
          if (!(typeof error?.message === "string" && error.message.trim()))
            problems.push("no error message");
          if (!(typeof error?.code === "string" && error.code)) problems.push("no error code");
        }
        if (problems.length)
          failures.push(
            `${route} body #${bodies} as ${name} (${h.strategy}${param ? `, hostile :${param.name}` : ""}, ${h.contentType}): ${problems.join(", ")}: ${res.body.slice(0, 200)} <- ${h.text.slice(0, 120)}`,
          );
      }
    }
    console.log(
      `hostile bodies: ${bodies} bodies, ${answers} answers over ${writes.length} write routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(failures.slice(0, 30)).toEqual([]);
    expect(bodies).toBeGreaterThanOrEqual(2000);
    expect(answers).toBe(bodies * identities.length);

    const changes = accessChanges(before, await accessSnapshot(app), {
      // The Owner may give any role to the fresh members the team rows make, and create apps of their own.
      newRolesMayBe: ["Owner", "Manager", "Service", "Associate"],
      mayCreateApps: [member.user!.id],
      mayChangeEndUsers: [ctx.endUser.id],
      fixtures: fixtureUsers(app),
    });
    expect(changes).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 600_000);
});
