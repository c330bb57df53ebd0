import type { Redis } from "ioredis";
import type { LimitState, Limits } from "./limits.ts";

// One round trip, atomic in Redis: the first hit of a window starts its expiry. A key found without an
// expiry (written by something else, or left by a crash between the two calls of an older client) gets
// one too, so no counter can live for ever.
const hitScript = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if hits == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

const readScript = `
local hits = redis.call('GET', KEYS[1])
if not hits then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(hits), ttl}
`;

/** The Redis client with the two scripts defined (ioredis sends EVALSHA, loading them on first use). */
type LimitsRedis = Redis & {
  limitsHit(key: string, windowMs: number): Promise<[number, number]>;
  limitsRead(key: string): Promise<[number, number]>;
};

/**
 * Limits kept in Redis (REDIS_URL): the same counters as `databaseLimits`, shared by every API node, with
 * Redis expiring them. Keys live under `prefix` so they never meet the rate-limit plugin's own keys.
 */
export function redisLimits(redis: Redis, prefix = "brand-apps:limits:"): Limits {
  const client = redis as LimitsRedis;
  if (!("limitsHit" in client)) {
    redis.defineCommand("limitsHit", { numberOfKeys: 1, lua: hitScript });
    redis.defineCommand("limitsRead", { numberOfKeys: 1, lua: readScript });
  }
  const state = ([hits, ttlMs]: [number, number]): LimitState => ({
    hits: Number(hits),
    ttlMs: Number(ttlMs),
  });
  return {
    async hit(key, windowMs) {
      return state(await client.limitsHit(prefix + key, Math.max(1, Math.ceil(windowMs))));
    },
    async read(key) {
      return state(await client.limitsRead(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
