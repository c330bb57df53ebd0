/**
 * Hostile JSON generated from a route's JSON Schema (as the OpenAPI document shows it): for every value the
 * schema describes, values of the wrong type, at and past its limits, with NUL and control characters,
 * broken unicode, prototype-polluting keys, deep nesting and huge arrays; required fields missing and
 * unknown ones added. Everything comes from a seeded PRNG, so one seed replays one run.
 */

import { prng, type Rng } from "../../server/testing/prng.ts";

export { prng, type Rng };

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  if?: Schema;
  then?: Schema;
  else?: Schema;
  [k: string]: unknown;
};

/** Deep nesting kept as a placeholder until serialised (building it as objects would overflow the stack). */
export class Deep {
  constructor(
    readonly depth: number,
    readonly asArray: boolean,
  ) {}
  json(): string {
    return this.asArray
      ? `${"[".repeat(this.depth)}1${"]".repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}1${"}".repeat(this.depth)}`;
  }
}

/** A long run of one value, kept as a placeholder (a 100 000-item array is cheaper as text). */
export class Repeat {
  constructor(
    readonly count: number,
    readonly item: string,
  ) {}
  json(): string {
    return `[${Array(this.count).fill(this.item).join(",")}]`;
  }
}

/** JSON text with the placeholders expanded; own "__proto__" keys are written as keys. */
export function serialise(value: unknown): string {
  const holes: (Deep | Repeat)[] = [];
  const text = JSON.stringify(value ?? null, (_k, v) => {
    if (v instanceof Deep || v instanceof Repeat) {
      holes.push(v);
      return `__hole_${holes.length - 1}__`;
    }
    return v;
  });
  return holes.reduce((t, h, i) => t.replace(`"__hole_${i}__"`, () => h.json()), text);
}

/** Sets an own property, even "__proto__" (plain assignment would change the prototype instead). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Deep) && !(v instanceof Repeat);

/** The schema a value must meet, with allOf and if/then folded in (good enough to aim hostile values). */
export function flatten(s: Schema | undefined): Schema {
  if (!s || typeof s !== "object") return {};
  let out: Schema = { ...s };
  for (const part of [...(s.allOf ?? []), ...(s.then ? [s.then] : [])]) {
    const f = flatten(part);
    out = {
      ...f,
      ...out,
      properties: { ...(f.properties ?? {}), ...(out.properties ?? {}) },
      required: [...new Set([...(out.required ?? []), ...(f.required ?? [])])],
    };
  }
  return out;
}

const typeOf = (s: Schema): string | undefined => {
  const f = flatten(s);
  if (Array.isArray(f.type)) return f.type.find((t) => t !== "null");
  if (f.type) return f.type;
  if (f.properties) return "object";
  if (f.items) return "array";
  if (f.enum?.length) return typeof f.enum[0];
  const alt = f.anyOf ?? f.oneOf;
  return alt?.length ? typeOf(alt[0]) : undefined;
};

/** A plausible valid value for a schema (the base that hostile values are put into). */
export function validFor(schema: Schema, r: Rng, depth = 0): unknown {
  const s = flatten(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return r.pick(s.enum);
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length && !s.type) return validFor(r.pick(alt), r, depth);
  switch (typeOf(s)) {
    case "string": {
      const byFormat: Record<string, () => string> = {
        uuid: () => crypto.randomUUID(),
        email: () => `fuzz-${r.int(1e9)}@example.com`,
        "date-time": () => new Date(Date.UTC(2026, r.int(12), 1 + r.int(28))).toISOString(),
        date: () => `2026-0${1 + r.int(9)}-1${r.int(9)}`,
        uri: () => "https://example.com/a",
        url: () => "https://example.com/a",
      };
      if (s.format && byFormat[s.format]) return byFormat[s.format]();
      const min = Math.max(s.minLength ?? 0, 5);
      const max = Math.min(s.maxLength ?? 40, 40);
      return "Valid text value".padEnd(min, "x").slice(0, Math.max(max, s.minLength ?? 0));
    }
    case "integer":
    case "number": {
      const min = s.minimum ?? 0;
      const max = s.maximum ?? min + 100;
      return Math.max(min, Math.min(max, min + r.int(10)));
    }
    case "boolean":
      return r.chance(0.5);
    case "array": {
      if (depth > 6) return [];
      const item = Array.isArray(s.items) ? s.items[0] : s.items;
      const n = Math.max(s.minItems ?? 0, item ? 1 : 0);
      return Array.from({ length: Math.min(n, 3) }, () => validFor(item ?? {}, r, depth + 1));
    }
    case "object": {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const k of s.required ?? []) setOwn(out, k, validFor(s.properties?.[k] ?? {}, r, depth + 1));
      return out;
    }
    default:
      return "value";
  }
}

export type Path = (string | number)[];

