import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isFeatureType } from "../schemas/features/registry.ts";
import { buildApp } from "./app.ts";
import { parseFeaturePackages } from "./config.ts";
import type { Database } from "./db/connect.ts";
import { demoDefinition } from "./db/seed.ts";
import { call, signedIn, testDatabase, testUser } from "./test-helpers.ts";

/**
 * Partner feature packages (issue 20): FEATURE_PACKAGES loads the example package (packages/trade-in-value)
 * into the feature registry, so PUT /apps validates its features and the OpenAPI document describes it;
 * broken packages are logged with the reason while the server starts anyway; the package's files are
 * served under a versioned URL; and once the package is gone, saved features of its type keep their data.
 */

const FEATURE = {
  id: "0b7d3c52-8a1e-4f4a-9a3e-6f0c1d2e3f40",
  type: "TradeInValue",
  title: "Trade-In",
  provider: "Kelley Blue Book",
  link: "https://www.kbb.com/instant-cash-offer/",
  baseValue: 32000,
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "feature-packages-"));
/** A package folder with the given package.json and files. */
function packageFolder(name: string, manifest: object, files: Record<string, string>): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, "locales"), { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest));
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}
const brandApps = { feature: "./feature.js", screen: "./screen.js" };
const screen = "export function mount(root) { root.textContent = 'hi'; }";
// Its schema says another type than the module: the registry refuses it.
const mismatched = packageFolder(
  "mismatched",
  { name: "mismatched", version: "1.0.0", brandApps },
  {
    "feature.js": `export default ({ defineFeature }) => ({ ...defineFeature({ type: "Other", label: "Other",
      pageName: "other", analyticsPage: "home", properties: {}, defaults: () => ({ title: "Other" }) }), type: "Mismatched" });`,
    "screen.js": screen,
  },
);
const noManifest = packageFolder("no-manifest", { name: "no-manifest", version: "1.0.0" }, {});
// Takes the page name of a built-in type.
const pageClash = packageFolder(
  "page-clash",
  { name: "page-clash", version: "2.0.0", brandApps },
  {
    "feature.js": `export default ({ defineFeature }) => defineFeature({ type: "Clash", label: "Clash",
      pageName: "coupons", analyticsPage: "home", properties: {}, defaults: () => ({ title: "Clash" }) });`,
    "screen.js": screen,
  },
);

const specs = ["trade-in-value", mismatched, noManifest, "no-such-package", pageClash];

let database: Database;
let app: FastifyInstance;
let logs = "";
let owner: { authorization: string };
let appId: string;
let slug: string;
let version: number;

/** The server as `npm start` builds it, its log kept, over a database that outlives it (a restart). */
async function start(featurePackages: string[]): Promise<FastifyInstance> {
  logs = "";
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs += chunk;
      done();
    },
  });
  return buildApp({
    database,
    config: { dataDir: tmp, distDir: path.join(tmp, "no-dist"), featurePackages },
    logger: { level: "info", stream },
    jobs: "inline",
  });
}

beforeAll(async () => {
  database = await testDatabase();
  const close = database.close;
  // The database outlives the server, so a second server (without the package) reads the same apps.
  database = { ...database, close: async () => {} };
  afterAll(() => close());
  app = await start(specs);
  owner = await signedIn(app);
  const created = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: owner,
    payload: { definition: demoDefinition() },
  });
  ({ appId, slug, version } = created.body.data);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The server's log lines (pino's JSON). */
const messages = (): { level: number; msg: string; package?: string }[] =>
  logs
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

async function save(features: unknown[]) {
  const res = await call(app, {
    method: "PUT",
    url: `/api/apps/${appId}`,
    headers: owner,
    payload: { version, slug, definition: { name: "Partner Motors", features } },
  });
  if (res.status === 200) version = res.body.data.version;
  return res;
}

