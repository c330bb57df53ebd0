import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import spectralCore from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import type { FastifyInstance } from "fastify";
import openapiTS from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp, testAppOf, testUser } from "./test-helpers.ts";

// Whatever routes are registered when this runs are checked: the document is read from the running server.
let app: FastifyInstance;
let doc: any;
const METHODS = ["get", "put", "post", "delete", "patch"];
const operations = () =>
  Object.entries<any>(doc.paths).flatMap(([p, item]) =>
    Object.entries<any>(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ name: `${m.toUpperCase()} ${p}`, op })),
  );

beforeAll(async () => {
  app = await testApp();
  const res = await app.inject({ url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => app.close());

describe("the OpenAPI document at /api/docs/json", () => {
  it("documents every API route the server registered", () => {
    const documented = new Set(operations().map((o) => o.name));
    const missing = app.apiRoutes
      .map((r) => r.replace(/:([A-Za-z0-9_]+)/g, "{$1}"))
      .filter((r) => !documented.has(r.replace(/^(\w+) /, (_m, m: string) => `${m} `)));
    expect(missing).toEqual([]);
  });

  it("is valid OpenAPI 3.1 for swagger-parser", async () => {
    expect(doc.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it("has no error under Spectral's oas ruleset", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [oas] } as never);
    const results = await spectral.run(JSON.stringify(doc));
    const errors = results
      .filter((r) => r.severity === 0)
      .map((r) => `${r.code} ${r.path.join(".")}: ${r.message}`);
    expect(errors).toEqual([]);
  }, 180_000);

  it("gives every operation an operationId, summary, description, tag, success schema and coded errors", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const tags = new Set(doc.tags.map((t: { name: string }) => t.name));
    const incomplete = ops.flatMap(({ name, op }) => {
      const problems: string[] = [];
      if (!op.operationId) problems.push("operationId");
      if (!op.summary) problems.push("summary");
      if (!op.description) problems.push("description");
      if (!op.tags?.length || !op.tags.every((t: string) => tags.has(t))) problems.push("tags");
      const ok = Object.entries<any>(op.responses).find(([code]) => /^2/.test(code));
      if (!ok) problems.push("success response");
      else if (ok[0] !== "204" && !Object.values<any>(ok[1].content ?? {})[0]?.schema)
        problems.push("success schema");
      const errorsOf = Object.entries<any>(op.responses).filter(([code]) => /^[45]/.test(code));
      if (!errorsOf.some(([code]) => code === "500")) problems.push("500");
      for (const [code, res] of errorsOf)
        if (!/Codes: \w+/.test(res.description) || !res.content?.["application/json"]?.example?.error?.code)
          problems.push(`${code} codes`);
      return problems.length ? [`${name}: ${problems.join(", ")}`] : [];
    });
    expect(incomplete).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names the codes of the widget's call and shows examples", () => {
    const op = doc.paths["/api/mobile/app"].get;
    expect(op.responses["404"].description).toContain("AppNotFound");
    expect(op.responses["400"].description).toContain("AppIdRequired");
    expect(op.responses["200"].content["application/json"].example.data).toMatchObject({
      lang: "en",
      domainType: "Auto",
    });
    const signIn = doc.paths["/api/accounts/sign-in"].post;
    expect(signIn.requestBody.content["application/json"].example).toMatchObject({
      email: "dealer@example.com",
    });
  });
});

describe("the reference page", () => {
  it("serves Scalar at /api/docs with the document's address", async () => {
    const page = await app.inject({ url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Brand Apps API reference</title>");
    expect(page.body).toContain('"url": "./json"');
    const script = await app.inject({ url: "/api/docs/js/scalar.js" });
    expect(script.statusCode).toBe(200);
  });
});

describe("a client generated with openapi-typescript", () => {
  it("type-checks against the server's real answers", async () => {
    const owner = await testUser(app, "User");
    const appId = await testAppOf(app, owner, "Typed Motors");
    const answers = {
      mobileApp: (await call(app, { url: "/api/mobile/app", headers: { "x-app": appId } })).body,
      app: (await call(app, { url: `/api/apps/${appId}`, headers: owner.headers })).body,
      apps: (await call(app, { url: "/api/apps", headers: owner.headers })).body,
      health: (await call(app, { url: "/api/health" })).body,
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-client-"));
    try {
      fs.writeFileSync(path.join(dir, "api.d.ts"), await openapiTS(structuredClone(doc)));
      const ok = (p: string, m: string) =>
        `paths[${JSON.stringify(p)}][${JSON.stringify(m)}]["responses"][200]["content"]["application/json"]`;
      fs.writeFileSync(
        path.join(dir, "check.ts"),
        [
          'import type { paths } from "./api";',
          // The real answers, typed by the generated client: every property must be known, required ones
          // present and every value of the documented type.
          `export const mobileApp: ${ok("/api/mobile/app", "get")} = ${JSON.stringify(answers.mobileApp)};`,
          `export const app: ${ok("/api/apps/{id}", "get")} = ${JSON.stringify(answers.app)};`,
          `export const apps: ${ok("/api/apps", "get")} = ${JSON.stringify(answers.apps)};`,
          `export const health: ${ok("/api/health", "get")} = ${JSON.stringify(answers.health)};`,
          // The generated types are not `never` or `any`: a wrong shape is refused.
          `// @ts-expect-error appId is a string`,
          `export const wrong: ${ok("/api/mobile/app", "get")} = { data: { ...mobileApp.data, appId: 1 } };`,
        ].join("\n"),
      );
      fs.writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            module: "esnext",
            target: "es2022",
            moduleResolution: "bundler",
            skipLibCheck: false,
          },
          files: ["check.ts"],
        }),
      );
      const tsc = path.join(import.meta.dirname, "../node_modules/.bin/tsc");
      let output = "";
      try {
        execFileSync(tsc, ["-p", dir], { encoding: "utf8", stdio: "pipe" });
      } catch (e) {
        output = `${(e as { stdout?: string }).stdout ?? ""}${(e as { stderr?: string }).stderr ?? ""}`;
      }
      expect(output).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
