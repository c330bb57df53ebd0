import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedIn, testApp } from "../test-helpers.ts";
import { idlessPages } from "./pages.ts";

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

  it("answers /promo, /portal and /demo without an app id with a page for people that links to the console", async () => {
    const titles = { promo: "Promo pages", portal: "Customer portal", demo: "Widget demo" };
    for (const kind of ["promo", "portal", "demo"] as const)
      for (const url of [`/${kind}/`, `/${kind}`]) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
        expect(res.body, url).toContain(`<title>${titles[kind]}</title>`);
        expect(res.body, url).toContain(`<h1>${titles[kind]}</h1>`);
        expect(res.body, url).toContain(`<p>${idlessPages[kind].sentence}</p>`);
        expect(res.body, url).toContain('<a href="/">Open the console</a>');
        expect(res.body, url).not.toContain("app id header");
      }
    expect(idlessPages.portal.sentence).toBe(
      "Each app has its own customer portal at /portal/ followed by the app's id: open the app in the console to find its link.",
    );
  });

  it("serves the SVG favicon, points /favicon.ico at it, and links it with a description from every page", async () => {
    const svg = await app.inject({ url: "/favicon.svg" });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const ico = await app.inject({ url: "/favicon.ico" });
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe("/favicon.svg");

    for (const url of ["/promo/", "/portal/", "/demo/", `/demo/${appId}`, `/promo/${appId}`]) {
      const res = await app.inject({ url });
      expect(res.body, url).toMatch(/<meta name="description" content="[^"]{20,}">/);
      // The promo page of an app without a logo uses the product's icon; with a logo, the logo.
      expect(res.body, url).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });
});
