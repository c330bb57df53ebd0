import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/connect.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";
import { outboxMailer } from "../services/mail.ts";
import { deliveryKey } from "../services/web-push.ts";
import { type PushEndpoint, startPushEndpoint } from "../testing/push-endpoint.ts";
import { BossQueue } from "./boss.ts";
import { jobs } from "./index.ts";
import { PUSH_SCHEDULE_JOB } from "./push-scheduler.ts";

const SUBSCRIPTIONS = 10_000;
const LEASE_SECONDS = 5;
const root = path.resolve(import.meta.dirname, "../..");
const url = process.env.DATABASE_URL;

async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}; worker warnings: ${workerLogs.slice(-10).join("\n")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const workers = new Set<ChildProcess>();
/** The workers' log lines (pino JSON), shown when the test fails. */
const workerLogs: string[] = [];

/** `npm run worker` (server/worker.ts) on the scratch database, resolved once it has started its queues. */
function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/worker.ts")], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  workers.add(child);
  child.on("exit", () => workers.delete(child));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      workerLogs.push(
        ...String(chunk)
          .split("\n")
          .filter((l) => l && !l.includes('"level":30')),
      );
      if (out.includes('"worker started"')) resolve(child);
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`worker exited before starting (${code ?? signal})`)),
    );
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

afterAll(async () => {
  for (const child of workers) child.kill("SIGKILL");
  await Promise.all([...workers].map(stopped));
});

