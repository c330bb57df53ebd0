import { createHash } from "node:crypto";
import cronParser from "cron-parser";
import type { JobContext, JobDefinition, JobQueue } from "./types.ts";

export type JobsMode = "pg-boss" | "inline" | "off";

/** A queue the app owns: it starts with the server and stops when the server closes. */
export interface RunningQueue extends JobQueue {
  readonly mode: JobsMode;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The pg-boss job id for a singleton key: a UUID derived from (queue, key). pg-boss inserts jobs with ON
 * CONFLICT DO NOTHING on (name, id), so a repeated send with the same key returns null while the first job
 * is in the job table (waiting, active, retrying, or finished and not yet archived).
 */
export function singletonJobId(name: string, key: string): string {
  const h = createHash("sha256").update(`${name}\u0000${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

const startMs = (startAfter: Date | number | undefined, now: Date): number =>
  startAfter === undefined
    ? now.getTime()
    : typeof startAfter === "number"
      ? now.getTime() + startAfter * 1000
      : startAfter.getTime();

interface Pending {
  id: string;
  name: string;
  data: object;
  at: number;
}

/**
 * Server tests' queue: `send` runs the handler before it resolves (errors reach the caller), a job with a
 * future startAfter is kept until `runDue(now)`; singleton keys are remembered, so a repeated send is a
 * no-op as with pg-boss. `clock` is what handlers see as ctx.now().
 */
export class InlineQueue implements RunningQueue {
  readonly mode = "inline" as const;
  clock: () => Date = () => new Date();
  readonly pending: Pending[] = [];
  private readonly seen = new Set<string>();
  private readonly byName: Map<string, JobDefinition>;
  private seq = 0;

  constructor(
    definitions: JobDefinition[],
    private readonly context: (queue: JobQueue) => Omit<JobContext, "now" | "queue">,
  ) {
    this.byName = new Map(definitions.map((d) => [d.name, d]));
  }

  async start() {}
  async stop() {
    this.pending.length = 0;
  }

  private ctx(): JobContext {
    return { ...this.context(this), queue: this, now: () => this.clock() };
  }

  async send(
    name: string,
    data: object,
    options: { singletonKey?: string; startAfter?: Date | number } = {},
  ) {
    const definition = this.byName.get(name);
    if (!definition) throw new Error(`No job named ${name}`);
    const id = options.singletonKey ? singletonJobId(name, options.singletonKey) : `inline-${++this.seq}`;
    if (options.singletonKey) {
      if (this.seen.has(id)) return null;
      this.seen.add(id);
    }
    const now = this.clock();
    const at = startMs(options.startAfter, now);
    if (at > now.getTime()) {
      this.pending.push({ id, name, data, at });
      return id;
    }
    await definition.handler(data, this.ctx());
    return id;
  }

  private readonly lastTick = new Map<string, number>();

  /**
   * Runs (in start order) every kept job due at `now`, including ones those jobs enqueue for then. With
   * `schedules`, each recurring job (schedule.cron) whose cron ticked since its last run here (or ever, the
   * first time) runs once first, as pg-boss's schedule would have started it; a list runs only those named.
   */
  async runDue(now: Date, options: { schedules?: boolean | string[] } = {}): Promise<number> {
    const previous = this.clock;
    this.clock = () => now;
    let ran = 0;
    try {
      if (options.schedules)
        for (const d of this.byName.values()) {
          if (!d.schedule) continue;
          if (Array.isArray(options.schedules) && !options.schedules.includes(d.name)) continue;
          const tick = cronParser
            .parseExpression(d.schedule.cron, {
              currentDate: new Date(now.getTime() + 1),
              tz: d.schedule.tz ?? "UTC",
            })
            .prev()
            .getTime();
          if (tick <= (this.lastTick.get(d.name) ?? Number.NEGATIVE_INFINITY)) continue;
          this.lastTick.set(d.name, tick);
          ran++;
          await d.handler({}, this.ctx());
        }
      for (;;) {
        this.pending.sort((a, b) => a.at - b.at);
        const next = this.pending[0];
        if (!next || next.at > now.getTime()) break;
        this.pending.shift();
        ran++;
        await this.byName.get(next.name)?.handler(next.data, this.ctx());
      }
    } finally {
      this.clock = previous;
    }
    return ran;
  }
}

/** Jobs switched off: sends are dropped (returning null) and nothing runs. */
export const offQueue = (): RunningQueue => ({
  mode: "off",
  async start() {},
  async stop() {},
  async send() {
    return null;
  },
});
