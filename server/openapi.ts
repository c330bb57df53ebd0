import type { SwaggerOptions } from "@fastify/swagger";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { RouteOptions } from "fastify";
import { App, MobileApp } from "../schemas/index.ts";
import { errors } from "./errors.ts";

/**
 * The OpenAPI document at /api/docs/json: OpenAPI 3.1, whose Schema Object is JSON Schema 2020-12, so the
 * route schemas' keywords (if/then, errorMessage, featureType, numeric exclusiveMinimum) are valid as they are.
 * Route files give tags, summaries, descriptions and response schemas where they have them; `transform` fills
 * what a route leaves out the same way for every route (operationId, summary, description, a response
 * schema, the error responses with their codes), and `transformObject` adds an example to every request and
 * response body from its schema.
 */

const ErrorBody = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["message", "code"],
      properties: {
        message: { type: "string", description: "Readable message, in the spec's words" },
        code: {
          type: "string",
          description: "Stable machine-readable code (see the response's description)",
        },
        details: {
          type: "array",
          description: "Validation errors: the field path (a JSON pointer) and its message",
          items: {
            type: "object",
            properties: { path: { type: "string" }, message: { type: "string" } },
          },
        },
      },
    },
  },
} as const;

/** Every success answer is `{ data: ... }`; routes without their own response schema are documented so. */
const DataEnvelope = {
  type: "object",
  required: ["data"],
  properties: { data: { description: "The answer (see the operation's description)" } },
} as const;

const envelope = (data: unknown, example?: unknown) => ({
  type: "object",
  required: ["data"],
  properties: { data },
  ...(example === undefined ? {} : { examples: [{ data: example }] }),
});

const mobileAppExample = {
  appId: "3f2b8a40-1c9e-4d2a-9a51-7f4e3c2b1a00",
  lang: "en",
  domainType: "Auto",
  makeModelType: "Car",
  definition: { name: "Demo Motors", coupons: [], events: [] },
};
const appExample = {
  ...mobileAppExample,
  slug: "demo-motors",
  version: 3,
  created: "2026-11-23T18:30:00.000Z",
  status: "Active",
  role: "Owner",
};

/** The server answers null for an app's unset optional fields: documented so (top-level properties). */
function nullableOptionals(schema: Record<string, any>) {
  const required = new Set<string>(schema.required ?? []);
  const properties = Object.fromEntries(
    Object.entries<any>(schema.properties ?? {}).map(([k, v]) => [
      k,
      required.has(k) ? v : { anyOf: [v, { type: "null" }] },
    ]),
  );
  return { ...schema, properties };
}

/** Response schemas of routes whose files do not give one yet (documentation only, never serialization). */
const KNOWN_RESPONSES: Record<string, unknown> = {
  "GET /api/mobile/app": envelope(MobileApp, mobileAppExample),
  "GET /api/apps/{id}": envelope(nullableOptionals(App), appExample),
  "PUT /api/apps/{id}": envelope(nullableOptionals(App), appExample),
  "POST /api/apps": envelope(nullableOptionals(App), appExample),
  "GET /api/apps": envelope({ type: "array", items: { type: "object", additionalProperties: true } }),
  "GET /api/health": envelope({ type: "object", additionalProperties: true }),
};

/** Request examples where the generated one would not pass the schema's own rules. */
const KNOWN_REQUESTS: Record<string, unknown> = {
  "POST /api/apps": { definition: { name: "Demo Motors" } },
  "PUT /api/apps/{id}": { version: 3, slug: "demo-motors", definition: { name: "Demo Motors" } },
};

const codesByStatus = new Map<number, string[]>();
for (const [code, { status }] of Object.entries(errors)) {
  codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
}
const STATUS_TEXT: Record<number, string> = {
  400: "The request is invalid (details name the fields)",
  401: "No valid bearer token",
  403: "The caller's role may not do this",
  404: "Not found",
  409: "Conflict with the current state",
  413: "The body is too large",
  415: "Unsupported media type",
  422: "The content cannot be processed",
  429: "Too many requests; try again later",
  500: "Unexpected server error",
  503: "The server is busy or restarting",
};
const errorResponse = (status: number, codes: string[]) => ({
  description: `${STATUS_TEXT[status] ?? "Error"}. Codes: ${codes.join(", ")}.`,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: {
        error: {
          message:
            (errors as Record<string, { message: string }>)[codes.find((c) => c in errors) ?? ""]?.message ??
            STATUS_TEXT[status] ??
            "Error",
          code: codes[0],
        },
      },
    },
  },
});

