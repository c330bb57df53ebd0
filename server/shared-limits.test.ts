import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/connect.ts";
import { createScratchDatabase } from "./db/scratch-database.ts";
import { testDatabase } from "./test-helpers.ts";
import { itHasRedis, requireRedisUrl, skipWithoutRedis } from "./testing/redis.ts";

// Password reset allows 5 requests a minute per client address (server/routes/accounts.ts).
const RESET_LIMIT = 5;

/** An API node: the whole server on `database`, as a second process behind a load balancer would be. */
async function node(database: Database, config: Partial<Config> = {}): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-node-"));
  const app = await buildApp({
    database,
    config: { dataDir, distDir: path.join(dataDir, "no-dist"), logLevel: "silent", ...config },
    logger: false,
  });
  app.addHook("onClose", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/**
 * Two handles on one database. On PostgreSQL (DATABASE_URL) two connection pools on one scratch database,
 * exactly like two nodes; on PGlite, which one process opens once, the same instance shared by both.
 */
async function oneDatabaseTwice(): Promise<{ a: Database; b: Database; done(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const scratch = await createScratchDatabase(url);
    const a = await openDatabase({ databaseUrl: scratch.url });
    const b = await openDatabase({ databaseUrl: scratch.url, migrated: true });
    return { a, b, done: () => scratch.drop() };
  }
  const shared = await testDatabase();
  return { a: { ...shared, close: async () => {} }, b: shared, done: async () => {} };
}

/** A client (an IPv6 /64 of the documentation range) no earlier run has used: Redis outlives test runs. */
const someClient = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;
const askReset = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: `/api/accounts/send-password-reset/someone-${randomBytes(4).toString("hex")}@example.com`,
    remoteAddress,
  });

/** Sends RESET_LIMIT + 1 requests alternating between the nodes; returns the statuses. */
async function alternate(nodes: FastifyInstance[], client: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i <= RESET_LIMIT; i++)
    out.push((await askReset(nodes[i % nodes.length], client)).statusCode);
  return out;
}

const allowedThenRefused = [...Array(RESET_LIMIT).fill(200), 429];

/** The checks every shared store must pass, for two nodes built by `setup`. */
function sharedLimits(setup: () => Promise<{ nodes: FastifyInstance[]; done(): Promise<void> }>) {
  let nodes: FastifyInstance[];
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ nodes, done } = await setup());
  });
  afterAll(async () => {
    for (const app of nodes ?? []) await app.close();
    await done?.();
  });

  it("enforce one per-address limit together: requests spread over two nodes share one budget", async () => {
    const client = someClient();
    expect(await alternate(nodes, client)).toEqual(allowedThenRefused);
    // Both nodes now refuse this client.
    expect((await askReset(nodes[0], client)).statusCode).toBe(429);
    expect((await askReset(nodes[1], client)).statusCode).toBe(429);
  });

  it("keep each route's counter apart: another route still serves the same client", async () => {
    const client = someClient();
    expect(await alternate(nodes, client)).toEqual(allowedThenRefused);
    const signIn = await nodes[1].inject({
      method: "POST",
      url: "/api/accounts/sign-in",
      payload: { email: `nobody-${randomBytes(4).toString("hex")}@example.com`, password: "wrong-password" },
      remoteAddress: client,
    });
    expect(signIn.statusCode).toBe(401);
  });

  it("share app.limits (lock-outs, send limits) between the nodes", async () => {
    const key = `test:${randomBytes(6).toString("hex")}`;
    await nodes[0].limits.hit(key, 60_000);
    expect((await nodes[1].limits.hit(key, 60_000)).hits).toBe(2);
    expect((await nodes[0].limits.read(key)).hits).toBe(2);
    await nodes[1].limits.reset(key);
    expect((await nodes[0].limits.read(key)).hits).toBe(0);
  });
}

describe(`limits of two nodes on one database (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  sharedLimits(async () => {
    const { a, b, done } = await oneDatabaseTwice();
    return { nodes: [await node(a), await node(b)], done };
  });
});

itHasRedis();

// Each node on a database of its own: whatever they share, they share through Redis.
describe.skipIf(skipWithoutRedis)("limits of two nodes on Redis (REDIS_URL)", () => {
  sharedLimits(async () => {
    const redisUrl = requireRedisUrl();
    return {
      nodes: [await node(await testDatabase(), { redisUrl }), await node(await testDatabase(), { redisUrl })],
      done: async () => {},
    };
  });
});

describe("limits when Redis cannot be reached", () => {
  it("fail closed: a limited route answers 500 in the envelope instead of running unlimited", async () => {
    // Port 1 on the loopback: nothing listens, every connection is refused.
    const app = await node(await testDatabase(), { redisUrl: "redis://127.0.0.1:1" });
    try {
      const res = await askReset(app, someClient());
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: "Internal", message: expect.any(String) } });
      await expect(app.limits.hit("k", 60_000)).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