/** Every place in a schema where a value goes (property and first item), up to a depth. */
export function schemaNodes(schema: Schema, path: Path = [], depth = 0): { path: Path; schema: Schema }[] {
  const s = flatten(schema);
  const out = [{ path, schema: s }];
  if (depth > 5) return out;
  for (const [k, sub] of Object.entries(s.properties ?? {}))
    out.push(...schemaNodes(sub, [...path, k], depth + 1));
  const item = Array.isArray(s.items) ? s.items[0] : s.items;
  if (item) out.push(...schemaNodes(item, [...path, 0], depth + 1));
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? [])].slice(0, 3))
    out.push(...schemaNodes(alt, path, depth + 1).slice(1));
  return out;
}

/** A copy with `value` at `path`, creating the objects and arrays on the way (undefined: delete it). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const arr = Array.isArray(root) ? [...root] : [];
    if (value === undefined && rest.length === 0) arr.splice(head, 1);
    else arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj: Record<string, unknown> = {};
  if (isObject(root)) for (const [k, v] of Object.entries(root)) setOwn(obj, k, v);
  if (value === undefined && rest.length === 0) delete obj[head];
  else setOwn(obj, head, setAt(obj[head], rest, value));
  return obj;
}

const CONTROL = `${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("")}\u007f`;
const unicodeEdges = [
  "\u0000",
  "a\u0000b",
  CONTROL,
  "\ud800",
  "\udfff\ud800",
  "\u202eevil\u202c",
  "\u200b\u200c\u200d\ufeff",
  "e\u0301\u0301\u0301\u0301",
  "\uffff\ufffe",
  "💥🚗🍔👩‍👩‍👧‍👦",
  "Ωmega ñandú ßtraße",
  "ＡＤＭＩＮ",
  "\u0130\u0131",
  "𝕒𝕕𝕞𝕚𝕟",
  "\r\nX-Injected: 1",
  "\u2028\u2029",
];
const payloads = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an injection payload, sent as written
  "${jndi:ldap://127.0.0.1/a}",
  "{{7*7}}",
  "%00%0d%0a",
  "admin@example.com",
  "Admin",
  "Owner",
  "null",
  "NaN",
  "-1",
  "1e999",
  "",
  " ",
];

/** A hostile string aimed at a string schema. */
function hostileString(s: Schema, r: Rng): string {
  switch (r.int(8)) {
    case 0:
      return "a".repeat((s.maxLength ?? 255) + 1);
    case 1:
      return r.pick(["A", "é", "💥", "\u0000"]).repeat(r.pick([10_000, 100_000, 400_000]));
    case 2:
      return r.pick(unicodeEdges);
    case 3:
      return `${r.pick(["x", "valid", "2026-01-01", "a@b.co"])}${r.pick(unicodeEdges)}`;
    case 4:
      if (s.enum?.length) {
        const v = String(r.pick(s.enum));
        return r.pick([v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v}\u0000`, `${v}x`]);
      }
      return r.pick(payloads);
    case 5:
      return r.pick(
        {
          uuid: [
            "00000000-0000-0000-0000-000000000000",
            "not-a-uuid",
            "{e3b0c442-98fc-1c14-9afb-f4c8996fb924}",
          ],
          email: ["a@b", "@example.com", "a@@b.co", "a@b.co\u0000", `${"a".repeat(300)}@example.com`],
          "date-time": [
            "2026-02-30T25:61:00Z",
            "0000-00-00T00:00:00Z",
            "9999999-01-01T00:00:00Z",
            "yesterday",
          ],
          date: ["2026-02-30", "20260101", "-0001-01-01"],
        }[s.format ?? ""] ?? payloads,
      );
    case 6:
      return "a".repeat(Math.max(0, (s.minLength ?? 1) - 1));
    default:
      return r.pick(payloads);
  }
}

/** A hostile number aimed at a number schema. */
function hostileNumber(s: Schema, r: Rng): unknown {
  const edges = [
    (s.minimum ?? 0) - 1,
    (s.maximum ?? 2 ** 31) + 1,
    s.minimum ?? 0,
    s.maximum ?? 2 ** 31 - 1,
    -0,
    0.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 1,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ];
  return r.chance(0.8) ? r.pick(edges) : r.pick(["1", "1e999", "0x10", null, true, [1], { n: 1 }]);
}

/** A value of another type than the schema's. */
function wrongType(s: Schema, r: Rng): unknown {
  const t = typeOf(s);
  const all: [string, unknown][] = [
    ["string", "string instead"],
    ["number", 42],
    ["boolean", true],
    ["null", null],
    ["array", ["x"]],
    ["object", { x: 1 }],
  ];
  return r.pick(all.filter(([k]) => k !== t && !(t === "integer" && k === "number")))[1];
}

/** An object whose keys try to reach Object.prototype. */
export function pollution(r: Rng): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const key = r.pick(["__proto__", "constructor", "prototype"]);
  if (key === "constructor") setOwn(o, "constructor", { prototype: { polluted: true, isAdmin: true } });
  else setOwn(o, key, { polluted: true, isAdmin: true, type: "Admin", role: "Owner" });
  return o;
}

/** A hostile value aimed at one schema node. */
export function hostileFor(schema: Schema, r: Rng): unknown {
  const s = flatten(schema);
  const roll = r.int(10);
  if (roll === 0) return wrongType(s, r);
  if (roll === 1) return new Deep(1000 + r.int(20_000), r.chance(0.5));
  switch (typeOf(s)) {
    case "string":
      return hostileString(s, r);
    case "integer":
    case "number":
      return hostileNumber(s, r);
    case "boolean":
      return r.pick(["true", 1, 0, "false", null, []]);
    case "array": {
      const item = Array.isArray(s.items) ? s.items[0] : s.items;
      return r.pick([
        () => Array.from({ length: (s.maxItems ?? 1000) + 1 }, () => validFor(item ?? {}, r)),
        () => new Repeat(r.pick([10_000, 100_000]), r.pick(["0", "null", '"x"', "{}", "[]"])),
        () => [hostileFor(item ?? {}, r)],
        () => [null],
        () => Object.assign([], { length: 0 }),
      ])();
    }
    case "object": {
      const base = validFor(s, r) as Record<string, unknown>;
      return r.pick([
        () => pollution(r),
        () => {
          const o = { ...base };
          setOwn(o, "__proto__", { isAdmin: true });
          return o;
        },
        () => Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
        () => ({
          ...base,
          [r.pick(["role", "type", "isAdmin", "userId", "appId", "$where", "id"])]: "Admin",
        }),
        () => (s.required?.length ? setAt(base, [r.pick(s.required)], undefined) : {}),
        () => ({}),
      ])();
    }
    default:
      return r.pick([null, {}, [], "x", 0, pollution(r), new Deep(5000, false)]);
  }
}

export interface HostileBody {
  strategy: string;
  /** The body as sent. */
  text: string;
  contentType: string;
}

/**
 * One hostile body for a route: `schema` is the route's JSON body schema (undefined when it has none) and
 * `sample` a valid body (what the authorization matrix sends), which hostile values are put into.
 */
export function hostileBody(schema: Schema | undefined, sample: unknown, r: Rng): HostileBody {
  const json = (strategy: string, value: unknown) => ({
    strategy,
    text: serialise(value),
    contentType: "application/json",
  });
  const root: Schema = schema ?? {};
  const base =
    sample !== undefined && !Buffer.isBuffer(sample) && typeof sample !== "string"
      ? sample
      : validFor(root, r);
  const nodes = schemaNodes(root);
  const objects = nodes.filter((n) => typeOf(n.schema) === "object");
  switch (r.int(12)) {
    case 0:
    case 1:
    case 2:
    case 3: {
      const n = r.pick(nodes);
      return json(`hostile value at /${n.path.join("/")}`, setAt(base, n.path, hostileFor(n.schema, r)));
    }
    case 4: {
      const n = r.pick(objects.length ? objects : nodes);
      const req = flatten(n.schema).required ?? [];
      const target = req.length ? [...n.path, r.pick(req)] : n.path;
      return json(`missing /${target.join("/")}`, setAt(base, target, undefined));
    }
    case 5: {
      const n = r.pick(objects.length ? objects : nodes);
      const key = r.pick([
        "__extra",
        "isAdmin",
        "role",
        "type",
        "userId",
        "emailConfirmed",
        "__proto__",
        "constructor",
      ]);
      const value =
        key.startsWith("_") || key === "constructor" ? pollution(r) : r.pick(["Admin", "Owner", true]);
      const at = setAt(base, [...n.path, key], value);
      return json(`extra field ${key} at /${n.path.join("/")}`, at);
    }
    case 6: {
      const n = r.pick(nodes);
      let body = base;
      for (const m of nodes.filter((x) => x.path.length > 0).slice(0, 40))
        if (r.chance(0.5)) body = setAt(body, m.path, hostileFor(m.schema, r));
      return json(`many hostile values from /${n.path.join("/")}`, body);
    }
    case 7:
      return json("whole body hostile", hostileFor(root, r));
    case 8:
      return json("whole body of another type", wrongType(root, r));
    case 9:
      return {
        strategy: "broken JSON",
        text: r.pick([
          "{",
          '{"a":',
          "[1,2",
          "{'a': 1}",
          '{"a":1}}',
          "\u0000",
          '{"a": NaN}',
          '{"a": Infinity}',
          '{"a":1,"a":2}',
          "\ufeff{}",
          '"\\ud800"',
          `{"a":"${"\\u0000".repeat(1000)}"}`,
          "",
        ]),
        contentType: "application/json",
      };
    case 10:
      return {
        strategy: "wrong content type",
        text: serialise(base),
        contentType: r.pick([
          "text/plain",
          "text/csv",
          "application/x-www-form-urlencoded",
          "application/xml",
          "multipart/form-data; boundary=x",
          "application/json; charset=utf-16",
          "application/octet-stream",
        ]),
      };
    default:
      return json("prototype pollution at the top", { ...(isObject(base) ? base : {}), ...pollution(r) });
  }
}

/** A hostile value for a path parameter (sent URL-encoded). */
export function hostileParam(r: Rng): string {
  return r.pick([
    "' OR 1=1 --",
    "../../etc/passwd",
    "\u0000",
    "%00",
    "<script>",
    "1e309",
    "-1",
    "00000000-0000-0000-0000-000000000000",
    "x".repeat(5000),
    "💥",
    "\ud800",
    "__proto__",
    "constructor",
    " ",
  ]);
}
