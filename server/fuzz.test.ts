import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Ctx,
  endpoints,
  expectedStatus,
  matrixContext,
  type Persona,
  type Request,
  send,
} from "./test-endpoints.ts";
import { type AccessSnapshot, accessChanges, accessSnapshot, fixtureUsers, testApp } from "./test-helpers.ts";
import { prng, type Rng } from "./testing/prng.ts";

/**
 * Hostile bodies against every write endpoint: wrong types, huge strings, SQL and HTML payloads, unknown and
 * prototype-polluting fields, deep nesting, broken JSON and wrong content types. The server must never
 * answer 5xx, and every 4xx must carry a message. The bodies go out with an Admin's token (reaching the
 * deepest code), then with a low-role member's (an Associate of the app) and an end user's, who must never
 * get a 2xx from a call they may not make, whatever the body. Afterwards every user, role, app ownership
 * and end-user profile must be exactly as before, but for what the allowed calls made. Bodies come from a
 * seeded generator: a failure names its seed and index, and FUZZ_SEED=<seed> replays the same run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_401);
/** Bodies in all with the Admin's token: spread evenly over the write endpoints present. */
const TOTAL = 2100;
/** Bodies each with the Associate's and the end user's tokens. */
const LOW_ROLE_TOTAL = 1050;

const hostileStrings = [
  "",
  " ",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "1; SELECT pg_sleep(5)",
  "\\x00\\x27",
  "$1",
  "%_%",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, sent as written
  "{{7*7}}${7*7}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style payload, sent as written
  "${jndi:ldap://127.0.0.1/a}",
  "../../../../etc/passwd",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\u202eevil",
  "💥🚗🍔",
  "Ωmega ñandú",
  "\r\nX-Injected: 1",
  "null",
  "NaN",
  "-1",
  "1e309",
  "admin@example.com",
  "00000000-0000-4000-8000-000000000000",
];

function hostileString(r: Rng): string {
  const roll = r.int(10);
  if (roll === 0) return "A".repeat(100_000);
  if (roll === 1) return r.pick(hostileStrings).repeat(1 + r.int(2000));
  return r.pick(hostileStrings);
}

/** Deep nesting, kept as a placeholder until serialised: building it as objects would overflow the test's stack. */
class Deep {
  constructor(
    readonly depth: number,
    readonly asArray: boolean,
  ) {}
  json(): string {
    return this.asArray
      ? `${"[".repeat(this.depth)}"bottom"${"]".repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}"bottom"${"}".repeat(this.depth)}`;
  }
}
const deep = (depth: number, asArray: boolean) => new Deep(depth, asArray);

/** JSON text of a body, with Deep placeholders expanded. */
function serialise(payload: unknown): string {
  const deeps: Deep[] = [];
  const text = JSON.stringify(payload ?? null, (_k, v) => {
    if (v instanceof Deep) {
      deeps.push(v);
      return `__deep_${deeps.length - 1}__`;
    }
    return v;
  });
  return deeps.reduce((t, d, i) => t.replace(`"__deep_${i}__"`, d.json()), text);
}

function hostileValue(r: Rng): unknown {
  switch (r.int(12)) {
    case 0:
      return r.pick([0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, 2147483648, -0]);
    case 1:
      return r.pick([true, false]);
    case 2:
      return null;
    case 3:
      return [];
    case 4:
      return {};
    case 5:
      return deep(50 + r.int(3000), r.next() < 0.5);
    case 6:
      return Array.from({ length: 1 + r.int(20000) }, (_, i) => i);
    case 7:
      return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}');
    case 8:
      return [hostileString(r), hostileString(r)];
    default:
      return hostileString(r);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Every path to a value inside a sample body. */
function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(v)) for (const [i, x] of v.entries()) out.push(...paths(x, [...prefix, i]));
  else if (isObject(v) && !(v instanceof Deep))
    for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  return out;
}

/** A copy that keeps Deep placeholders and own "__proto__" keys as they are. */
function clone(v: unknown): unknown {
  if (v instanceof Deep) return v;
  if (Array.isArray(v)) return v.map(clone);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]));
  return v;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as any;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at?.[key];
  if (typeof at !== "object" || at === null || at instanceof Deep) return copy;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(at)) at.splice(last as number, 1);
    else delete at[last];
  } else at[last] = value;
  return copy;
}

interface Hostile {
  strategy: string;
  payload: unknown;
  contentType?: string;
}

