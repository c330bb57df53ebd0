import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../test-helpers.ts";

// A tiny stand-in for dist/ so the static hosting rules run without a front-end build.
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-dist-"));
  for (const [file, body] of [
    ["builder/index.html", "<!doctype html><title>builder</title>"],
    ["builder/assets/app-abc123.js", "console.log(1)"],
    ["portal/index.html", "<!doctype html><title>portal</title>"],
    ["sdk/embed.js", "void 0"],
    ["promo/client.js", "void 0"],
  ]) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), body);
  }
  app = await testApp({ config: { distDir: dist } });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const scriptSrc = (csp: unknown) => String(csp).match(/script-src [^;]*/)?.[0];

describe("static front ends", () => {
  it("lets only the builder's document evaluate code, also when it is revalidated (304)", async () => {
    const first = await app.inject({ url: "/apps/123/brand" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("<title>builder</title>");
    expect(scriptSrc(first.headers["content-security-policy"])).toBe("script-src 'self' 'unsafe-eval'");
    expect(first.headers["cache-control"]).toBe("no-cache");

    const index = await app.inject({ url: "/index.html" });
    expect(index.headers["cache-control"]).toBe("no-cache");
    const again = await app.inject({
      url: "/index.html",
      headers: { "if-none-match": String(index.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(scriptSrc(again.headers["content-security-policy"])).toBe("script-src 'self' 'unsafe-eval'");
  });

  it("keeps the strict policy on the portal, the widget files and the API", async () => {
    for (const url of ["/portal/some-app", "/sdk/embed.js", "/promo-assets/client.js", "/api/health"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(scriptSrc(res.headers["content-security-policy"]), url).toBe("script-src 'self'");
    }
  });

  it("answers the bare /portal/ with the page for people, not the portal's script, and serves the favicon", async () => {
    const bare = await app.inject({ url: "/portal/" });
    expect(bare.statusCode).toBe(404);
    expect(bare.body).toContain("<title>Customer portal</title>");
    expect(bare.body).not.toContain("<title>portal</title>");
    expect((await app.inject({ url: "/portal/some-app" })).body).toContain("<title>portal</title>");
    const icon = await app.inject({ url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
  });
});