// Several worker processes share one database: PostgreSQL only (PGlite is one process's database).
describe.skipIf(!url)(
  "push sender under worker crashes (PostgreSQL: worker processes share the database; skipped on PGlite)",
  () => {
    it("delivers one copy to each of 10,000 subscriptions with two workers SIGKILLed mid-send: 0 lost, 0 duplicated", async () => {
      const scratch = await createScratchDatabase(url as string);
      const database = await openDatabase({ databaseUrl: scratch.url });
      const log = pino({ level: "silent" });
      let endpoint: PushEndpoint | undefined;
      let enqueuer: BossQueue | undefined;
      let progress: NodeJS.Timeout | undefined;
      try {
        endpoint = await startPushEndpoint();
        const ep = endpoint;
        const subs = Array.from({ length: SUBSCRIPTIONS }, (_, i) => ep.subscribe(`s${i}`));
        const { rows: appRows } = await database.execute(
          `insert into apps (slug, definition) values ('chaos-motors', '{"name":"Chaos Motors"}') returning id::text`,
        );
        const appId = appRows[0].id as string;
        for (let i = 0; i < subs.length; i += 2000) {
          const part = subs.slice(i, i + 2000);
          await database.execute(
            `insert into push_subscriptions (app_id, user_id, platform, token)
             select $1, u, 'Web', t from unnest($2::text[], $3::text[]) as x(u, t)`,
            [appId, part.map((s) => `user-${s.name}`), part.map((s) => ep.tokenOf(s))],
          );
        }
        const { rows: pushRows } = await database.execute(
          `insert into push_notifications (owner_app_id, message, path, schedule_time, next_at)
           values ($1, 'Winter tires are in', 'https://dealer.example/tires', now(), now()) returning id::text`,
          [appId],
        );
        const pushId = pushRows[0].id as string;
        await database.execute("insert into push_notification_apps (push_id, app_id) values ($1, $2)", [
          pushId,
          appId,
        ]);

        // The API node's side: it only enqueues (as a push created due now does).
        const mailer = outboxMailer(database.db, log);
        enqueuer = new BossQueue({
          database,
          definitions: jobs,
          context: () => ({ database, db: database.db, mailer, config: {} as never, log }),
          log,
          work: false,
          supervise: false,
        });
        await enqueuer.start();

        const env = {
          DATABASE_URL: scratch.url,
          PUSH_CA_FILE: ep.caFile,
          PUSH_LEASE_SECONDS: String(LEASE_SECONDS),
          LOG_LEVEL: "info",
          WORKER_BATCH_SIZE: "4",
          // The local push service is one process on a shared machine: fewer requests in flight per worker.
          PUSH_ORIGIN_CONCURRENCY: "24",
        };
        const started = await Promise.all([startWorker(env), startWorker(env), startWorker(env)]);
        await enqueuer.send(PUSH_SCHEDULE_JOB, {});

        const received = () => ep.messages.size;
        const t0 = Date.now();
        progress = setInterval(() => {
          let posts = 0;
          for (const n of ep.posts.values()) posts += n;
          workerLogs.push(
            `progress ${Math.round((Date.now() - t0) / 1000)} s: ${received()} received, ${posts} posts`,
          );
          if (process.env.CHAOS_PROGRESS) console.info(workerLogs[workerLogs.length - 1]);
        }, 5000);
        const occurrenceState = async () =>
          (
            await database.execute("select id::text, state from push_occurrences where push_id = $1", [
              pushId,
            ])
          ).rows[0];

        // First crash: a quarter in. A fresh worker takes its place, as a supervisor would start one.
        try {
          await until("a quarter sent", () => (received() >= SUBSCRIPTIONS / 4 ? true : undefined), 60_000);
        } catch (e) {
          const q = await database.execute("select name, state, count(*)::int from pgboss.job group by 1,2");
          const o = await database.execute("select * from push_occurrences");
          const d = await database.execute(
            "select state, error, count(*)::int from push_deliveries group by 1,2",
          );
          const p = await database.execute("select id, next_at from push_notifications");
          throw new Error(
            `${(e as Error).message}\n${JSON.stringify({ q: q.rows, o: o.rows, d: d.rows, p: p.rows, rejected: ep.rejected.slice(0, 3), posts: ep.posts.size })}`,
          );
        }
        started[0].kill("SIGKILL");
        await stopped(started[0]);
        const atFirstKill = received();
        const replacement1 = startWorker(env);
        // Second crash: past half.
        await until("half sent", () => (received() >= (SUBSCRIPTIONS * 6) / 10 ? true : undefined), 120_000);
        started[1].kill("SIGKILL");
        await stopped(started[1]);
        const atSecondKill = received();
        const replacement2 = startWorker(env);
        expect(atFirstKill).toBeLessThan(SUBSCRIPTIONS);
        expect(atSecondKill).toBeLessThan(SUBSCRIPTIONS);

        const occ = await until(
          "the occurrence done",
          async () => {
            const o = await occurrenceState();
            return o?.state === "done" ? o : undefined;
          },
          120_000,
        );
        for (const w of [started[2], await replacement1, await replacement2]) {
          w.kill("SIGTERM");
          await stopped(w);
        }

        // What each device got: one message per subscription (a resend after a crash carries the same Topic,
        // which the push service and the service worker's tag collapse), none missing, none doubled.
        expect(ep.rejected).toEqual([]);
        const { rows: ids } = await database.execute(
          `select s.id::text as id, s.user_id, n.id::text as notification, d.attempts, d.state
           from push_subscriptions s
           join push_deliveries d on d.subscription_id = s.id and d.occurrence_id = $1
           left join end_user_notifications n on n.occurrence_id = $1 and n.app_id = s.app_id and n.user_id = s.user_id`,
          [occ.id],
        );
        expect(ids).toHaveLength(SUBSCRIPTIONS);
        const byUser = new Map(ids.map((r) => [r.user_id as string, r]));
        let lost = 0;
        let duplicated = 0;
        let resent = 0;
        let resentWithoutTakeover = 0;
        for (const s of subs) {
          const copies = [...(ep.messages.get(s.name)?.values() ?? [])];
          if (copies.length === 0) lost++;
          if (copies.length > 1) duplicated++;
          const row = byUser.get(`user-${s.name}`);
          const posts = ep.posts.get(s.name) ?? 0;
          if (posts > 1) {
            resent += posts - 1;
            // A second POST only ever comes from a delivery taken over after its worker died.
            if (!(Number(row?.attempts) > 1)) resentWithoutTakeover++;
          }
          if (copies.length === 1) {
            const tag = deliveryKey(occ.id, row?.id);
            expect(copies[0]).toMatchObject({
              topic: tag,
              payload: {
                title: "Chaos Motors",
                message: "Winter tires are in",
                path: "https://dealer.example/tires",
                notificationId: row?.notification,
                tag,
              },
            });
          }
        }
        expect({ lost, duplicated, resentWithoutTakeover }).toEqual({
          lost: 0,
          duplicated: 0,
          resentWithoutTakeover: 0,
        });
        expect(ids.every((r) => r.state === "sent")).toBe(true);
        const { rows: counts } = await database.execute(
          "select targeted, sent, failed, expired from push_occurrences where id = $1",
          [occ.id],
        );
        expect(counts[0]).toEqual({ targeted: SUBSCRIPTIONS, sent: SUBSCRIPTIONS, failed: 0, expired: 0 });
        console.info(
          `push chaos: ${SUBSCRIPTIONS} subscriptions, workers killed at ${atFirstKill} and ${atSecondKill} received; ${resent} resends after takeovers collapsed by Topic; 0 lost, 0 duplicated`,
        );
      } finally {
        clearInterval(progress);
        for (const child of workers) child.kill("SIGKILL");
        await Promise.all([...workers].map(stopped));
        await enqueuer?.stop();
        await endpoint?.close();
        await database.close();
        await scratch.drop();
      }
    }, 240_000);
  },
);
