import { and, eq, sql } from "drizzle-orm";
import type { RowError, TaskRecord } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { tasks } from "../db/schema-team.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID } from "./apps.ts";

export type TaskRow = typeof tasks.$inferSelect;

/** A task as the console polls it. */
export function taskRecord(t: TaskRow): TaskRecord {
  const result = (t.result ?? {}) as { message?: string };
  return {
    id: t.id,
    type: t.type,
    status: t.status as TaskRecord["status"],
    ...(t.fileName ? { fileName: t.fileName } : {}),
    total: t.total,
    processed: t.processed,
    applied: t.applied,
    errors: (t.errors as RowError[] | null) ?? [],
    ...(result.message ? { message: result.message } : {}),
    createdAt: t.createdAt.toISOString(),
    ...(t.finishedAt ? { finishedAt: t.finishedAt.toISOString() } : {}),
  };
}

/** Records a queued task of this app; its job fills in progress and the outcome. */
export async function createTask(
  db: Db,
  t: { appId: string; type: string; input: unknown; fileName?: string; total?: number; createdBy?: string },
): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({
      appId: t.appId,
      type: t.type,
      input: t.input as object,
      fileName: t.fileName ?? null,
      total: t.total ?? 0,
      createdBy: t.createdBy ?? null,
    })
    .returning();
  return row;
}

export async function taskById(db: Db, id: string): Promise<TaskRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id.toLowerCase()));
  return row;
}

/** Progress of a running task (a plain UPDATE, outside any import transaction, so pollers see it). */
export async function taskProgress(db: Db, id: string, processed: number) {
  await db
    .update(tasks)
    .set({ status: "running", processed })
    .where(and(eq(tasks.id, id), sql`${tasks.status} in ('queued', 'running')`));
}

/**
 * GET /public/apps/{appId}/tasks/{taskId}?taskType: a task of this app (of this type, when named); any
 * other answers 404 TaskNotFound, so task ids of another app cannot be probed.
 */
export async function getTask(
  db: Db,
  caller: Caller,
  appId: string,
  taskId: string,
  taskType?: string,
): Promise<TaskRecord> {
  await appForCaller(db, caller, appId, "tasks.read");
  const row = await taskById(db, taskId);
  if (!row || row.appId !== appId || (taskType && row.type !== taskType)) throw new ApiError("TaskNotFound");
  return taskRecord(row);
}
