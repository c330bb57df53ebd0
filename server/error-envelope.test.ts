import http from "node:http";
import net from "node:net";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, testUser } from "./test-helpers.ts";

let app: FastifyInstance;
let authorization: string;
beforeAll(async () => {
  app = await testApp();
  // Two routes that fail the way a bug would, to see what an unexpected error looks like on each surface.
  app.get("/api/test-unexpected", async () => {
    throw new Error("secret detail of a bug");
  });
  app.get("/demo-unexpected/:x", async () => {
    throw new Error("secret detail of a bug");
  });
  authorization = (await testUser(app)).authorization;
});
afterAll(() => app.close());

const long = "x".repeat(101);

/** Every way this server can refuse an API request, with the status and code it must answer. */
const apiCases: [string, InjectOptions, number, string][] = [
  ["unknown route", { url: "/api/nope" }, 404, "NotFound"],
  ["unknown method on a route", { method: "DELETE", url: "/api/health" }, 404, "NotFound"],
  ["path parameter over 100 characters", { url: `/api/apps/${long}` }, 414, "UriTooLong"],
  ["path parameter over 100 characters, signed in", { url: `/api/apps/${long}/promo` }, 414, "UriTooLong"],
  ["malformed percent-encoding in a parameter", { url: "/api/apps/%E0%A4%A" }, 400, "BadUrl"],
  ["no session", { url: "/api/accounts/me" }, 401, "Unauthorized"],
  [
    "body over the limit",
    {
      method: "POST",
      url: "/api/accounts/sign-in",
      headers: { "content-type": "application/json" },
      payload: `{"email":"${"a".repeat(3 * 1024 * 1024)}"}`,
    },
    413,
    "PayloadTooLarge",
  ],
  [
    "unsupported content type",
    {
      method: "POST",
      url: "/api/accounts/sign-in",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    },
    415,
    "UnsupportedMedia",
  ],
  [
    "malformed JSON",
    {
      method: "POST",
      url: "/api/accounts/sign-in",
      headers: { "content-type": "application/json" },
      payload: "{",
    },
    400,
    "InvalidJson",
  ],
  [
    "empty JSON body",
    {
      method: "POST",
      url: "/api/accounts/sign-in",
      headers: { "content-type": "application/json" },
      payload: "",
    },
    400,
    "InvalidJson",
  ],
  [
    "prototype pollution in JSON",
    {
      method: "POST",
      url: "/api/accounts/sign-in",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__":{"x":1},"email":"a@b.co","password":"x"}',
    },
    400,
    "InvalidJson",
  ],
  [
    "schema validation",
    { method: "POST", url: "/api/accounts/sign-in", payload: { email: 1 } },
    400,
    "Validation",
  ],
  ["unexpected error", { url: "/api/test-unexpected" }, 500, "Internal"],
];

describe("every API error in the envelope", () => {
  it.each(apiCases)("%s", async (_name, request, status, code) => {
    const res = await app.inject({ method: "GET", ...request });
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toContain("application/json");
    const body = res.json();
    expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(res.body).not.toContain("secret detail");
    expect(res.body).not.toContain("FST_");
  });

  it("answers a long parameter with the envelope also to a signed-in caller", async () => {
    const res = await app.inject({ url: `/api/apps/${long}`, headers: { authorization } });
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe("UriTooLong");
  });

  it("answers too many requests in the envelope", async () => {
    const ask = () =>
      app.inject({
        method: "POST",
        url: "/api/accounts/send-password-reset/a@b.co",
        remoteAddress: "192.0.2.77",
      });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: "TooManyRequests", message: expect.any(String) } });
  });
});

/** Errors on the pages people open answer an HTML page, never JSON. */
const pageCases: [string, string, number][] = [
  ["unknown promo page", "/promo/00000000-0000-4000-8000-000000000000", 404],
  ["promo page with a parameter over 100 characters", `/promo/${long}`, 414],
  ["demo page with a parameter over 100 characters", `/demo/${long}`, 414],
  ["promo page with malformed percent-encoding", "/promo/%E0%A4%A", 400],
  ["unknown page", "/no-such-page", 404],
  ["portal path without a built portal", "/portal/some-app", 404],
  ["builder path without a built builder", "/", 404],
  ["unexpected error on a page", "/demo-unexpected/1", 500],
];

describe("every page error as a page for people", () => {
  it.each(pageCases)("%s", async (_name, url, status) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain(`Error ${status}`);
    expect(res.body).not.toContain(long);
    expect(res.body).not.toContain("secret detail");
  });

  it("answers a missing file (not a page) in the envelope", async () => {
    const res = await app.inject({ url: "/sdk/missing.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NotFound", message: "Not found" } });
  });
});

/** Raw HTTP to a listening server: what Node's parser refuses never reaches a route or inject(). */
async function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let out = "";
    socket.on("data", (d) => {
      out += d;
    });
    socket.on("error", () => resolve(out));
    socket.on("close", () => resolve(out));
    socket.on("connect", () => socket.write(request));
    setTimeout(() => reject(new Error(`no answer: ${out}`)), 10_000).unref();
  });
}

describe("requests refused by the HTTP parser", () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as net.AddressInfo).port;
  });

  it.each([
    ["a malformed request", "GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n", 400, "BadRequest"],
    [
      "headers over the size limit",
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "HeadersTooLarge",
    ],
  ])("%s", async (_name, request, status, code) => {
    const answer = await raw(port, request);
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head.toLowerCase()).toContain("content-type: application/json");
    expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) } });
  });

  it("still answers a well-formed request on the same server", async () => {
    const answer = await raw(port, "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1.1 200 /);
  });
});

describe("while the server closes", () => {
  /** GET over one kept-alive connection, so a request can still arrive after closing has begun. */
  const get = (agent: http.Agent, port: number, path: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, agent }, (res) => {
          let body = "";
          res.on("data", (d) => {
            body += d;
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }),
          );
        })
        .on("error", reject);
    });

  it("answers 503 in the envelope, and as a page on pages", async () => {
    const server = await testApp();
    // Holds the close after the app's own preClose hooks ran, as a slow drain would.
    let entered!: () => void;
    let release!: () => void;
    const closingStarted = new Promise<void>((r) => {
      entered = r;
    });
    server.addHook("preClose", () => {
      entered();
      return new Promise<void>((r) => {
        release = r;
      });
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    const port = (server.server.address() as net.AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, port, "/api/health")).status).toBe(200);
    const closed = server.close();
    await closingStarted;
    const api = await get(agent, port, "/api/health");
    const page = await get(agent, port, "/promo/x");
    release();
    await closed;
    agent.destroy();
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({ error: { code: "Unavailable", message: expect.any(String) } });
    expect(page.status).toBe(503);
    expect(page.type).toContain("text/html");
  });
});
