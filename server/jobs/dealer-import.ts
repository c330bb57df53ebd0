import { eq } from "drizzle-orm";
import type { DealerKind, RowError } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { auditLog, tasks } from "../db/schema-team.ts";
import { ApiError } from "../errors.ts";
import { checkRecords, parseDealerCsv, upsertRecords } from "../ops/dealer-data.ts";
import { taskById, taskProgress } from "../ops/tasks.ts";
import type { JobDefinition } from "./types.ts";

export const DEALER_IMPORT_JOB = "dealer.import";
export const DEALER_IMPORT_TASK = "dealer-import";

/** A dealer import: a CSV file with its column mapping, or a JSON batch from the integration API. */
export interface DealerImportInput {
  kind: DealerKind;
  text?: string;
  mapping?: Record<string, string>;
  records?: unknown[];
  /** "csv" (console upload) or "api" (integration key). */
  source: "csv" | "api";
}

/**
 * Runs a dealer import task: reads the file (or batch), checks every row (progress on the task), then
 * upserts all rows by natural key in one transaction, or none when any row is bad (row errors on the task).
 * Idempotent by task: a finished task is left alone, and the upsert and the task's "done" commit together;
 * a replayed file upserts onto the same rows.
 */
export async function runDealerImport(db: Db, taskId: string): Promise<void> {
  const task = await taskById(db, taskId);
  if (!task || task.status === "done" || task.status === "failed") return;
  const input = task.input as DealerImportInput;
  const fail = (errors: RowError[], message: string, total = task.total) =>
    db
      .update(tasks)
      .set({
        status: "failed",
        total,
        processed: total,
        applied: 0,
        errors: errors.slice(0, 1000),
        result: { message },
        finishedAt: new Date(),
      })
      .where(eq(tasks.id, task.id));
  let records: unknown[];
  let rowOf: (i: number) => number = (i) => i + 1;
  let parseErrors: RowError[] = [];
  if (input.text !== undefined) {
    try {
      const parsed = parseDealerCsv(input.kind, input.text, input.mapping);
      records = parsed.rows.map((r) => r.record);
      rowOf = (i) => parsed.rows[i].line;
      parseErrors = parsed.errors;
    } catch (e) {
      if (e instanceof ApiError) return void (await fail([{ row: 1, message: e.message }], e.message, 0));
      throw e;
    }
  } else records = input.records ?? [];
  const total = records.length;
  await db.update(tasks).set({ status: "running", total, processed: 0 }).where(eq(tasks.id, task.id));
  const pending: Promise<unknown>[] = [];
  const { values, errors } = checkRecords(input.kind, records, rowOf, (n) => {
    if (n < total) pending.push(taskProgress(db, task.id, n));
  });
  await Promise.all(pending);
  // A row with a bad cell was left out of the check's values; its cell errors come first.
  const bad = [...parseErrors, ...errors].sort((a, b) => a.row - b.row);
  if (bad.length)
    return void (await fail(
      bad,
      `${new Set(bad.map((e) => e.row)).size} of ${total} rows are invalid; nothing was imported`,
      total,
    ));
  await db.transaction(async (tx) => {
    const done = await upsertRecords(tx, task.appId, input.kind, values);
    await tx.insert(auditLog).values({
      actorId: task.createdBy,
      appId: task.appId,
      action: `dealer.import.${input.kind}`,
      target: task.id,
      after: { ...done, source: input.source, fileName: task.fileName },
    });
    await tx
      .update(tasks)
      .set({
        status: "done",
        processed: total,
        applied: done.inserted + done.updated,
        errors: [],
        result: {
          message: `${total} rows: ${done.inserted} added, ${done.updated} updated, ${done.unchanged} unchanged`,
          ...done,
        },
        finishedAt: new Date(),
      })
      .where(eq(tasks.id, task.id));
  });
}

export const dealerImportJob: JobDefinition<{ taskId: string }> = {
  name: DEALER_IMPORT_JOB,
  handler: (data, ctx) => runDealerImport(ctx.db, data.taskId),
  retryLimit: 2,
  expireInSeconds: 1800,
};
