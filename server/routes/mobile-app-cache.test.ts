import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { openDatabase } from "../db/connect.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";
import { call, testApp, testAppOf, testUser } from "../test-helpers.ts";

/** Renames an app through the console's save (PUT /apps/{id}), as an editor does. */
async function rename(
  app: FastifyInstance,
  auth: { headers: { authorization: string } },
  appId: string,
  name: string,
) {
  const current = await call(app, { method: "GET", url: `/api/apps/${appId}`, headers: auth.headers });
  const { version, slug, definition } = current.body.data;
  const saved = await call(app, {
    method: "PUT",
    url: `/api/apps/${appId}`,
    headers: auth.headers,
    payload: { version, slug, definition: { ...definition, name } },
  });
  expect(saved.status).toBe(200);
}

const widget = (app: FastifyInstance, appId: string, headers: Record<string, string> = {}) =>
  call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appId, ...headers } });

/** Polls until `check` passes or `ms` elapse; returns whether it passed. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("GET /mobile/app validators", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it("sends a strong ETag with Cache-Control no-cache, answers 304 to a matching If-None-Match, and a new ETag after a save", async () => {
    const owner = await testUser(app, "User");
    const appId = await testAppOf(app, owner, "Etag Motors");
    const first = await widget(app, appId, { origin: "https://dealer.example" });
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers.vary).toBe("Origin, X-App");
    expect(first.headers["access-control-allow-origin"]).toBe("https://dealer.example");

    const again = await widget(app, appId, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect((await widget(app, appId, { "if-none-match": `"other", ${etag}` })).status).toBe(304);
    expect((await widget(app, appId, { "if-none-match": '"other"' })).status).toBe(200);

    await rename(app, owner, appId, "Etag Motors Renamed");
    const fresh = await widget(app, appId, { "if-none-match": etag });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.definition.name).toBe("Etag Motors Renamed");
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it("answers a cached hit over HTTP before Fastify's routing with the same status, headers and body", async () => {
    const owner = await testUser(app, "User");
    const appId = await testAppOf(app, owner, "Fast Motors");
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${address}/api/mobile/app`, {
        headers: { "x-app": appId, origin: "https://dealer.example", ...headers },
      });
    const headersOf = (res: Response) => {
      const h = Object.fromEntries(res.headers);
      delete h.date;
      return h;
    };
    // The first call fills the cache through the route; the second is answered from it by the fast path.
    const routed = await get();
    const routedBody = await routed.text();
    const fast = await get();
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(routedBody);
    expect(headersOf(fast)).toEqual(headersOf(routed));
    expect(headersOf(fast)).toMatchObject({
      "access-control-allow-origin": "https://dealer.example",
      "cache-control": "no-cache",
      "content-type": "application/json; charset=utf-8",
      "x-content-type-options": "nosniff",
    });
    const etag = String(fast.headers.get("etag"));
    const notModified = await get({ "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(await notModified.text()).toBe("");
    // The fast path keeps each version's answer ready: a caller without Origin gets no CORS header from it,
    // and after a save the next answers are the new version, not the kept one.
    const plain = await fetch(`${address}/api/mobile/app`, { headers: { "x-app": appId } });
    expect(plain.headers.get("etag")).toBe(etag);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
    expect(await plain.text()).toBe(routedBody);
    await rename(app, owner, appId, "Fast Motors Renamed");
    await (await get()).text();
    const renamed = await get({ "if-none-match": etag });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get("etag")).not.toBe(etag);
    expect((await renamed.json()).data.definition.name).toBe("Fast Motors Renamed");
    // Without the header the call still goes through the route and its error.
    const missing = await fetch(`${address}/api/mobile/app`);
    expect(missing.status).toBe(400);
  });

  it("keeps the security headers and gives CORS only to the public prefixes", async () => {
    const owner = await testUser(app, "User");
    const appId = await testAppOf(app, owner, "Header Motors");
    const res = await widget(app, appId);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/api/mobile/app",
      headers: {
        origin: "https://dealer.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-app",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://dealer.example");
    expect(preflight.headers["access-control-allow-headers"]).toBe("x-app");
    const console = await call(app, {
      method: "GET",
      url: "/api/apps",
      headers: { ...owner.headers, origin: "https://evil.example" },
    });
    expect(console.headers["access-control-allow-origin"]).toBeUndefined();
    const closedPreflight = await app.inject({
      method: "OPTIONS",
      url: "/api/apps",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(closedPreflight.statusCode).toBe(404);
  });
});

// Two API nodes on one PostgreSQL database: a save on one is served by the other within a second (the cache
// lives 5 s, so only the notification can make it). PGlite is one process, so this needs DATABASE_URL.
describe.runIf(process.env.DATABASE_URL)("GET /mobile/app on two nodes", () => {
  const nodes: FastifyInstance[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL as string);
    drop = scratch.drop;
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-node-"));
      const database = await openDatabase({ databaseUrl: scratch.url });
      const node = await buildApp({
        database,
        config: { dataDir, distDir: path.join(dataDir, "no-dist"), logLevel: "silent" },
        logger: false,
        jobs: "inline",
      });
      node.addHook("onClose", () => fs.rmSync(dataDir, { recursive: true, force: true }));
      nodes.push(node);
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await drop();
  });

  it("a save on node A shows on node B's widget call within a second", async () => {
    const [a, b] = nodes;
    const owner = await testUser(a, "User");
    const appId = await testAppOf(a, owner, "Twin Motors");
    const before = await widget(b, appId);
    expect(before.body.data.definition.name).toBe("Twin Motors");
    // Node B now serves from its cache.
    expect((await widget(b, appId, { "if-none-match": String(before.headers.etag) })).status).toBe(304);

    await rename(a, owner, appId, "Twin Motors Saved");
    const seen = await within(
      1000,
      async () => (await widget(b, appId)).body.data.definition.name === "Twin Motors Saved",
    );
    expect(seen).toBe(true);
  });
});
