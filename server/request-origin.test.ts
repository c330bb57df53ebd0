import type { FastifyInstance } from "fastify";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "./config.ts";
import { isHostAndPort } from "./request-origin.ts";
import { type TestUser, testApp, testAppOf, testUser } from "./test-helpers.ts";

const forged = {
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-forwarded-for": "198.51.100.1",
};

/** Every origin the promo page points at: canonical link, og:url, the props' appUrl and the QR code. */
function promoOrigins(html: string, appId: string) {
  const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
  const ogUrl = /<meta property="og:url" content="([^"]+)">/.exec(html)?.[1];
  const props = JSON.parse(
    /<script id="promo-props" type="application\/json">(.*?)<\/script>/s.exec(html)![1],
  );
  const qrPng = /<img src="data:image\/png;base64,([^"]+)"/.exec(html)![1];
  const png = PNG.sync.read(Buffer.from(qrPng, "base64"));
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  const suffix = `/promo/${appId}`;
  const origins = [canonical, ogUrl, props.appUrl, qr].map((url) =>
    url?.endsWith(suffix) ? url.slice(0, -suffix.length) : `not a promo link: ${url}`,
  );
  return [...new Set(origins)];
}

const demoScript = (html: string) => /<script async src="([^"]+)"><\/script>/.exec(html)?.[1];

describe("isHostAndPort", () => {
  it("accepts host names, IPv4 and bracketed IPv6 with an optional port, and nothing else", () => {
    for (const ok of [
      "localhost",
      "localhost:8080",
      "apps.example.com",
      "a-b.example.com.",
      "10.0.0.1:80",
      "[::1]:8080",
      "[2001:db8::1]",
    ])
      expect(isHostAndPort(ok), ok).toBe(true);
    for (const wrong of [
      "",
      "evil.example/path",
      "evil.example:80/x",
      "a b",
      "<script>",
      "host:0",
      "host:65536",
      "host:",
      "-bad.example",
      "bad-.example",
      "a..b",
      "[::1",
      "[not-ipv6]",
      "user@host",
      "host\\x",
      `${"a".repeat(64)}.example`,
      "host:80:80",
    ])
      expect(isHostAndPort(wrong), wrong).toBe(false);
  });
});

describe("public origin with PUBLIC_URL unset and no trusted proxy", () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let appId: string;
  beforeAll(async () => {
    app = await testApp({ config: { publicUrl: undefined } });
    owner = await testUser(app);
    appId = await testAppOf(app, owner);
  });
  afterAll(() => app.close());

  it("keeps the demo page's script on the request's own host, whatever X-Forwarded-Host says", async () => {
    const res = await app.inject({
      url: `/demo/${appId}`,
      headers: { host: "apps.example.com:8080", ...forged },
    });
    expect(demoScript(res.body)).toBe("http://apps.example.com:8080/sdk/embed.js");
    expect(res.body).not.toContain("evil.example");
  });

  it("keeps the promo page's canonical, og:url, links and QR code on the request's own host", async () => {
    const res = await app.inject({
      url: `/promo/${appId}`,
      headers: { host: "apps.example.com", ...forged },
    });
    expect(res.statusCode).toBe(200);
    expect(promoOrigins(res.body, appId)).toEqual(["http://apps.example.com"]);
    expect(res.body).not.toContain("evil.example");
  });

  it("refuses a Host that is not a host name instead of copying it into the page", async () => {
    for (const url of [`/promo/${appId}`, `/demo/${appId}`]) {
      const res = await app.inject({ url, headers: { host: 'x"><script>alert(1)</script>' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).not.toContain("<script>");
    }
  });

  it("sends the promo page as public but revalidated, with an ETag that changes when the owner edits it", async () => {
    const first = await app.inject({ url: `/promo/${appId}` });
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: `/promo/${appId}`, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // Another language is another page.
    const spanish = await app.inject({ url: `/promo/${appId}?lang=es`, headers: { "if-none-match": etag } });
    expect(spanish.statusCode).toBe(200);

    const saved = await app.inject({
      method: "PUT",
      url: `/api/apps/${appId}/promo`,
      headers: owner.headers,
      payload: {
        title: "Spring offers",
        items: [{ icon: "car.svg", title: "Service", subtitle: "Book a visit" }],
        backgroundColor: "#0b3d91",
        titleColor: "#ffffff",
        iconColor: "#ffcc00",
      },
    });
    expect(saved.statusCode).toBe(200);
    const edited = await app.inject({ url: `/promo/${appId}`, headers: { "if-none-match": etag } });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).toContain("Spring offers");
    expect(edited.headers.etag).not.toBe(etag);
  });

  it("answers an unknown promo page with a 404 page for people, not cached", async () => {
    const res = await app.inject({ url: "/promo/00000000-0000-4000-8000-000000000000" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("App not found");
  });
});

describe("public origin with PUBLIC_URL set", () => {
  let app: FastifyInstance;
  let appId: string;
  beforeAll(async () => {
    app = await testApp({ config: { publicUrl: "https://apps.example.com", trustProxy: 1 } });
    appId = await testAppOf(app, await testUser(app));
  });
  afterAll(() => app.close());

  it("always uses PUBLIC_URL, even with a trusted proxy forwarding another host", async () => {
    const headers = { host: "internal:8080", ...forged };
    const demo = await app.inject({ url: `/demo/${appId}`, headers, remoteAddress: "10.0.0.2" });
    expect(demoScript(demo.body)).toBe("https://apps.example.com/sdk/embed.js");
    const promo = await app.inject({ url: `/promo/${appId}`, headers, remoteAddress: "10.0.0.2" });
    expect(promoOrigins(promo.body, appId)).toEqual(["https://apps.example.com"]);
  });
});

describe("public origin through a trusted proxy (PUBLIC_URL unset)", () => {
  let app: FastifyInstance;
  let appId: string;
  const proxy = "10.0.0.2";
  beforeAll(async () => {
    app = await testApp({ config: { publicUrl: undefined, trustProxy: parseTrustProxy(proxy) } });
    appId = await testAppOf(app, await testUser(app));
  });
  afterAll(() => app.close());

  it("takes the host and scheme the trusted proxy forwards, and ignores them from anyone else", async () => {
    const headers = {
      host: "internal:8080",
      "x-forwarded-host": "apps.example.com",
      "x-forwarded-proto": "https",
    };
    const viaProxy = await app.inject({ url: `/promo/${appId}`, headers, remoteAddress: proxy });
    expect(promoOrigins(viaProxy.body, appId)).toEqual(["https://apps.example.com"]);
    const direct = await app.inject({ url: `/demo/${appId}`, headers, remoteAddress: "198.51.100.7" });
    expect(demoScript(direct.body)).toBe("http://internal:8080/sdk/embed.js");
  });

  it("refuses a forwarded host that is not a host name", async () => {
    const res = await app.inject({
      url: `/demo/${appId}`,
      headers: { "x-forwarded-host": "evil.example/<x>" },
      remoteAddress: proxy,
    });
    expect(res.statusCode).toBe(400);
  });
});
