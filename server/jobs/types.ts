import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/connect.ts";
import type { Mailer } from "../services/mail.ts";

/** What every job handler receives: the same database, mailer and config as the API, and the queue. */
export interface JobContext {
  database: Database;
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  queue: JobQueue;
  /** The clock handlers must use (tests drive a fake one). */
  now(): Date;
}

/** One kind of background work. Handlers must be idempotent: a job may run again after a crash. */
export interface JobDefinition<T = any> {
  /** Queue name, e.g. "push.occurrence", "insights.weekly". */
  name: string;
  handler(data: T, ctx: JobContext): Promise<void>;
  /** Recurring (a pg-boss schedule): a cron expression, in `tz` (IANA, UTC by default). */
  schedule?: { cron: string; tz?: string };
  /** Also queued once whenever a pg-boss supervisor starts (work that must not wait for the first schedule). */
  runAtStart?: boolean;
  retryLimit?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

export interface JobQueue {
  /** Enqueue; singletonKey makes a repeated send a no-op (idempotency). Returns the job id or null. */
  send(
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfter?: Date | number },
  ): Promise<string | null>;
}
