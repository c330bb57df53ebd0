import type { Database } from "../db/connect.ts";

/** The state of one counter after a hit (or a read). */
export interface LimitState {
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  ttlMs: number;
}

/**
 * Counters shared by every API node: rate limits, send limits and lock-outs all count here, so a client
 * gains nothing by landing on another node. Keys are namespaced by the caller ("sign-in:account:<email>").
 */
export interface Limits {
  /** Counts one hit on `key` in a window of `windowMs` (a window that has passed starts again at 1). */
  hit(key: string, windowMs: number): Promise<LimitState>;
  /** The current count without counting (0 when the window has passed). */
  read(key: string): Promise<LimitState>;
  /** Forgets a key (an owner's successful sign-in clears their failures). */
  reset(key: string): Promise<void>;
}

/**
 * Limits kept in PostgreSQL's `rate_limits` table: one upsert per hit, atomic under concurrency (the row
 * lock serialises hits on one key), so N parallel requests count N. Expired rows are reused in place.
 */
export function databaseLimits(database: Pick<Database, "execute">): Limits {
  const ttlOf = (resetAt: unknown): number => Math.max(0, new Date(resetAt as string).getTime() - Date.now());
  return {
    async hit(key, windowMs) {
      const { rows } = await database.execute(
        `insert into rate_limits (key, hits, reset_at)
        values ($1, 1, now() + make_interval(secs => $2::double precision))
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning hits, reset_at`,
        [key, windowMs / 1000],
      );
      return { hits: Number(rows[0].hits), ttlMs: ttlOf(rows[0].reset_at) };
    },
    async read(key) {
      const { rows } = await database.execute(
        "select hits, reset_at from rate_limits where key = $1 and reset_at > now()",
        [key],
      );
      return rows[0] ? { hits: Number(rows[0].hits), ttlMs: ttlOf(rows[0].reset_at) } : { hits: 0, ttlMs: 0 };
    },
    async reset(key) {
      await database.execute("delete from rate_limits where key = $1", [key]);
    },
  };
}

/**
 * Deletes the counters whose window has passed. They already count as absent (a hit starts again at 1, a
 * read answers 0), so this changes no limit; it keeps the table to the live counters, since every client
 * address leaves one row per limited route.
 */
export async function pruneLimits(database: Pick<Database, "execute">): Promise<number> {
  const { rows } = await database.execute(
    "with gone as (delete from rate_limits where reset_at <= now() returning 1) select count(*)::int as n from gone",
  );
  return Number(rows[0].n);
}
