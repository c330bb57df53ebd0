import { type ChildProcess, fork } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { PUSH_SCHEDULE_JOB } from "../server/jobs/push-scheduler.ts";
import { vapid, vapidSubject, WebPushSender } from "../server/services/web-push.ts";
import { testApp, testAppOf, testUser } from "../server/test-helpers.ts";

/**
 * Prints encrypted Web Push sends per minute from this machine to a local push service (HTTPS, in a child
 * process that counts what it receives):
 *
 * 1. the sender alone: WebPushSender (RFC 8291 aes128gcm encryption with a fresh ECDH key per message,
 *    VAPID-signed, kept-alive TLS connections, 100 in flight);
 * 2. the whole pipeline of one node: a push due now on an app with BENCH_PUSHES Web subscriptions, through
 *    push.schedule -> push.occurrence (fan-out: inbox entries and deliveries) -> push.send (claim, send,
 *    record), on PGlite (or PostgreSQL with DATABASE_URL), from the scheduler's start to the last 'sent'.
 *
 * BENCH_PUSHES (default 20000) messages each. The goal: at least 50,000 per minute per node. On a shared
 * machine the wall-clock rate says little, so the sender's rate per minute of its own CPU time is printed too.
 */
const N = Number(process.env.BENCH_PUSHES ?? 20_000);

function startEndpoint(): Promise<{ child: ChildProcess; origin: string; caFile: string }> {
  const child = fork(path.join(import.meta.dirname, "../server/testing/push-endpoint-process.ts"), {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  return new Promise((resolve, reject) => {
    child.once("message", (m: { origin: string; caFile: string }) => resolve({ child, ...m }));
    child.once("exit", (code) => reject(new Error(`push endpoint exited (${code})`)));
  });
}

const stats = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once("message", (m: { posts: number }) => resolve(m.posts));
    child.send("stats");
  });

/** Browser-like subscriptions (real P-256 keys and auth secrets) at the endpoint. */
function subscriptions(origin: string, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return {
      endpoint: `${origin}/push/bench-${i}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
    };
  });
}

const perMinute = (count: number, ms: number) => Math.round((count / ms) * 60_000);

const { child, origin, caFile } = await startEndpoint();
try {
  const subs = subscriptions(origin, N);

  // 1. The sender alone.
  const sender = new WebPushSender({ ca: (await import("node:fs")).readFileSync(caFile, "utf8") });
  const keys = { ...webpushKeys(), subject: vapidSubject() };
  const payload = JSON.stringify({
    title: "Bench Motors",
    message: "Oil change 20% off this week",
    tag: "x",
  });
  let next = 0;
  let ok = 0;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next < subs.length) {
        const s = subs[next++];
        const outcome = await sender.send({ subscription: s, payload, keys, topic: `bench${next}` });
        if (outcome.result === "sent") ok++;
      }
    }),
  );
  const senderMs = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  sender.close();
  console.log(
    `sender alone: ${ok} of ${N} encrypted web-push sends accepted in ${(senderMs / 1000).toFixed(1)} s = ${perMinute(ok, senderMs)} per minute (wall clock, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores); ${(cpuMs / 1000).toFixed(1)} s of this process's CPU = ${perMinute(ok, cpuMs)} per minute of one core`,
  );

  // 2. The pipeline on the app's database.
  const app = await testApp({ config: { pushCaFile: caFile, logLevel: "error" } });
  try {
    const owner = await testUser(app);
    const appId = await testAppOf(app, owner, "Bench Motors");
    await vapid(app.database.db);
    for (let i = 0; i < subs.length; i += 2000) {
      const part = subs.slice(i, i + 2000);
      await app.database.execute(
        `insert into push_subscriptions (app_id, user_id, platform, token)
           select $1, u, 'Web', t from unnest($2::text[], $3::text[]) as x(u, t)`,
        [appId, part.map((_, j) => `bench-user-${i + j}`), part.map((s) => JSON.stringify(s))],
      );
    }
    const { rows } = await app.database.execute(
      `insert into push_notifications (owner_app_id, message, schedule_time, next_at)
         values ($1, 'Oil change 20% off this week', now(), now()) returning id`,
      [appId],
    );
    await app.database.execute("insert into push_notification_apps (push_id, app_id) values ($1, $2)", [
      rows[0].id,
      appId,
    ]);
    const before = await stats(child);
    const t0 = performance.now();
    await app.queue.send(PUSH_SCHEDULE_JOB, {});
    const pipelineMs = performance.now() - t0;
    const received = (await stats(child)) - before;
    const [occ] = (
      await app.database.execute(
        `select o.targeted, o.sent, o.failed,
           extract(epoch from (select min(sent_at) from push_deliveries where occurrence_id = o.id) - o.created_at) as fan_out_s,
           extract(epoch from (select max(sent_at) - min(sent_at) from push_deliveries where occurrence_id = o.id)) as sending_s
         from push_occurrences o where o.push_id = $1`,
        [rows[0].id],
      )
    ).rows;
    const sendingMs = Number(occ.sending_s) * 1000;
    console.log(
      `whole pipeline on ${app.database.engine} (fan-out, claim, send, record): ${occ.sent} of ${occ.targeted} sent (${received} received, ${occ.failed} failed) in ${(pipelineMs / 1000).toFixed(1)} s = ${perMinute(Number(occ.sent), pipelineMs)} per minute; fan-out ${Number(occ.fan_out_s).toFixed(1)} s, then sending ${(sendingMs / 1000).toFixed(1)} s = ${perMinute(Number(occ.sent), sendingMs)} per minute`,
    );
  } finally {
    await app.close();
  }
} finally {
  child.send("close");
}

function webpushKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: ecdh.getPrivateKey().toString("base64url"),
  };
}
