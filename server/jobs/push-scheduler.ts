import { nextOccurrence } from "../../core/recurrence.ts";
import type { RecurrenceType } from "../../schemas/recurrence.ts";
import { finishIfDone, PUSH_OCCURRENCE_JOB } from "./push-sender.ts";
import type { JobContext, JobDefinition } from "./types.ts";

export const PUSH_SCHEDULE_JOB = "push.schedule";

/** Pushes claimed per statement (a run loops until none is due). */
const CLAIM = 200;

/**
 * Claims every push due at `now` and makes its occurrence: one UPDATE ... RETURNING per group moves each
 * push's next_at from the value read to its next occurrence after now (core/recurrence.ts, in the push's time
 * zone; null when none is left; sends missed while nothing ran are skipped, not sent late in a burst), and
 * inserts the push_occurrences row of the claimed time (unique per push and time: ON CONFLICT DO NOTHING).
 * The claim compares next_at with the value read, so two schedulers never make one occurrence twice.
 * Returns the ids of the occurrences made.
 */
export async function claimDuePushes(ctx: JobContext): Promise<string[]> {
  const now = ctx.now();
  const made: string[] = [];
  for (;;) {
    const { rows: due } = await ctx.database.execute(
      `select id::text, next_at, next_at::text as next_at_text, schedule_time, time_zone, recurrence_type, recurrence_ends_by
         from push_notifications where next_at is not null and next_at <= $1 order by next_at limit ${CLAIM}`,
      [now],
    );
    if (!due.length) break;
    const moves = due.map((p) => {
      const at = new Date(p.next_at);
      const next = nextOccurrence(
        new Date(p.schedule_time),
        {
          type: p.recurrence_type as RecurrenceType,
          endsBy: p.recurrence_ends_by ? new Date(p.recurrence_ends_by) : null,
        },
        Math.max(at.getTime(), now.getTime()),
        p.time_zone,
      );
      // The exact stored value (microseconds), not the Date's milliseconds, is what the claim compares.
      return { id: p.id as string, at: p.next_at_text as string, next };
    });
    const { rows } = await ctx.database.execute(
      `with v as (select * from unnest($1::uuid[], $2::text[]::timestamptz[], $3::timestamptz[]) as v(id, at, next)),
       claimed as (
         update push_notifications p set next_at = v.next from v
          where p.id = v.id and p.next_at = v.at returning p.id, v.at)
       insert into push_occurrences (push_id, at) select id, at from claimed
       on conflict (push_id, at) do nothing returning id::text`,
      [moves.map((m) => m.id), moves.map((m) => m.at), moves.map((m) => m.next)],
    );
    made.push(...rows.map((r) => r.id as string));
    if (due.length < CLAIM) break;
  }
  return made;
}

/**
 * Occurrences left unfinished by workers that died: a fan-out not done after two minutes is enqueued again
 * (the fan-out is idempotent), and a fanned one gets a send job for when its stale claims' lease ends.
 */
export async function sweepUnfinished(ctx: JobContext): Promise<void> {
  const now = ctx.now();
  const { rows } = await ctx.database.execute(
    `select id::text, state, created_at from push_occurrences where state <> 'done' order by created_at limit 500`,
  );
  for (const o of rows) {
    if (o.state === "pending") {
      if (now.getTime() - new Date(o.created_at).getTime() < 120_000) continue;
      const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
      await ctx.queue.send(
        PUSH_OCCURRENCE_JOB,
        { occurrenceId: o.id },
        { singletonKey: `${o.id}@${minute}` },
      );
    } else await finishIfDone(ctx, o.id);
  }
}

/**
 * push.schedule: every minute (and at once when a push is created due now) it claims due pushes, hands
 * each new occurrence to push.occurrence (singleton per occurrence), and sweeps unfinished occurrences.
 */
export const pushScheduleJob: JobDefinition<Record<string, never>> = {
  name: PUSH_SCHEDULE_JOB,
  schedule: { cron: "* * * * *" },
  retryLimit: 2,
  expireInSeconds: 120,
  async handler(_data, ctx) {
    const made = await claimDuePushes(ctx);
    for (const occurrenceId of made)
      await ctx.queue.send(PUSH_OCCURRENCE_JOB, { occurrenceId }, { singletonKey: occurrenceId });
    await sweepUnfinished(ctx);
  },
};