describe("FEATURE_PACKAGES", () => {
  it("is a comma list of names or paths, blanks and repeats dropped", () => {
    expect(parseFeaturePackages(" trade-in-value, ./packages/x ,,trade-in-value")).toEqual([
      "trade-in-value",
      "./packages/x",
    ]);
    expect(parseFeaturePackages(undefined)).toEqual([]);
  });

  it("registers the example package's type from the configuration", async () => {
    expect(app.featurePackages.loaded.map((p) => [p.name, p.version, p.module.type])).toEqual([
      ["trade-in-value", "1.0.0", "TradeInValue"],
    ]);
    expect(isFeatureType("TradeInValue")).toBe(true);
    expect(messages().map((l) => l.msg)).toContain(
      "Feature package trade-in-value@1.0.0 loaded: feature type TradeInValue",
    );
  });

  it("reports each broken package with its name and reason, and the server still starts", async () => {
    const reasons = {
      [mismatched]: `Feature type "Mismatched": its schema's type must be the literal "Mismatched"`,
      [noManifest]: 'its package.json has no "brandApps" section (feature, screen, locales)',
      "no-such-package": `not installed (looked in node_modules and in ${path.join(process.cwd(), "packages")})`,
      [pageClash]: 'Page name "coupons" is already used by Coupons',
    };
    expect(app.featurePackages.failed).toEqual(
      Object.entries(reasons).map(([spec, reason]) => ({ spec, reason })),
    );
    const errors = messages().filter((l) => l.level === 50);
    expect(errors.map((l) => [l.package, l.msg])).toEqual(
      Object.entries(reasons).map(([spec, reason]) => [
        spec,
        `Feature package "${spec}" was not loaded: ${reason}`,
      ]),
    );
    expect(isFeatureType("Mismatched") || isFeatureType("Clash")).toBe(false);
    expect((await call(app, { url: "/api/health" })).status).toBe(200);
  });
});

