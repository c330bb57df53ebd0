import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A local push service for tests and benches: an HTTPS server (certificate made here; `caFile` is what the
 * sender must trust: PUSH_CA_FILE) with one endpoint per subscription, `/push/{name}`. It checks each POST's
 * VAPID signature, decrypts its aes128gcm body (RFC 8291) with the subscription's private key, and keeps the
 * messages by Topic per subscription as a push service does (a message with the Topic of one it holds
 * replaces it), so `messages` is what a device would receive and `posts` counts every request.
 */
export interface ReceivedPush {
  topic?: string;
  /** The VAPID public key (k=) the message was signed with. */
  vapidKey?: string;
  payload: Record<string, unknown>;
  urgency?: string;
  ttl?: string;
}

export interface BrowserSubscription {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The user agent's ECDH private side and auth secret, to decrypt. */
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface PushEndpoint {
  origin: string;
  caFile: string;
  /** A new browser-like subscription at this service (its token is JSON.stringify({endpoint, keys})). */
  subscribe(name?: string): BrowserSubscription;
  tokenOf(s: BrowserSubscription): string;
  /** Per subscription name: its messages by Topic (or a running index when a POST has none). */
  messages: Map<string, Map<string, ReceivedPush>>;
  /** Per subscription name: POSTs received. */
  posts: Map<string, number>;
  /** POSTs whose signature or encryption did not check out. */
  rejected: string[];
  /** The status to answer a subscription's next POSTs with (default 201). */
  answer: Map<string, number>;
  /** Skip decryption (benches measure the sender, not this server). */
  decrypt: boolean;
  close(): Promise<void>;
}

const b64 = (s: string) => Buffer.from(s, "base64url");

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 / 8188: the plain text of one aes128gcm body for this subscription. */
export function decryptAes128gcm(
  body: Buffer,
  sub: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = sub.ecdh.computeSecret(senderPublic);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), sub.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(sub.auth, secret, info, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** Checks `vapid t=<JWT>, k=<public key>`: an ES256 signature by k over the JWT, for this origin, not expired. */
const verified = new Map<string, { aud: string; exp: number }>();
export function checkVapid(authorization: string | undefined, origin: string): string | undefined {
  // A sender reuses its signed JWT for hours; its signature is checked once.
  const known = verified.get(authorization ?? "");
  if (known) {
    if (known.aud !== origin) return `vapid audience ${known.aud}`;
    return known.exp * 1000 > Date.now() ? undefined : "vapid expired";
  }
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? "");
  if (!m) return "no vapid authorization";
  const [head, claims, signature] = m[1].split(".");
  const point = b64(m[2]);
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  if (!verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, b64(signature)))
    return "bad vapid signature";
  const jwt = JSON.parse(b64(claims).toString("utf8"));
  if (verified.size < 1000) verified.set(authorization ?? "", { aud: jwt.aud, exp: jwt.exp });
  if (jwt.aud !== origin) return `vapid audience ${jwt.aud}`;
  if (!(jwt.exp * 1000 > Date.now())) return "vapid expired";
  return undefined;
}

let tlsCache: { dir: string; key: Buffer; cert: Buffer } | undefined;
/** A certificate for 127.0.0.1 (made once per process with openssl). */
function localTls() {
  if (!tlsCache) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "push-endpoint-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
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
    tlsCache = {
      dir,
      key: fs.readFileSync(path.join(dir, "key.pem")),
      cert: fs.readFileSync(path.join(dir, "cert.pem")),
    };
  }
  return tlsCache;
}

/**
 * `decrypt: false` only counts (benches); `acceptUnknown` also takes POSTs for subscriptions made elsewhere
 * (another process made their keys), which it cannot decrypt.
 */
export async function startPushEndpoint(
  options: { decrypt?: boolean; acceptUnknown?: boolean } = {},
): Promise<PushEndpoint> {
  const tls = localTls();
  const subs = new Map<string, BrowserSubscription>();
  const messages = new Map<string, Map<string, ReceivedPush>>();
  const posts = new Map<string, number>();
  const answer = new Map<string, number>();
  const rejected: string[] = [];
  let origin = "";
  const endpoint: PushEndpoint = {
    origin: "",
    caFile: path.join(tls.dir, "cert.pem"),
    messages,
    posts,
    rejected,
    answer,
    decrypt: options.decrypt ?? true,
    subscribe(name = randomBytes(9).toString("base64url")) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const sub: BrowserSubscription = {
        name,
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        ecdh,
        auth,
      };
      subs.set(name, sub);
      return sub;
    },
    tokenOf: (s) => JSON.stringify({ endpoint: s.endpoint, keys: s.keys }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const name = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
      const sub = subs.get(name);
      if (req.method !== "POST" || (!sub && !options.acceptUnknown)) {
        res.writeHead(404).end();
        return;
      }
      posts.set(name, (posts.get(name) ?? 0) + 1);
      const status = answer.get(name) ?? 201;
      if (status >= 300) {
        res.writeHead(status).end();
        return;
      }
      const topic = req.headers.topic as string | undefined;
      let payload: Record<string, unknown> = {};
      if (endpoint.decrypt && sub) {
        try {
          const problem = checkVapid(req.headers.authorization, origin);
          if (problem) throw new Error(problem);
          if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
          payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub).toString("utf8"));
        } catch (e) {
          rejected.push(`${name}: ${(e as Error).message}`);
          res.writeHead(400).end();
          return;
        }
      }
      let byTopic = messages.get(name);
      if (!byTopic) {
        byTopic = new Map();
        messages.set(name, byTopic);
      }
      byTopic.set(topic ?? `#${byTopic.size}`, {
        topic,
        vapidKey: /, k=(.+)$/.exec(req.headers.authorization ?? "")?.[1],
        payload,
        urgency: req.headers.urgency as string | undefined,
        ttl: req.headers.ttl as string | undefined,
      });
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoint.origin = origin;
  return endpoint;
}
