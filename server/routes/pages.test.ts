import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedIn, testApp } from "../test-helpers.ts";

let app: FastifyInstance;
let appId: string;
beforeAll(async () => {
  app = await testApp();
  const owner = await signedIn(app);
  const res = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: owner,
    payload: { definition: { name: "Promo <Motors>" } },
  });
  appId = res.body.data.appId;
});
afterAll(() => app.close());

describe("pages", () => {
  it("renders the promo page on the server with the name, the download text and a local QR image", async () => {
    const res = await app.inject({ url: `/promo/${appId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("Download Promo &lt;Motors&gt; app for exclusive specials.");
    expect(res.body).not.toContain("<Motors>");
    expect(res.body).toMatch(
      /<img src="data:image\/png;base64,[^"]+" alt="QR code for the Promo &lt;Motors&gt; app"/,
    );
  });

  it("answers an unknown promo page with 404", async () => {
    expect((await app.inject({ url: "/promo/00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
  });

  it("serves a demo host page with the embed snippet", async () => {
    const res = await app.inject({ url: `/demo/${appId}` });
    expect(res.body).toContain(`<div id="brand-app" data-app-id="${appId}"></div>`);
    expect(res.body).toMatch(/<script async src="http:\/\/[^"]+\/sdk\/embed.js"><\/script>/);
  });

  it("serves the API reference generated from the route schemas, and security headers", async () => {
    const spec = await call(app, { method: "GET", url: "/api/docs/json" });
    expect(spec.body.paths["/api/apps/{id}"].put.requestBody).toBeDefined();
    const health = await app.inject({ url: "/api/health" });
    expect(health.json()).toEqual({ data: { status: "ok", database: expect.any(String) } });
    expect(health.headers["x-content-type-options"]).toBe("nosniff");
    expect(health.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("answers unknown API routes with the error envelope", async () => {
    const res = await call(app, { method: "GET", url: "/api/nope" });
    expect(res).toMatchObject({ status: 404, body: { error: { code: "NotFound" } } });
  });
});