describe("the partner type on the server", () => {
  it("is validated by PUT /apps/{id} with the product's messages", async () => {
    const bad = await save([{ ...FEATURE, provider: "K", link: "kbb", baseValue: 10 }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      { path: "/definition/features/0/provider", message: "value should be minimum 2 characters" },
      { path: "/definition/features/0/link", message: "incorrect url" },
      { path: "/definition/features/0/baseValue", message: expect.stringContaining("1000") },
    ]);
    const missing = await save([{ ...FEATURE, baseValue: undefined }]);
    expect(missing.body.error.details).toEqual([
      { path: "/definition/features/0/baseValue", message: expect.any(String) },
    ]);
    const ok = await save([FEATURE]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.definition.features).toEqual([FEATURE]);
  });

  it("is described by the OpenAPI document, with the routes that list and check it", async () => {
    const doc = (await call(app, { url: "/api/docs/json" })).body;
    const check = doc.paths["/api/feature-types/TradeInValue/check"].post;
    expect(check.operationId).toBe("checkTradeInValueFeature");
    const body = check.requestBody.content["application/json"].schema;
    expect(JSON.stringify(body.properties.type)).toContain('"TradeInValue"');
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(["provider", "link", "baseValue", "disclaimer"]),
    );
    expect(body.required).toEqual(expect.arrayContaining(["provider", "link", "baseValue"]));
    expect(doc.paths["/api/feature-packages"].get.operationId).toBe("listPartnerFeatureTypes");
    expect(doc.paths["/api/mobile/partner-screens"].get.operationId).toBe("listPartnerScreens");
    expect(doc.paths["/api/admin/feature-packages"].get.operationId).toBe("listAdminFeaturePackages");

    const checked = await call(app, {
      method: "POST",
      url: "/api/feature-types/TradeInValue/check",
      headers: owner,
      payload: { ...FEATURE, provider: "" },
    });
    expect(checked.status).toBe(400);
    expect(checked.body.error.details).toEqual([{ path: "/provider", message: "value can't be empty" }]);
  }, 120_000); // the document is built on first request: long on a busy machine

  it("lists the type for the builder with its schema, and its screen for the widget", async () => {
    const types = await call(app, { url: "/api/feature-packages", headers: owner });
    expect(types.status).toBe(200);
    const [type] = types.body.data.types;
    expect(type).toMatchObject({
      type: "TradeInValue",
      package: "trade-in-value",
      version: "1.0.0",
      label: "Trade-in value",
      pageName: "trade-in-value",
      analyticsPage: "Form",
      screen: "/partner/trade-in-value@1.0.0/screen.js",
      locales: {
        en: "/partner/trade-in-value@1.0.0/locales/en.json",
        es: "/partner/trade-in-value@1.0.0/locales/es.json",
      },
      defaults: { title: "Trade-In", provider: "", link: "", baseValue: 30000 },
      uiSchema: { disclaimer: { "ui:widget": "textarea" } },
    });
    expect(type.schema.properties.baseValue).toMatchObject({ type: "integer", minimum: 1000 });
    expect((await call(app, { url: "/api/feature-packages" })).status).toBe(401);

    const screens = await call(app, { url: "/api/mobile/partner-screens" });
    expect(screens.body.data).toEqual([
      {
        type: "TradeInValue",
        package: "trade-in-value",
        version: "1.0.0",
        analyticsPage: "Form",
        screen: "/partner/trade-in-value@1.0.0/screen.js",
        locales: type.locales,
      },
    ]);
  });

  it("serves the screen module and strings under the versioned path, cached for a year, to any origin", async () => {
    const module = await app.inject({ url: "/partner/trade-in-value@1.0.0/screen.js" });
    expect(module.statusCode).toBe(200);
    expect(module.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(module.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(module.headers["access-control-allow-origin"]).toBe("*");
    expect(module.body).toBe(fs.readFileSync("packages/trade-in-value/screen.js", "utf8"));
    // The pages' policy is unchanged: scripts from this origin only, no eval.
    expect(module.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(module.headers["content-security-policy"]).not.toContain("unsafe-eval");
    const es = await app.inject({ url: "/partner/trade-in-value@1.0.0/locales/es.json" });
    expect(es.json().estimate).toBe("Obtener mi estimación");
    for (const url of [
      "/partner/trade-in-value@0.9.0/screen.js",
      "/partner/trade-in-value@1.0.0/feature.js",
      "/partner/trade-in-value@1.0.0/package.json",
      "/partner/trade-in-value@1.0.0/../../server/config.ts",
    ])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });

  it("serves the sandboxed frame a partner screen runs in with its own strict policy, and its bootstrap", async () => {
    const frame = await app.inject({ url: "/partner/trade-in-value@1.0.0/frame.html" });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(frame.headers["x-content-type-options"]).toBe("nosniff");
    expect(frame.headers["cache-control"]).toBe("public, max-age=300");
    // Nothing but this origin's scripts and styles, no connection at all; any dealer's page may frame it.
    expect(frame.headers["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors *",
    );
    expect(frame.headers["x-frame-options"]).toBeUndefined();
    expect(frame.body).toBe(fs.readFileSync("server/partner-frame/frame.html", "utf8"));
    // No inline script: the bootstrap is a file of this origin.
    expect(frame.body).toContain('<script type="module" src="/partner/frame.js"></script>');
    expect(frame.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const bootstrap = await app.inject({ url: "/partner/frame.js" });
    expect(bootstrap.statusCode).toBe(200);
    expect(bootstrap.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(bootstrap.headers["x-content-type-options"]).toBe("nosniff");
    expect(bootstrap.headers["cache-control"]).toBe("public, max-age=300");
    // The frame's origin is opaque ("null"): its module requests are CORS requests.
    expect(bootstrap.headers["access-control-allow-origin"]).toBe("*");
    expect(bootstrap.body).toBe(fs.readFileSync("server/partner-frame/frame.js", "utf8"));

    const css = await app.inject({ url: "/partner/frame.css" });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.headers["x-content-type-options"]).toBe("nosniff");
    expect(css.body).toContain(".ba-root .ba-form{");

    // Only a loaded package's version has a frame.
    for (const url of ["/partner/trade-in-value@0.9.0/frame.html", "/partner/other@1.0.0/frame.html"])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });

  it("lists the packages in the admin console with the apps using them; admins only", async () => {
    const admin = await testUser(app, "Admin");
    const list = await call(app, { url: "/api/admin/feature-packages", headers: admin.headers });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual({
      package: "trade-in-value",
      version: "1.0.0",
      type: "TradeInValue",
      label: "Trade-in value",
      status: "loaded",
      apps: [{ appId, name: "Partner Motors" }],
    });
    expect(list.body.data.slice(1)).toEqual(
      app.featurePackages.failed.map((f) => ({
        package: f.spec,
        status: "failed",
        error: f.reason,
        apps: [],
      })),
    );
    const user = await call(app, { url: "/api/admin/feature-packages", headers: owner });
    expect(user.status).toBe(403);
    expect(user.body.error.code).toBe("AdminOnly");
  });
});

describe("without the package", () => {
  it("keeps the saved features of its type, refuses new unknown types, and forgets the type", async () => {
    await app.close();
    app = await start([]);
    expect(isFeatureType("TradeInValue")).toBe(false);
    expect(messages().map((l) => l.msg)).toContain(
      "Saved apps use feature types no package provides (TradeInValue): their features are kept as they are and show 'No Preview Available'",
    );
    const read = await call(app, { url: `/api/apps/${appId}`, headers: owner });
    expect(read.body.data.definition.features).toEqual([FEATURE]);
    const call1 = {
      id: "5d1b0c7e-2f4a-4b6c-8d9e-0a1b2c3d4e5f",
      type: "ClickToCall",
      title: "Call",
      phone: "5551234567",
    };
    const kept = await save([FEATURE, call1]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.definition.features[0]).toEqual(FEATURE);
    const types = await call(app, { url: "/api/feature-packages", headers: owner });
    expect(types.body.data).toEqual({ types: [], retainedTypes: ["TradeInValue"] });
    expect((await app.inject({ url: "/partner/trade-in-value@1.0.0/screen.js" })).statusCode).toBe(404);
    const teleport = await save([FEATURE, { ...call1, type: "Teleport" }]);
    expect(teleport.body.error.details).toEqual([
      { path: "/definition/features/1/type", message: 'unknown feature type "Teleport"' },
    ]);
  });
});
