import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itHasRedis, requireRedisUrl, skipWithoutRedis } from "../testing/redis.ts";
import type { Limits } from "./limits.ts";
import { redisLimits } from "./limits-redis.ts";

itHasRedis();

describe.skipIf(skipWithoutRedis)("limits shared in Redis", () => {
  let redis: Redis;
  let limits: Limits;
  // Keys of their own per run: the Redis server outlives test runs.
  const prefix = `test:${randomBytes(6).toString("hex")}:`;
  beforeAll(() => {
    redis = new Redis(requireRedisUrl());
    limits = redisLimits(redis, prefix);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("counts hits in a window and starts again when it has passed", async () => {
    expect((await limits.hit("k1", 60_000)).hits).toBe(1);
    const second = await limits.hit("k1", 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await limits.read("k1")).toMatchObject({ hits: 2 });
    // The window ends (Redis expires the key).
    await redis.pexpire(`${prefix}k1`, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await limits.read("k1")).hits).toBe(0);
    expect((await limits.hit("k1", 60_000)).hits).toBe(1);
  });

  it("counts every one of many concurrent hits once", async () => {
    const states = await Promise.all(Array.from({ length: 40 }, () => limits.hit("k2", 60_000)));
    expect(states.map((s) => s.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it("forgets a key on reset, and keys are independent", async () => {
    await limits.hit("k3", 60_000);
    await limits.hit("k4", 60_000);
    await limits.reset("k3");
    expect(await limits.read("k3")).toEqual({ hits: 0, ttlMs: 0 });
    expect((await limits.read("k4")).hits).toBe(1);
  });

  it("gives a counter left without an expiry one, so it cannot live for ever", async () => {
    await redis.set(`${prefix}k5`, "7");
    const state = await limits.hit("k5", 60_000);
    expect(state.hits).toBe(8);
    expect(await redis.pttl(`${prefix}k5`)).toBeGreaterThan(0);
  });
});
