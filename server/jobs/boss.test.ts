import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/connect.ts";
import { outboxMailer } from "../services/mail.ts";
import { runDueJobs, testApp, testDatabase } from "../test-helpers.ts";
import { BossQueue } from "./boss.ts";
import { InlineQueue, singletonJobId } from "./queue.ts";
import type { JobDefinition } from "./types.ts";

const log = pino({ level: "silent" });
let database: Database | undefined;
let queue: BossQueue | undefined;
afterEach(async () => {
  await queue?.stop();
  await database?.close();
  queue = undefined;
  database = undefined;
});

async function until<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("pg-boss through the app's database", () => {
  it("creates its schema on start, runs a job, retries a failing one and ignores a repeated singleton key", async () => {
    database = await testDatabase();
    const seen: string[] = [];
    let failures = 0;
    const definitions: JobDefinition[] = [
      {
        name: "test.echo",
        async handler(data: { word: string }, ctx) {
          // The handler reaches the app's database through its context.
          const { rows } = await ctx.database.execute("select $1::text as word", [data.word]);
          seen.push(rows[0].word);
        },
      },
      {
        name: "test.flaky",
        retryLimit: 2,
        retryBackoff: false,
        async handler() {
          failures++;
          if (failures < 2) throw new Error("first try fails");
          seen.push("flaky done");
        },
      },
    ];
    const mailer = outboxMailer(database.db, log);
    const db = database;
    queue = new BossQueue({
      database: db,
      definitions,
      context: () => ({ database: db, db: db.db, mailer, config: {} as never, log }),
      log,
      pollingIntervalSeconds: 0.5,
    });
    await queue.start();
    const { rows } = await database.execute(
      "select count(*)::int as n from pgboss.queue where name like 'test.%'",
    );
    expect(rows[0].n).toBe(2);

    const id = await queue.send("test.echo", { word: "hello" }, { singletonKey: "k1" });
    expect(id).toBe(singletonJobId("test.echo", "k1"));
    expect(await queue.send("test.echo", { word: "again" }, { singletonKey: "k1" })).toBeNull();
    await queue.send("test.flaky", {});
    await until(() => (seen.includes("hello") && seen.includes("flaky done") ? true : undefined));
    expect(seen.filter((w) => w === "hello")).toHaveLength(1);
    expect(seen).not.toContain("again");
    expect(failures).toBe(2);
  }, 60_000);
});

describe("the inline queue of server tests", () => {
  it("runs a job within send, keeps a later one until runDueJobs, and drops a repeated singleton key", async () => {
    const app = await testApp();
    try {
      expect(app.queue).toBeInstanceOf(InlineQueue);
      const inline = app.queue as InlineQueue;
      const ran: { word: string; at: string }[] = [];
      const probe: JobDefinition = {
        name: "test.probe",
        async handler(data: { word: string }, ctx) {
          ran.push({ word: data.word, at: ctx.now().toISOString() });
        },
      };
      (inline as unknown as { byName: Map<string, JobDefinition> }).byName.set(probe.name, probe);
      await app.queue.send("test.probe", { word: "now" });
      expect(ran.map((r) => r.word)).toEqual(["now"]);
      const later = new Date(Date.now() + 3_600_000);
      await app.queue.send("test.probe", { word: "later" }, { startAfter: later, singletonKey: "x" });
      expect(await app.queue.send("test.probe", { word: "dup" }, { singletonKey: "x" })).toBeNull();
      expect(await runDueJobs(app, new Date(later.getTime() - 1000))).toBe(0);
      expect(await runDueJobs(app, later)).toBe(1);
      expect(ran).toEqual([
        { word: "now", at: expect.any(String) },
        { word: "later", at: later.toISOString() },
      ]);
    } finally {
      await app.close();
    }
  });
});
