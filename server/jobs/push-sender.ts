import type { Audience } from "../../schemas/audience.ts";
import type { Config } from "../config.ts";
import { audiencePage } from "../ops/push-audience.ts";
import {
  caFromFile,
  deliveryKey,
  parseWebToken,
  type SendOutcome,
  type VapidKeys,
  vapidForApp,
  WebPushSender,
} from "../services/web-push.ts";
import type { JobContext, JobDefinition } from "./types.ts";

export const PUSH_OCCURRENCE_JOB = "push.occurrence";
export const PUSH_SEND_JOB = "push.send";

/** Subscriptions read per audience page during the fan-out. */
const FAN_OUT_PAGE = 1000;
/** Deliveries one send loop claims at a time. */
const CLAIM = 100;
/** Send loops per send job. */
const LOOPS = 3;
/** Results written back per statement (a delivery's send and its 'sent' mark are this close together). */
const FLUSH = 25;
/** Tries per delivery before it counts as failed. */
export const MAX_ATTEMPTS = 5;
/** Send jobs started per occurrence at most (more workers take part through pg-boss). */
const PARALLEL_SEND_JOBS = 8;

export const leaseMs = (config: Config) => (config.pushLeaseSeconds ?? 60) * 1000;

/** Wait before the n-th retry (n = attempts made): 5 s, 10 s, 20 s ... at most 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 5000 * 2 ** Math.max(0, attempts - 1));

let shared: { key: string; sender: WebPushSender } | undefined;
/** One sender per process (its connections and per-origin gates are shared by every job it runs). */
export function webPushSender(config: Config): WebPushSender {
  const key = `${config.pushCaFile ?? ""}|${config.pushOriginConcurrency ?? ""}`;
  if (shared?.key !== key) {
    shared?.sender.close();
    shared = {
      key,
      sender: new WebPushSender({
        ca: caFromFile(config.pushCaFile),
        perOriginConcurrency: config.pushOriginConcurrency,
      }),
    };
  }
  return shared.sender;
}

interface OccurrenceRow {
  id: string;
  push_id: string;
  state: string;
  message: string;
  path: string | null;
  audience: Audience;
}

async function occurrence(ctx: JobContext, occurrenceId: string): Promise<OccurrenceRow | undefined> {
  const { rows } = await ctx.database.execute(
    // A push sharing a coupon or an event (spec §2) leads to it when it has no link of its own: the Web Push
    // payload and the inbox entry carry the same path (coupon:{id} / event:{id}).
    `select o.id::text, o.push_id::text, o.state, p.message,
            coalesce(p.path, 'coupon:' || p.share_coupon::text, 'event:' || p.share_event::text) as path, p.audience
       from push_occurrences o join push_notifications p on p.id = o.push_id where o.id = $1`,
    [occurrenceId],
  );
  return rows[0];
}

/**
 * Writes the occurrence's inbox entries (one per app and user, for every subscription of the audience, Web
 * or not) and its deliveries (one per Web subscription), both with ON CONFLICT DO NOTHING, so running it
 * again after a crash adds only what is missing. Then the occurrence is 'fanned' with its targeted count.
 */
export async function fanOut(ctx: JobContext, occ: OccurrenceRow): Promise<void> {
  const { rows: targets } = await ctx.database.execute(
    "select app_id::text from push_notification_apps where push_id = $1",
    [occ.push_id],
  );
  const appIds = targets.map((t) => t.app_id as string);
  const at = ctx.now();
  let after: string | null = null;
  for (;;) {
    const page = await audiencePage(ctx.db, appIds, occ.audience ?? {}, after, FAN_OUT_PAGE);
    if (!page.length) break;
    after = page[page.length - 1].id;
    const users = new Map(page.map((s) => [`${s.appId} ${s.userId}`, s]));
    await ctx.database.execute(
      `insert into end_user_notifications (app_id, user_id, occurrence_id, message, path, created_at)
         select a, u, $1, $2, $3, $4 from unnest($5::uuid[], $6::text[]) as t(a, u)
       on conflict (occurrence_id, app_id, user_id) where occurrence_id is not null do nothing`,
      [
        occ.id,
        occ.message,
        occ.path,
        at,
        [...users.values()].map((s) => s.appId),
        [...users.values()].map((s) => s.userId),
      ],
    );
    const web = page.filter((s) => parseWebToken(s.token)).map((s) => s.id);
    if (web.length)
      await ctx.database.execute(
        `insert into push_deliveries (occurrence_id, subscription_id)
           select $1, unnest($2::uuid[]) on conflict do nothing`,
        [occ.id, web],
      );
  }
  await ctx.database.execute(
    `update push_occurrences set state = 'fanned',
       targeted = (select count(*) from push_deliveries where occurrence_id = $1)
     where id = $1 and state = 'pending'`,
    [occ.id],
  );
}