/** One hostile variant of a valid body. */
function hostileBody(r: Rng, sample: unknown, csv: boolean): Hostile {
  const all = paths(sample);
  if (csv && r.next() < 0.6) {
    const cell = () => hostileString(r).slice(0, 2000).replaceAll(String.fromCharCode(0), "");
    const rows = Array.from({ length: 1 + r.int(30) }, () =>
      Array.from({ length: r.int(8) }, () => (r.next() < 0.3 ? `"${cell()}` : cell())).join(","),
    );
    return {
      strategy: "csv garbage",
      payload: [r.pick(["make,model", "type,make,model,engineType", "", "\uFEFF"]), ...rows].join(
        r.pick(["\n", "\r\n", "\r"]),
      ),
      contentType: "text/csv",
    };
  }
  // Some bodies are valid, as is or with privilege fields added: what an allowed call does must show in the
  // snapshot checks (a sign-up that makes an Admin), and no body may grant itself a role or a user type.
  if (!csv && r.next() < 0.1)
    return r.next() < 0.5 || !isObject(sample)
      ? { strategy: "valid body (control)", payload: sample }
      : {
          strategy: "privilege fields",
          payload: { ...sample, type: "Admin", role: "Owner", isAdmin: true, emailConfirmed: true },
        };
  switch (r.int(9)) {
    case 0:
      return { strategy: "one field hostile", payload: setAt(sample, r.pick(all), hostileValue(r)) };
    case 1: {
      const fields = all.filter((p) => p.length > 0);
      return {
        strategy: "field removed",
        payload: fields.length ? setAt(sample, r.pick(fields), undefined, true) : {},
      };
    }
    case 2: {
      const extra = r.pick([
        "__extra",
        "$where",
        "'; DROP TABLE apps; --",
        "<b>x</b>",
        "constructor",
        "role",
        "type",
        "isAdmin",
      ]);
      return {
        strategy: "unknown field",
        payload: isObject(sample) ? { ...sample, [extra]: hostileValue(r) } : [sample, { [extra]: 1 }],
      };
    }
    case 3:
      return { strategy: "not the body's type", payload: hostileValue(r) };
    case 4: {
      let body = sample;
      // Deepest first, so a parent replaced later does not strand its children's paths.
      for (const p of all.filter((x) => x.length > 0).sort((a, b) => b.length - a.length))
        body = setAt(body, p, hostileValue(r));
      return { strategy: "every field hostile", payload: body };
    }
    case 5:
      return {
        strategy: "broken JSON",
        payload: r.pick(["{", '{"a":', "[1,2", "{'single': 1}", '{"a":1}}', "\u0000", "nul", '{"a": NaN}']),
        contentType: "application/json",
      };
    case 6:
      return {
        strategy: "wrong content type",
        payload: JSON.stringify(sample),
        contentType: r.pick([
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/xml",
          "image/png",
          "multipart/form-data",
        ]),
      };
    case 7:
      return {
        strategy: "prototype pollution",
        payload: '{"__proto__":{"isAdmin":true},"a":1}',
        contentType: "application/json",
      };
    default:
      return {
        strategy: "deeply nested",
        payload: isObject(sample)
          ? { ...sample, value: deep(2000 + r.int(8000), r.next() < 0.5) }
          : deep(5000, true),
      };
  }
}

let app: FastifyInstance;
let ctx: Ctx;
let admin: Persona;
let associate: Persona;
let endUser: Persona;
/** Who held what before any hostile body. */
let initial: AccessSnapshot;
beforeAll(async () => {
  app = await testApp();
  ctx = await matrixContext(app);
  const persona = (name: Persona["name"]) => ctx.personas.find((p) => p.name === name)!;
  admin = persona("Admin");
  associate = persona("this Associate");
  endUser = persona("end user");
  initial = await accessSnapshot(app);
}, 120_000);
afterAll(() => app.close());

/**
 * Sends `total` hostile bodies spread over the write endpoints as `persona`, from one generator stream.
 * Returns the answers that broke a rule: a 5xx, a 4xx without a message, or a 2xx to a persona the
 * documented table refuses.
 */
async function fuzz(r: Rng, persona: Persona, total: number) {
  const writes = endpoints.filter((e) => e.write && app.apiRoutes.includes(`${e.method} ${e.route}`));
  const failures: string[] = [];
  let sent = 0;
  const perEndpoint = Math.ceil(total / writes.length);
  for (const e of writes) {
    const refused = expectedStatus(e.access, persona) >= 400;
    for (let i = 0; i < perEndpoint; i++) {
      const base: Request = await e.request(ctx, persona);
      const csv = base.headers?.["content-type"] === "text/csv";
      const sample = csv || Buffer.isBuffer(base.payload) ? { file: "x" } : (base.payload ?? {});
      const h = hostileBody(r, sample, csv);
      const contentType = h.contentType ?? "application/json";
      const payload = typeof h.payload === "string" ? h.payload : serialise(h.payload);
      const res = await send(ctx, e, persona, {
        ...base,
        payload,
        headers: { ...base.headers, "content-type": contentType },
      });
      sent++;
      const bad =
        res.status >= 500 ||
        (res.status >= 400 &&
          !(typeof res.body?.error?.message === "string" && res.body.error.message.length > 0)) ||
        (refused && res.status < 400);
      if (bad)
        failures.push(
          `${persona.name}: ${e.method} ${e.route} #${i} (${h.strategy}, ${contentType}): ${res.status} ${res.text.slice(0, 160)} <- ${payload.slice(0, 160)}`,
        );
    }
  }
  return { failures, sent };
}

