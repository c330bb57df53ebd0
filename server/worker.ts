import path from "node:path";
import pino from "pino";
import { configFromEnv } from "./config.ts";
import { type Database, openDatabase } from "./db/connect.ts";
import { BossQueue } from "./jobs/boss.ts";
import { jobs } from "./jobs/index.ts";
import { configureSecretsKey } from "./services/crypto-box.ts";
import { outboxMailer, smtpMailer } from "./services/mail.ts";

/**
 * `npm run worker`: only the job workers (no HTTP), against DATABASE_URL, so sends scale out beside the API
 * nodes. Any number may run; pg-boss hands each job to one of them and the push sender's claims keep a
 * delivery with one worker at a time. SIGINT/SIGTERM stop after the jobs in hand.
 */
const config = configFromEnv();
const log = pino({ level: config.logLevel });
configureSecretsKey(config.secretsKey);
if (!config.databaseUrl) {
  log.error(
    "npm run worker needs DATABASE_URL (PGlite is one process's database: npm start runs the jobs there)",
  );
  process.exit(1);
}
/**
 * Several workers (and API nodes) starting together each apply pending migrations; when two apply the same
 * one at once, one fails with "already exists". It opens again once the other has committed.
 */
async function open(): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: path.join(config.dataDir, "pglite"),
      });
    } catch (err) {
      if (attempt >= 5) throw err;
      log.warn({ err, attempt }, "opening the database failed (another node migrating?); trying again");
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}
const database = await open();
const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, log);
const queue = new BossQueue({
  database,
  definitions: jobs,
  context: () => ({ database, db: database.db, mailer, config, log }),
  log,
  supervise: process.env.WORKER_SUPERVISE !== "false",
  batchSize: Number(process.env.WORKER_BATCH_SIZE ?? 4),
});
await queue.start();
log.info({ jobs: jobs.map((j) => j.name) }, "worker started");

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, async () => {
    log.info({ signal }, "worker stopping");
    await queue.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  });