/**
 * push.occurrence: fans one occurrence out (once) and starts its send jobs. A retry after a crash finds the
 * fan-out done or completes it, and the send jobs' singleton keys keep them from doubling.
 */
export const pushOccurrenceJob: JobDefinition<{ occurrenceId: string }> = {
  name: PUSH_OCCURRENCE_JOB,
  retryLimit: 10,
  retryBackoff: true,
  expireInSeconds: 600,
  async handler({ occurrenceId }, ctx) {
    const occ = await occurrence(ctx, occurrenceId);
    if (!occ || occ.state === "done") return;
    if (occ.state === "pending") await fanOut(ctx, occ);
    const { rows } = await ctx.database.execute("select targeted from push_occurrences where id = $1", [
      occurrenceId,
    ]);
    const targeted = Number(rows[0]?.targeted ?? 0);
    if (targeted === 0) {
      await finishIfDone(ctx, occurrenceId);
      return;
    }
    const jobs = Math.min(PARALLEL_SEND_JOBS, Math.ceil(targeted / CLAIM));
    for (let part = 0; part < jobs; part++)
      await ctx.queue.send(PUSH_SEND_JOB, { occurrenceId }, { singletonKey: `${occurrenceId}:${part}` });
  },
};

interface Claimed {
  subscriptionId: string;
  attempts: number;
  appId: string;
  token: string;
  notificationId: string | null;
}

/**
 * Claims up to CLAIM deliveries of the occurrence for this worker: pending ones whose retry time has come,
 * and ones another worker claimed longer than the lease ago (it died or hung). SKIP LOCKED keeps two
 * workers from claiming the same row; the claim is committed before anything is sent.
 */
