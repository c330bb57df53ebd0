import { execFileSync } from "node:child_process";
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SUBSCRIPTIONS_PER_USER } from "../ops/mobile-push.ts";
import { sendWebPush } from "../services/web-push.ts";
import { call, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let appId: string;

beforeAll(async () => {
  app = await testApp();
  appId = await testAppOf(app, await testUser(app), "Push Motors");
});
afterAll(() => app.close());

const subscribe3 = (payload: object, app_ = appId, remoteAddress = "127.0.0.1") =>
  call(app, {
    method: "POST",
    url: "/api/mobile/app/push-notifications/subscribe3",
    headers: { "x-app": app_ },
    payload,
    remoteAddress,
  });

/** A browser-like subscription: a real P-256 key pair and auth secret, pointed at a local push endpoint. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

describe("web push", () => {
  it("makes the VAPID key pair once and keeps it", async () => {
    const a = await call(app, { method: "GET", url: "/api/mobile/app/push-notifications/vapid-public-key" });
    const b = await call(app, { method: "GET", url: "/api/mobile/app/push-notifications/vapid-public-key" });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.body.data).toBe(a.body.data);
    const { rows } = await app.database.execute("select count(*) as n from vapid_keys");
    expect(Number(rows[0].n)).toBe(1);
  });

  it("keeps one subscription per app and token, moving it to the latest user", async () => {
    const token = JSON.stringify(browserSubscription("https://push.example.com/abc"));
    const first = await subscribe3({ userId: "user-1", platform: "Web", token });
    expect(first.status).toBe(200);
    const second = await subscribe3({ userId: "user-2", platform: "Web", token });
    expect(second.body.data.id).toBe(first.body.data.id);
    const { rows } = await app.database.execute("select user_id from push_subscriptions where app_id = $1", [
      appId,
    ]);
    expect(rows).toEqual([{ user_id: "user-2" }]);
  });

  it("stores the fallback token built from the user id when the browser cannot subscribe", async () => {
    const res = await subscribe3({ userId: "no-push-user", platform: "Web" });
    expect(res.status).toBe(200);
    const { rows } = await app.database.execute(
      "select token from push_subscriptions where user_id = 'no-push-user'",
    );
    expect(rows[0].token).toBe("web-no-push-user");
  });

  it(`keeps the ${MAX_SUBSCRIPTIONS_PER_USER} latest subscriptions of one user in one app, replacing the oldest`, async () => {
    const userId = `many-${randomUUID()}`;
    const tokens = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 2 }, (_, i) => `${userId}-token-${i}`);
    for (const [i, token] of tokens.entries()) {
      const res = await subscribe3({ userId, platform: "Web", token }, appId, `10.1.${i}.1`);
      expect(res.status).toBe(200);
    }
    // Subscribing an old token again makes it the latest.
    await subscribe3({ userId, platform: "Web", token: tokens[2] }, appId, "10.1.99.1");
    await subscribe3({ userId, platform: "Web", token: `${userId}-token-new` }, appId, "10.1.99.2");
    const { rows } = await app.database.execute(
      "select token from push_subscriptions where app_id = $1 and user_id = $2",
      [appId, userId],
    );
    expect(new Set(rows.map((r) => r.token))).toEqual(
      new Set([tokens[2], ...tokens.slice(4), `${userId}-token-new`]),
    );
  });

  it("limits subscriptions per client address", async () => {
    const address = "10.2.3.4";
    const answers: number[] = [];
    for (let i = 0; i < 61; i++)
      answers.push((await subscribe3({ userId: `flood-${i}`, platform: "Web" }, appId, address)).status);
    expect(answers.slice(0, 60).every((s) => s === 200)).toBe(true);
    const over = await subscribe3({ userId: "flood-x", platform: "Web" }, appId, address);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe("Too many requests, try again later");
    expect((await subscribe3({ userId: "flood-y", platform: "Web" }, appId, "10.2.3.5")).status).toBe(200);
  });

  it("refuses other platforms and unknown apps", async () => {
    expect((await subscribe3({ userId: "u", platform: "Android", token: "t" })).status).toBe(400);
    expect((await subscribe3({ userId: "u", platform: "Web", token: "t" }, randomUUID())).status).toBe(404);
  });

  it("sends an encrypted, VAPID-signed message to the subscription's endpoint and forgets gone ones", async () => {
    // A local push service over TLS (web-push speaks only HTTPS) with a certificate made for this test.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "push-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    const tls = {
      key: fs.readFileSync(path.join(dir, "key.pem")),
      cert: fs.readFileSync(path.join(dir, "cert.pem")),
    };
    const agent = new https.Agent({ ca: tls.cert });
    const received: { headers: import("node:http").IncomingHttpHeaders; bytes: number }[] = [];
    let status = 201;
    const endpoint = https.createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, bytes: Buffer.concat(chunks).length });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => endpoint.listen(0, "127.0.0.1", r));
    try {
      const url = `https://127.0.0.1:${(endpoint.address() as AddressInfo).port}/push/${randomUUID()}`;
      const token = JSON.stringify(browserSubscription(url));
      const sub = (await subscribe3({ userId: "u-push", platform: "Web", token })).body.data;
      expect(
        await sendWebPush(
          app.database.db,
          { id: sub.id, token },
          { message: "Oil change 20% off" },
          { agent },
        ),
      ).toBe(true);
      expect(received[0].headers["content-encoding"]).toBe("aes128gcm");
      expect(received[0].headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
      expect(received[0].bytes).toBeGreaterThan(0);
      status = 410;
      expect(await sendWebPush(app.database.db, { id: sub.id, token }, { message: "again" }, { agent })).toBe(
        false,
      );
      const { rows } = await app.database.execute(
        "select count(*) as n from push_subscriptions where id = $1",
        [sub.id],
      );
      expect(Number(rows[0].n)).toBe(0);
    } finally {
      endpoint.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