/** Framework errors every route can give, besides the ones in server/errors.ts. */
const FRAMEWORK_CODES: Record<number, string[]> = {
  400: ["Validation", "InvalidJson", "BadUrl"],
  404: ["NotFound"],
  500: ["Internal"],
};
const codesFor = (status: number) => [
  ...new Set([...(FRAMEWORK_CODES[status] ?? []), ...(codesByStatus.get(status) ?? [])]),
];

const words = (segment: string) =>
  segment
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .toLowerCase();
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (s: string) =>
  s.replace(/[-_ ]+(.)/g, (_m, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, "");

/** "GET /api/apps/{appId}/leads" -> "listAppsLeads"; unique across the document. */
function operationIdOf(method: string, url: string, taken: Set<string>): string {
  const parts = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean);
  const last = parts.at(-1) ?? "";
  const item = last.startsWith(":") || last.startsWith("{");
  const verb =
    method === "GET"
      ? item
        ? "get"
        : "list"
      : method === "POST"
        ? "post"
        : method === "PUT"
          ? "update"
          : method === "PATCH"
            ? "patch"
            : method === "DELETE"
              ? "delete"
              : method.toLowerCase();
  const name = parts
    .map((p) => (p.startsWith(":") || p.startsWith("{") ? `By ${p.replace(/[:{}]/g, "")}` : p))
    .map((p) => capital(camel(p)))
    .join("");
  let id = `${verb}${name}`;
  for (let n = 2; taken.has(id); n++) id = `${verb}${name}${n}`;
  taken.add(id);
  return id;
}

const singular = (w: string) =>
  /ies$/.test(w) ? w.replace(/ies$/, "y") : /[^s]s$/.test(w) ? w.slice(0, -1) : w;

/**
 * A readable summary from the route: "GET /api/apps/{appId}/leads/{leadId}" -> "Get a lead of an app",
 * "POST /api/accounts/sign-in" -> "Sign in", "POST /api/apps/{appId}/offers" -> "Create an offer of an app".
 */
function summaryOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean);
  const param = (p: string) => p.startsWith(":") || p.startsWith("{");
  const last = parts.at(-1) ?? "";
  const item = param(last);
  const statics = parts.filter((p) => !param(p));
  const lastStatic = statics.at(-1) ?? "api";
  const thing = words(lastStatic);
  const article = (w: string) => `${/^([aeio]|un)/.test(w) ? "an" : "a"} ${w}`;
  // The resource the path hangs under: the segment before its last inner parameter ("/apps/{appId}/leads").
  const inner = parts.slice(0, -1).findLastIndex(param);
  const owner =
    inner > 0 && !param(parts[inner - 1]) ? ` of ${article(singular(words(parts[inner - 1])))}` : "";
  // A verb-like last segment names an action ("sign-in", "reset-password", "search").
  const verbs =
    /^(sign|send|reset|change|confirm|unlock|verify|search|redeem|share|subscribe\w*|unsubscribe|test|import|export|forgot|log|check|mark|move|copy|resend|invite|enter|exit|complete)$/;
  const action = verbs.test(lastStatic.split("-")[0]);
  if (action && method !== "GET")
    return `${capital(thing)}${item ? ` (${last.replace(/[:{}]/g, "")})` : ""}${owner}`;
  const one = article(singular(thing));
  const phrase =
    method === "GET"
      ? item
        ? `Get ${one}`
        : `Get ${thing}`
      : method === "POST"
        ? item
          ? `Post to ${one}`
          : /s$/.test(lastStatic)
            ? `Create ${one}`
            : `Post ${thing}`
        : method === "PUT"
          ? `Update ${item ? one : thing}`
          : method === "DELETE"
            ? `Delete ${item ? one : thing}`
            : `${capital(method.toLowerCase())} ${thing}`;
  return `${phrase}${owner}`;
}

