import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "./config.ts";
import { testApp } from "./test-helpers.ts";

// Password reset allows 5 requests a minute per client address (server/routes/accounts.ts).
const RESET_LIMIT = 5;

const hex = (n: number) => randomBytes(n).toString("hex");
/** A documentation-range address (TEST-NET-3) unique enough for one test file. */
const someClient = () => `203.0.113.${1 + (randomBytes(1)[0] % 254)}`;

/** Asks for a password reset for a fresh address each time: only the client's address is common. */
const askReset = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: "POST",
    url: `/api/accounts/send-password-reset/someone-${hex(4)}@example.com`,
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });

/** The status of `count` password-reset requests made one after another. */
async function statuses(count: number, request: (i: number) => ReturnType<typeof askReset>) {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await request(i)).statusCode);
  return out;
}

const allowedThenRefused = [...Array(RESET_LIMIT).fill(200), 429];

describe("TRUST_PROXY", () => {
  it("reads off, true, false, a hop count and address lists, and refuses anything else at start", () => {
    for (const off of [undefined, "", "false", "FALSE", "0", " "]) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.1")).toEqual(["10.0.0.1"]);
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.1,fd00::/8 ,loopback")).toEqual([
      "10.0.0.0/8",
      "192.168.1.1",
      "fd00::/8",
      "loopback",
    ]);
    expect(parseTrustProxy("10.0.0.0/255.0.0.0")).toEqual(["10.0.0.0/255.0.0.0"]);
    for (const wrong of [
      "yes",
      "10.0.0.1,proxy.example.com",
      "10.0.0.0/33",
      "::1/129",
      "1.2.3",
      "10.0.0.1/8/8",
    ])
      expect(() => parseTrustProxy(wrong), wrong).toThrow(/TRUST_PROXY/);
  });
});

describe("per-address limits with the default setting (no proxy trusted)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it("are not reset by a new X-Forwarded-For on every request", async () => {
    const socket = someClient();
    const forged = (i: number) => (i % 2 ? `198.51.100.${i + 1}` : `not-an-address-${hex(3)}`);
    expect(await statuses(RESET_LIMIT + 1, (i) => askReset(app, socket, forged(i)))).toEqual(
      allowedThenRefused,
    );
  });

  it("count IPv6 clients per /64, so one host cannot rotate through its own subnet", async () => {
    const subnet = `2001:db8:${hex(2)}:${hex(2)}`;
    const inSubnet = (i: number) => `${subnet}:${hex(2)}:${i + 1}::${hex(2)}`;
    expect(await statuses(RESET_LIMIT + 1, (i) => askReset(app, inSubnet(i)))).toEqual(allowedThenRefused);
    // The neighbouring /64 is another client.
    expect((await askReset(app, `2001:db8:${hex(2)}:${hex(2)}::1`)).statusCode).toBe(200);
    // An IPv4-mapped IPv6 peer is the IPv4 client.
    const v4 = someClient();
    await statuses(RESET_LIMIT, () => askReset(app, v4));
    expect((await askReset(app, `::ffff:${v4}`)).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY=1 (one proxy in front, appending the address it saw)", () => {
  let app: FastifyInstance;
  const proxy = "10.1.2.3";
  beforeAll(async () => {
    app = await testApp({ config: { trustProxy: parseTrustProxy("1") } });
  });
  afterAll(() => app.close());

  it("counts the right-most X-Forwarded-For address and ignores what the client wrote to its left", async () => {
    const client = someClient();
    const other = `198.51.100.${1 + (randomBytes(1)[0] % 254)}`;
    expect(
      await statuses(RESET_LIMIT + 1, (i) =>
        askReset(app, proxy, `${hex(2)}.example, 192.0.2.${i}, ${client}`),
      ),
    ).toEqual(allowedThenRefused);
    // The client's address written on the left is not the client: the proxy's last entry is.
    expect((await askReset(app, proxy, `${client}, ${other}`)).statusCode).toBe(200);
    expect((await askReset(app, proxy, client)).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY with the proxy's address", () => {
  let app: FastifyInstance;
  const proxy = "10.9.8.7";
  beforeAll(async () => {
    app = await testApp({ config: { trustProxy: parseTrustProxy(`${proxy}, 10.20.0.0/16`) } });
  });
  afterAll(() => app.close());

  it("believes X-Forwarded-For from that proxy only; a direct client's header is ignored", async () => {
    const viaProxy = someClient();
    expect(await statuses(RESET_LIMIT + 1, () => askReset(app, proxy, viaProxy))).toEqual(allowedThenRefused);
    const direct = `192.0.2.${1 + (randomBytes(1)[0] % 254)}`;
    expect(await statuses(RESET_LIMIT + 1, (i) => askReset(app, direct, `198.51.100.${i}`))).toEqual(
      allowedThenRefused,
    );
    // Through a trusted chain (10.20.x.x behind 10.9.8.7) the first untrusted address is the client.
    expect((await askReset(app, proxy, `${viaProxy}, 10.20.1.1`)).statusCode).toBe(429);
  });
});
