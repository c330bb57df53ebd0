import { dropPartitionsBefore, ensurePartitions } from "../ops/analytics-partitions.ts";
import { foldAllAnalytics } from "../ops/analytics-rollup.ts";
import { DEFAULT_RETENTION_MONTHS, oldestKept } from "../ops/mobile-analytics.ts";
import type { JobDefinition, JobQueue } from "./types.ts";

export const ANALYTICS_ROLLUP_JOB = "analytics.rollup";
export const ANALYTICS_MAINTENANCE_JOB = "analytics.maintenance";

/**
 * Folds queued signals and records into the dashboards' rollups: every minute, and soon after an ingest
 * (kickRollup). Safe to run on any number of workers at once: each takes facts no other holds.
 */
export const analyticsRollupJob: JobDefinition<Record<string, never>> = {
  name: ANALYTICS_ROLLUP_JOB,
  schedule: { cron: "* * * * *", tz: "UTC" },
  retryLimit: 3,
  retryBackoff: true,
  async handler(_data, ctx) {
    const folded = await foldAllAnalytics(ctx.db);
    if (folded) ctx.log.debug({ folded }, "analytics folded");
  },
};

/**
 * Daily: the monthly partitions of the next three months exist before their first signal, and those past
 * the retention (ANALYTICS_RETENTION_MONTHS, default 25) are dropped. The server also runs it at start.
 */
export const analyticsMaintenanceJob: JobDefinition<Record<string, never>> = {
  name: ANALYTICS_MAINTENANCE_JOB,
  schedule: { cron: "17 3 * * *", tz: "UTC" },
  runAtStart: true,
  retryLimit: 3,
  retryBackoff: true,
  async handler(_data, ctx) {
    const now = ctx.now();
    const months = ctx.config.analyticsRetentionMonths ?? DEFAULT_RETENTION_MONTHS;
    const first = oldestKept(now, months);
    const made = await ensurePartitions(
      ctx.db,
      first,
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1)),
    );
    const dropped = await dropPartitionsBefore(ctx.db, first);
    if (made || dropped.length) ctx.log.info({ made, dropped }, "analytics partitions maintained");
  },
};

/** The slot of a kick: at most one rollup job per slot is queued, whichever node asks. */
const KICK_SLOT_MS = 2_000;
const lastKick = new WeakMap<JobQueue, number>();

/**
 * Asks for a fold soon after signals arrive (at most 2 s later, plus the workers' polling), without waiting
 * for it (the ingest answers first), at most once per slot per node; the job id of the slot stops other nodes
 * queueing a second one.
 */
export function kickRollup(
  queue: JobQueue | undefined,
  onError: (error: unknown) => void,
  now = Date.now(),
): void {
  if (!queue) return;
  const slot = Math.floor(now / KICK_SLOT_MS);
  if (lastKick.get(queue) === slot) return;
  lastKick.set(queue, slot);
  // The job starts when its slot ends, so it folds everything stored during the slot (a job started mid-slot
  // would leave the slot's later signals for the next minute's run).
  queue
    .send(
      ANALYTICS_ROLLUP_JOB,
      {},
      { singletonKey: `slot:${slot}`, startAfter: new Date((slot + 1) * KICK_SLOT_MS) },
    )
    .catch(onError);
}