const hasHooks = (route: RouteOptions, hook: "onRequest" | "preHandler") => {
  const h = (route as unknown as Record<string, unknown>)[hook];
  return Array.isArray(h) ? h.length > 0 : Boolean(h);
};

type Schema = Record<string, any>;

export function openapiOptions(): SwaggerOptions {
  const taken = new Set<string>();
  return {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Brand Apps API",
        version: "1.0.0",
        description:
          'The console\'s and the widget\'s API. Every answer is `{ "data": ... }`, every error `{ "error": { "message", "code", "details"? } }` (validation errors name the fields in `details[].path`, a JSON pointer). Console calls take a bearer token (`POST /api/accounts/sign-in`); the widget\'s public calls (`/api/mobile/...`) name the app in the `X-App` header and take an end user\'s bearer token where they act for one.',
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        schemas: { Error: ErrorBody as never },
      },
    },
    transform: ({ schema, url, route }) => {
      const method = [route.method].flat().find((m) => m !== "HEAD") ?? "GET";
      const s: Schema = { ...(schema as Schema) };
      // Only the API is documented (pages, the widget's files and the reference itself are not).
      if (!url.startsWith("/api/") || url.startsWith("/api/docs")) s.hide = true;
      if (s.hide) return { schema: s as never, url };
      const openUrl = url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const key = `${method} ${openUrl}`;
      s.operationId ??= operationIdOf(method, url, taken);
      s.summary ??= summaryOf(method, url);
      const secured = Boolean(s.security?.length) || hasHooks(route, "onRequest");
      s.description ??= `${s.summary}. ${secured ? "Needs a bearer token; the caller's role on the app decides (see PERMISSIONS.md)." : "Public."}`;
      if (!s.tags?.length) {
        const first = url.replace(/^\/api\//, "").split("/")[0] ?? "api";
        s.tags = [capital(words(first))];
      }
      if (s.body && KNOWN_REQUESTS[key]) s.body = { ...s.body, examples: [KNOWN_REQUESTS[key]] };
      const response: Schema = { ...(s.response ?? {}) };
      const success = Object.keys(response).find((c) => /^2/.test(c));
      if (!success) response[200] = { description: "Success", ...(KNOWN_RESPONSES[key] ?? DataEnvelope) };
      else if (KNOWN_RESPONSES[key] && !response[success].properties)
        response[success] = { description: "Success", ...KNOWN_RESPONSES[key] };
      const statuses = new Set<number>([400, 500]);
      if (secured) {
        statuses.add(401);
        statuses.add(403);
      }
      if (/[:{]/.test(url) || url.startsWith("/api/mobile/")) statuses.add(404);
      if (method !== "GET" && method !== "DELETE") statuses.add(409);
      const config = (route.config ?? {}) as { rateLimit?: unknown };
      if (config.rateLimit || url.startsWith("/api/mobile/") || url.startsWith("/api/accounts/"))
        statuses.add(429);
      for (const status of statuses)
        if (!response[status])
          response[status] = { description: "error", ...ErrorBody, "x-codes": codesFor(status) };
      s.response = response;
      return { schema: s as never, url };
    },
    transformObject: (documentObject) => {
      const doc = (
        "openapiObject" in documentObject ? documentObject.openapiObject : documentObject.swaggerObject
      ) as Schema;
      finishDocument(doc);
      return doc as never;
    },
  };
}

/** Error responses by reference with their codes, tag list, and examples for every body. */
function finishDocument(doc: Schema) {
  const tags = new Set<string>();
  for (const [, item] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!["get", "put", "post", "delete", "patch", "options", "head"].includes(method)) continue;
      for (const t of op.tags ?? []) tags.add(t);
      for (const [status, res] of Object.entries<Schema>(op.responses ?? {})) {
        const schema = res.content?.["application/json"]?.schema;
        if (schema?.["x-codes"]) {
          op.responses[status] = errorResponse(Number(status), schema["x-codes"]);
          continue;
        }
        if (res.description === "Default Response") res.description = /^2/.test(status) ? "Success" : "Error";
        for (const media of Object.values<Schema>(res.content ?? {})) addExample(media, doc);
      }
      for (const media of Object.values<Schema>(op.requestBody?.content ?? {})) addExample(media, doc);
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name, description: `Operations on ${name.toLowerCase()}` }));
}

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);
// Linters check examples with patterns compiled without the u flag; an example must pass both ways.
const ajvPlain = new Ajv2020({
  strict: false,
  allErrors: false,
  validateFormats: true,
  unicodeRegExp: false,
});
addFormats.default(ajvPlain);