async function claim(ctx: JobContext, occurrenceId: string, now: Date): Promise<Claimed[]> {
  const stale = new Date(now.getTime() - leaseMs(ctx.config));
  const { rows } = await ctx.database.execute(
    `with c as (
       select occurrence_id, subscription_id from push_deliveries
        where occurrence_id = $1 and (
          (state = 'pending' and (claimed_at is null or claimed_at <= $2)) or
          (state = 'sending' and claimed_at <= $3))
        order by subscription_id limit ${CLAIM} for update skip locked),
     d as (
       update push_deliveries d set state = 'sending', claimed_at = $2, attempts = d.attempts + 1
         from c where d.occurrence_id = c.occurrence_id and d.subscription_id = c.subscription_id
       returning d.subscription_id, d.attempts)
     select d.subscription_id::text as "subscriptionId", d.attempts, s.app_id::text as "appId", s.token,
            n.id::text as "notificationId"
       from d join push_subscriptions s on s.id = d.subscription_id
       left join end_user_notifications n
         on n.occurrence_id = $1 and n.app_id = s.app_id and n.user_id = s.user_id`,
    [occurrenceId, now, stale],
  );
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

type Result = { claimed: Claimed; outcome: SendOutcome };

/**
 * Writes a group of results in one statement each kind, guarded by state = 'sending' so a result is counted
 * once even when two workers sent the same delivery (the second after the first's lease ran out).
 */
async function record(ctx: JobContext, occurrenceId: string, results: Result[]): Promise<void> {
  const now = ctx.now();
  const ids = (f: (r: Result) => boolean) => results.filter(f).map((r) => r.claimed.subscriptionId);
  const sent = ids((r) => r.outcome.result === "sent");
  if (sent.length)
    await ctx.database.execute(
      `with m as (update push_deliveries set state = 'sent', sent_at = $3, error = null
          where occurrence_id = $1 and subscription_id = any($2::uuid[]) and state = 'sending' returning 1)
       update push_occurrences set sent = sent + (select count(*) from m) where id = $1`,
      [occurrenceId, sent, now],
    );
  const gone = ids((r) => r.outcome.result === "gone");
  if (gone.length)
    // The subscription is deleted (its deliveries go with it); the occurrence counts it as expired.
    await ctx.database.execute(
      `with m as (update push_deliveries set state = 'expired', error = 'gone'
          where occurrence_id = $1 and subscription_id = any($2::uuid[]) and state = 'sending'
          returning subscription_id),
       x as (delete from push_subscriptions where id in (select subscription_id from m) returning 1)
       update push_occurrences set expired = expired + (select count(*) from m) where id = $1`,
      [occurrenceId, gone],
    );
  const failed = results.filter(
    (r) =>
      r.outcome.result === "failed" || (r.outcome.result === "retry" && r.claimed.attempts >= MAX_ATTEMPTS),
  );
  if (failed.length)
    await ctx.database.execute(
      `with v as (select * from unnest($2::uuid[], $3::text[]) as v(id, error)),
       m as (update push_deliveries d set state = 'failed', error = v.error from v
          where d.occurrence_id = $1 and d.subscription_id = v.id and d.state = 'sending' returning 1)
       update push_occurrences set failed = failed + (select count(*) from m) where id = $1`,
      [
        occurrenceId,
        failed.map((r) => r.claimed.subscriptionId),
        failed.map((r) => ("error" in r.outcome ? r.outcome.error : "failed").slice(0, 500)),
      ],
    );
  const retry = results.filter((r) => r.outcome.result === "retry" && r.claimed.attempts < MAX_ATTEMPTS);
  if (retry.length)
    await ctx.database.execute(
      `with v as (select * from unnest($2::uuid[], $3::timestamptz[], $4::text[]) as v(id, at, error))
       update push_deliveries d set state = 'pending', claimed_at = v.at, error = v.error from v
        where d.occurrence_id = $1 and d.subscription_id = v.id and d.state = 'sending'`,
      [
        occurrenceId,
        retry.map((r) => r.claimed.subscriptionId),
        retry.map(
          (r) =>
            new Date(
              now.getTime() +
                Math.max(
                  backoffMs(r.claimed.attempts),
                  r.outcome.result === "retry" ? (r.outcome.retryAfterMs ?? 0) : 0,
                ),
            ),
        ),
        retry.map((r) => ("error" in r.outcome ? r.outcome.error : "retry").slice(0, 500)),
      ],
    );
}

/**
 * The occurrence is done when no delivery is pending or being sent. Otherwise a send job is enqueued for
 * when the next piece can go: the earliest retry time, or the earliest claim's lease end (a worker that
 * died). Its singleton key is that time, so workers finishing together enqueue it once.
 */
export async function finishIfDone(ctx: JobContext, occurrenceId: string): Promise<void> {
  const { rows } = await ctx.database.execute(
    `select count(*) filter (where state = 'pending')::int as pending,
            min(claimed_at) filter (where state = 'pending') as retry_at,
            count(*) filter (where state = 'sending')::int as sending,
            min(claimed_at) filter (where state = 'sending') as oldest_claim
       from push_deliveries where occurrence_id = $1`,
    [occurrenceId],
  );
  const r = rows[0];
  const now = ctx.now();
  if (Number(r.pending) === 0 && Number(r.sending) === 0) {
    await ctx.database.execute(
      "update push_occurrences set state = 'done', finished_at = $2 where id = $1 and state <> 'done'",
      [occurrenceId, now],
    );
    return;
  }
  const times: number[] = [];
  if (Number(r.pending) > 0) times.push(r.retry_at ? new Date(r.retry_at).getTime() : now.getTime());
  if (Number(r.sending) > 0) times.push(new Date(r.oldest_claim).getTime() + leaseMs(ctx.config) + 1000);
  const at = new Date(Math.max(Math.min(...times), now.getTime()));
  await ctx.queue.send(
    PUSH_SEND_JOB,
    { occurrenceId },
    { singletonKey: `${occurrenceId}@${at.toISOString()}`, startAfter: at },
  );
}

/** What each app's pushes are signed and titled with, looked up once per send job. */
async function appInfo(ctx: JobContext, appId: string, cache: Map<string, Promise<AppInfo>>) {
  let info = cache.get(appId);
  if (!info) {
    info = (async () => {
      const { rows } = await ctx.database.execute(
        "select definition->>'name' as name from apps where id = $1",
        [appId],
      );
      return { name: (rows[0]?.name as string | undefined) ?? "", keys: await vapidForApp(ctx.db, appId) };
    })();
    cache.set(appId, info);
  }
  return info;
}
interface AppInfo {
  name: string;
  keys: VapidKeys & { subject: string };
}

/**
 * push.send: claims deliveries of one occurrence and sends them until none is left to claim, writing each
 * group of results right after it is sent. Several of these run at once (on one or many workers).
 */
export const pushSendJob: JobDefinition<{ occurrenceId: string }> = {
  name: PUSH_SEND_JOB,
  retryLimit: 20,
  retryBackoff: true,
  expireInSeconds: 300,
  async handler({ occurrenceId }, ctx) {
    const occ = await occurrence(ctx, occurrenceId);
    if (occ?.state !== "fanned") return;
    const sender = webPushSender(ctx.config);
    const apps = new Map<string, Promise<AppInfo>>();
    // A few claim-send-record loops at once, so the next claim overlaps the previous batch's last answers.
    await Promise.all(Array.from({ length: LOOPS }, () => sendLoop(ctx, occ, sender, apps)));
    await finishIfDone(ctx, occurrenceId);
  },
};

async function sendLoop(
  ctx: JobContext,
  occ: OccurrenceRow,
  sender: WebPushSender,
  apps: Map<string, Promise<AppInfo>>,
): Promise<void> {
  const occurrenceId = occ.id;
  for (;;) {
    let claimedAt = ctx.now();
    const batch = await claim(ctx, occurrenceId, claimedAt);
    if (!batch.length) break;
    // The lease is renewed while this batch is in hand (a live worker's claims are never taken over, however
    // long its batch waits for the push service); only the claims of a worker that stopped renewing go stale.
    const unfinished = new Set(batch.map((c) => c.subscriptionId));
    let renewing: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing
        .then(async () => {
          const renewed = ctx.now();
          await ctx.database.execute(
            `update push_deliveries set claimed_at = $3 where occurrence_id = $1
             and subscription_id = any($2::uuid[]) and state = 'sending' and claimed_at = $4`,
            [occurrenceId, [...unfinished], renewed, claimedAt],
          );
          claimedAt = renewed;
        })
        .catch((err) => ctx.log.warn({ err }, "push lease renewal failed"));
    }, leaseMs(ctx.config) / 3);
    let pending: Result[] = [];
    const writes: Promise<void>[] = [];
    const flush = () => {
      if (!pending.length) return;
      const group = pending;
      pending = [];
      for (const r of group) unfinished.delete(r.claimed.subscriptionId);
      writes.push(record(ctx, occurrenceId, group));
    };
    await Promise.all(
      batch.map(async (claimed) => {
        const subscription = parseWebToken(claimed.token);
        let outcome: SendOutcome;
        if (!subscription) outcome = { result: "failed", error: "Not a Web Push subscription" };
        else {
          const app = await appInfo(ctx, claimed.appId, apps);
          const tag = deliveryKey(occurrenceId, claimed.subscriptionId);
          const payload = {
            title: app.name,
            message: occ.message,
            ...(occ.path ? { path: occ.path } : {}),
            notificationId: claimed.notificationId,
            tag,
          };
          outcome = await sender.send({
            subscription,
            payload: JSON.stringify(payload),
            keys: app.keys,
            topic: tag,
          });
        }
        pending.push({ claimed, outcome });
        if (pending.length >= FLUSH) flush();
      }),
    );
    flush();
    try {
      await Promise.all(writes);
    } finally {
      clearInterval(heartbeat);
      await renewing;
    }
  }
}
