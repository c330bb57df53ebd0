import { eq } from "drizzle-orm";
import type { RowError, StaffMemberInput } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { auditLog, tasks } from "../db/schema-team.ts";
import { ApiError } from "../errors.ts";
import { checkMember, insertMembersTx, parseStaffCsv } from "../ops/staff-members.ts";
import { taskById, taskProgress } from "../ops/tasks.ts";
import type { JobDefinition } from "./types.ts";

export const STAFF_IMPORT_JOB = "staff.import";
export const STAFF_IMPORT_TASK = "staff-import";

/** Rows checked between two progress writes. */
const PROGRESS_EVERY = 10;

export interface StaffImportInput {
  text: string;
}

/**
 * Runs a staff CSV import task: parses the file, checks every row against the schema (progress on the
 * task), then adds all rows in one transaction, or none when any row is bad (the row errors on the task).
 * Idempotent by task: a finished task is left alone, and the insert and the task's "done" commit together.
 */
export async function runStaffImport(db: Db, taskId: string): Promise<void> {
  const task = await taskById(db, taskId);
  if (!task || task.status === "done" || task.status === "failed") return;
  const finish = (errors: RowError[], message: string, total = task.total) =>
    db
      .update(tasks)
      .set({
        status: "failed",
        total,
        processed: total,
        applied: 0,
        errors,
        result: { message },
        finishedAt: new Date(),
      })
      .where(eq(tasks.id, task.id));
  let parsed: ReturnType<typeof parseStaffCsv>;
  try {
    parsed = parseStaffCsv((task.input as StaffImportInput).text);
  } catch (e) {
    if (e instanceof ApiError) return void (await finish([{ row: 1, message: e.message }], e.message, 0));
    throw e;
  }
  const total = parsed.rows.length;
  await db.update(tasks).set({ status: "running", total, processed: 0 }).where(eq(tasks.id, task.id));
  const members: StaffMemberInput[] = [];
  const errors: RowError[] = [];
  let defaults = 0;
  for (let i = 0; i < total; i++) {
    const { line, member } = parsed.rows[i];
    const checked = checkMember(member);
    for (const e of checked.errors) errors.push({ row: line, field: e.field, message: e.message });
    if (checked.value) {
      members.push(checked.value);
      if (checked.value.isDefault && ++defaults === 2)
        errors.push({ row: line, field: "isDefault", message: "Only one staff member can be the default" });
    }
    if ((i + 1) % PROGRESS_EVERY === 0 && i + 1 < total) await taskProgress(db, task.id, i + 1);
  }
  if (!total) return void (await finish([], "The CSV file has no rows", 0));
  if (errors.length)
    return void (await finish(
      errors,
      `${new Set(errors.map((e) => e.row)).size} of ${total} rows are invalid; nothing was imported`,
      total,
    ));
  await db.transaction(async (tx) => {
    const rows = await insertMembersTx(tx, task.appId, members);
    await tx.insert(auditLog).values({
      actorId: task.createdBy,
      appId: task.appId,
      action: "staff.import",
      target: task.id,
      after: { added: rows.length, fileName: task.fileName },
    });
    await tx
      .update(tasks)
      .set({
        status: "done",
        processed: total,
        applied: rows.length,
        errors: [],
        result: { message: `${rows.length} staff members imported` },
        finishedAt: new Date(),
      })
      .where(eq(tasks.id, task.id));
  });
}

export const staffImportJob: JobDefinition<{ taskId: string }> = {
  name: STAFF_IMPORT_JOB,
  handler: (data, ctx) => runStaffImport(ctx.db, data.taskId),
  retryLimit: 2,
  expireInSeconds: 600,
};