describe(`fuzzing the write endpoints (seed ${SEED})`, () => {
  it("answers every hostile body with a 4xx and a message, or a success; never 5xx", async () => {
    const { failures, sent } = await fuzz(prng(SEED), admin, TOTAL);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2000);
  }, 600_000);

  it.each([
    ["an Associate of the app", () => associate, 1],
    ["an end user", () => endUser, 2],
  ] as const)(
    "gives %s no call it may not make, whatever the body, and no role or profile of anyone else",
    async (_, who, stream) => {
      const persona = who();
      const before = await accessSnapshot(app);
      const { failures, sent } = await fuzz(prng(SEED + stream), persona, LOW_ROLE_TOTAL);
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(1000);
      const changes = accessChanges(before, await accessSnapshot(app), {
        // Builders add fresh Associates to the app for the team rows; nobody here may change them.
        newRolesMayBe: ["Associate"],
        mayCreateApps: persona.user ? [persona.user.id] : [],
        mayChangeEndUsers: persona.endUser ? [persona.endUser.id] : [],
        fixtures: fixtureUsers(app),
      });
      expect(changes).toEqual([]);
    },
    600_000,
  );

  it("answers hostile path parameters with 4xx and a message", async () => {
    const ids = [
      "' OR 1=1 --",
      "..%2F..%2Fetc%2Fpasswd",
      "%00",
      "<script>",
      "1e309",
      "00000000-0000-4000-8000-000000000000",
      "x".repeat(90),
    ];
    const failures: string[] = [];
    for (const id of ids)
      for (const url of [
        `/api/apps/${id}`,
        `/api/apps/${id}/settings/k`,
        `/api/accounts/app/${id}/managers`,
        `/api/admin/apps/${id}`,
        `/api/admin/multiapps/${id}`,
        `/api/admin/make-models/${id}`,
        `/api/accounts/confirm-email/${id}`,
        `/api/icons/${id}`,
        `/api/icon-files/${id}`,
        `/api/images/${id}`,
        `/api/mobile/cars/makes/${id}/models`,
        `/api/mobile/users/${id}`,
      ]) {
        const res = await app.inject({ method: "GET", url, headers: admin.user!.headers });
        const body = res.statusCode < 400 ? null : res.json();
        if (res.statusCode >= 500 || (res.statusCode >= 400 && !body?.error?.message))
          failures.push(`${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    expect(failures).toEqual([]);
  });

  it("leaves every user, role, app ownership and end user as it was, but for what allowed calls made", async () => {
    const owner = ctx.personas.find((p) => p.name === "this Owner")!;
    const res = await app.inject({
      method: "GET",
      url: `/api/apps/${ctx.appA}`,
      headers: owner.user!.headers,
    });
    expect(res.statusCode).toBe(200);
    const after = await accessSnapshot(app);
    const changes = accessChanges(initial, after, {
      // The Admin may give the fresh members the team rows make any role.
      newRolesMayBe: ["Owner", "Manager", "Service", "Associate"],
      mayCreateApps: [admin.user!.id, associate.user!.id],
      mayChangeEndUsers: [endUser.endUser!.id],
      // The change-password row signs a stand-in of the caller's type (an Admin's for the Admin) in.
      fixtures: fixtureUsers(app),
    });
    expect(changes).toEqual([]);
    const admins = (s: AccessSnapshot) =>
      [...s.users.entries()].filter(
        ([id, u]) => JSON.parse(u).type === "Admin" && !fixtureUsers(app).has(id),
      );
    expect(admins(after)).toEqual(admins(initial));
    // Both apps still have exactly the Owners they started with.
    const owners = (s: AccessSnapshot, appId: string) =>
      [...s.roles.values()].map((r) => JSON.parse(r)).filter((r) => r.app_id === appId && r.role === "Owner");
    for (const appId of [ctx.appA, ctx.appB]) expect(owners(after, appId)).toEqual(owners(initial, appId));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
