import { expect, it } from "vitest";

/**
 * Redis for tests: REDIS_TEST_URL (.ci/run starts a redis-server and sets it). Locally, without it, the
 * Redis tests are skipped; in CI (CI set) they run and fail, so a missing Redis can never pass silently.
 */
export const redisTestUrl: string | undefined = process.env.REDIS_TEST_URL || undefined;

/** For `describe.skipIf`: true only outside CI when no Redis is configured. */
export const skipWithoutRedis = !redisTestUrl && !process.env.CI;

const missing = "REDIS_TEST_URL is not set: CI must run the Redis tests (.ci/run starts redis-server)";

/** The Redis URL for a test, or an error saying why the test cannot run. */
export function requireRedisUrl(): string {
  if (!redisTestUrl) throw new Error(missing);
  return redisTestUrl;
}

/** A test of its own that fails when Redis is missing where it must be there (a failed hook only skips). */
export function itHasRedis() {
  it.skipIf(skipWithoutRedis)("has a Redis to test against (REDIS_TEST_URL)", () => {
    expect(redisTestUrl, missing).toBeDefined();
  });
}
