import type { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import PgBoss from "pg-boss";
import type { Database } from "../db/connect.ts";
import { jobs } from "./index.ts";
import { InlineQueue, type JobsMode, offQueue, type RunningQueue, singletonJobId } from "./queue.ts";
import type { JobContext, JobDefinition, JobQueue } from "./types.ts";

/**
 * pg-boss's database access over the app's own connection. PostgreSQL takes every statement through the
 * pool as pg-boss would itself. PGlite is one connection whose `query` takes one statement: pg-boss sends its
 * schema creation and its locked maintenance as multi-statement text without parameters (BEGIN; ...; COMMIT),
 * which goes to `exec` as a whole, so nothing else interleaves with its transactions.
 */
export function bossDb(database: Database): PgBoss.Db {
  const pglite =
    database.engine === "pglite"
      ? ((database.db as unknown as { $client: PGlite }).$client ?? undefined)
      : undefined;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length || !pglite) return database.execute(text, values?.length ? values : undefined);
      const results = await pglite.exec(text);
      return (results.length === 1 ? results[0] : results) as unknown as { rows: any[] };
    },
  };
}

export interface BossOptions {
  database: Database;
  definitions: JobDefinition[];
  context: (queue: JobQueue) => Omit<JobContext, "now" | "queue">;
  log: FastifyBaseLogger;
  /** Run the handlers here (npm start and npm run worker); false only enqueues. */
  work?: boolean;
  /** Install the recurring schedules and run pg-boss maintenance (true for the node that supervises). */
  supervise?: boolean;
  /** Jobs fetched per poll per queue, run concurrently. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

/**
 * The pg-boss queue: its `pgboss` schema is created (or migrated) on start, each definition gets its queue
 * with the definition's retry and expiry, schedules are installed, and workers run each job with the same
 * context as the API. Stopping waits for the jobs in hand (graceful) before the database closes.
 */
export class BossQueue implements RunningQueue {
  readonly mode = "pg-boss" as const;
  readonly boss: PgBoss;
  private started = false;

  constructor(private readonly options: BossOptions) {
    this.boss = new PgBoss({
      db: bossDb(options.database),
      schema: "pgboss",
      supervise: options.supervise ?? true,
      schedule: options.supervise ?? true,
      migrate: true,
      archiveCompletedAfterSeconds: 12 * 3600,
    });
    this.boss.on("error", (err) => options.log.error({ err }, "pg-boss error"));
  }

  private ctx(): JobContext {
    return { ...this.options.context(this), queue: this, now: () => new Date() };
  }

  async start() {
    await this.boss.start();
    this.started = true;
    for (const d of this.options.definitions) {
      const queue = {
        name: d.name,
        policy: "standard" as const,
        retryLimit: d.retryLimit ?? 3,
        retryBackoff: d.retryBackoff ?? true,
        retryDelay: 5,
        expireInSeconds: d.expireInSeconds ?? 15 * 60,
      };
      if (await this.boss.getQueue(d.name)) await this.boss.updateQueue(d.name, queue);
      else await this.boss.createQueue(d.name, queue);
    }
    if (this.options.supervise ?? true)
      for (const d of this.options.definitions)
        if (d.schedule) await this.boss.schedule(d.name, d.schedule.cron, {}, { tz: d.schedule.tz ?? "UTC" });
    if (this.options.supervise ?? true)
      for (const d of this.options.definitions) if (d.runAtStart) await this.boss.send(d.name, {});
    if (this.options.work ?? true)
      for (const d of this.options.definitions)
        await this.boss.work(
          d.name,
          {
            batchSize: this.options.batchSize ?? 4,
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1,
          },
          async (batch) => {
            // One job failing fails (and retries) only itself: pg-boss marks the batch by the thrown error,
            // so each job is completed or failed here and the batch handler resolves.
            await Promise.all(
              batch.map(async (job) => {
                try {
                  await d.handler(job.data, this.ctx());
                  await this.boss.complete(d.name, job.id);
                } catch (err) {
                  this.options.log.warn({ err, job: d.name, id: job.id }, "job failed");
                  await this.boss.fail(d.name, job.id, { message: String((err as Error)?.message ?? err) });
                }
              }),
            );
          },
        );
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: false, timeout: 20_000, wait: true } as PgBoss.StopOptions);
  }

  send(name: string, data: object, options: { singletonKey?: string; startAfter?: Date | number } = {}) {
    return this.boss.send(name, data, {
      ...(options.singletonKey
        ? { id: singletonJobId(name, options.singletonKey), singletonKey: options.singletonKey }
        : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    });
  }
}

/** The app's queue for a mode, started when the server is ready and stopped (gracefully) when it closes. */
export function startJobs(app: FastifyInstance, mode: JobsMode): RunningQueue {
  const context = () => ({
    database: app.database,
    db: app.database.db,
    mailer: app.mailer,
    config: app.config,
    log: app.log,
  });
  const queue =
    mode === "pg-boss"
      ? new BossQueue({ database: app.database, definitions: jobs, context, log: app.log })
      : mode === "inline"
        ? new InlineQueue(jobs, context)
        : offQueue();
  app.addHook("onReady", () => queue.start());
  app.addHook("preClose", () => queue.stop());
  return queue;
}