/** An example generated from the schema, kept only when the schema accepts it (so examples never lie). */
function addExample(media: Schema, doc: Schema) {
  if (!media.schema || media.example !== undefined) return;
  const schema = JSON.parse(
    JSON.stringify(media.schema, (k, v) => (k === "$id" || k === "$ref" ? undefined : v)),
  );
  const valid = (value: unknown) => {
    try {
      return ajv.validate(schema, value) && ajvPlain.validate(schema, value);
    } catch {
      return false; // a schema ajv cannot compile gets no example
    }
  };
  // With the optional properties first, else with the required ones only.
  for (const requiredOnly of [false, true]) {
    const example = exampleOf(media.schema, doc, 0, "", requiredOnly);
    if (valid(example)) {
      media.example = example;
      return;
    }
  }
}

/** A value that satisfies the schema as far as simple keywords go (the first example, default, const or enum wins). */
export function exampleOf(schema: unknown, doc: Schema, depth = 0, name = "", requiredOnly = false): unknown {
  if (!schema || typeof schema !== "object" || depth > 12) return null;
  const s = schema as Schema;
  if (s.$ref && typeof s.$ref === "string" && s.$ref.startsWith("#/")) {
    const target = s.$ref
      .slice(2)
      .split("/")
      .reduce<any>((o, k) => o?.[k], doc);
    return exampleOf(target, doc, depth + 1, name, requiredOnly);
  }
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  for (const k of ["anyOf", "oneOf"])
    if (Array.isArray(s[k]) && s[k].length) return exampleOf(s[k][0], doc, depth + 1, name, requiredOnly);
  if (Array.isArray(s.allOf) && s.allOf.length)
    return Object.assign(
      {},
      ...s.allOf.map((x: unknown) => exampleOf(x, doc, depth + 1, name, requiredOnly)),
    );
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type ?? (s.properties ? "object" : undefined)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries<unknown>(s.properties ?? {}))
        if ((s.required ?? []).includes(k) || (!requiredOnly && depth < 2))
          out[k] = exampleOf(v, doc, depth + 1, k, requiredOnly);
      return out;
    }
    case "array": {
      const n = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: Math.min(n, 3) }, () =>
        exampleOf(s.items, doc, depth + 1, name, requiredOnly),
      );
    }
    case "string":
      return stringExample(s, name);
    case "integer":
    case "number": {
      const min =
        typeof s.minimum === "number"
          ? s.minimum
          : typeof s.exclusiveMinimum === "number"
            ? s.exclusiveMinimum + 1
            : 1;
      return typeof s.maximum === "number" ? Math.min(min, s.maximum) : min;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}

function stringExample(s: Schema, name: string): string {
  const n = name.toLowerCase();
  if (!s.format && !s.pattern?.includes("^[0-9]")) {
    if (n.includes("email")) return "dealer@example.com";
    if (n.includes("phone")) return "+15551234567";
    if (n.includes("color")) return "#1f6feb";
    if (n === "url" || n.endsWith("url") || n === "website") return "https://example.com/";
    if (n === "id" || n.endsWith("id")) return "3f2b8a40-1c9e-4d2a-9a51-7f4e3c2b1a00";
    if (n.includes("password")) return "correct horse battery";
  }
  switch (s.format) {
    case "date-time":
      return "2026-11-23T18:30:00.000Z";
    case "date":
      return "2026-11-23";
    case "email":
      return "dealer@example.com";
    case "uri":
    case "url":
      return "https://example.com/";
    case "uuid":
      return "3f2b8a40-1c9e-4d2a-9a51-7f4e3c2b1a00";
    default: {
      const min = s.minLength ?? 0;
      const base = "example";
      const value = base.length >= min ? base : base.padEnd(min, "x");
      return s.maxLength !== undefined ? value.slice(0, Math.max(min, s.maxLength)) : value;
    }
  }
}
