import { desc, eq } from "drizzle-orm";
import type { TaskRecord } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appReleases } from "../db/schema.ts";
import { tasks } from "../db/schema-team.ts";
import type { Caller } from "../permissions.ts";
import type { Storage } from "../services/storage.ts";
import { adminAppRow, adminAppView } from "./admin-apps.ts";
import { storeAppUserFile } from "./app-user-files.ts";
import { teamOf } from "./managers.ts";
import { createTask, taskById, taskProgress, taskRecord } from "./tasks.ts";

export const LOOT_TASK = "loot";

/**
 * POST /utils/apps/{id}/loot (issue 18, see README "Task board and loot"): gathers what an app is made of
 * into one JSON bundle an admin can keep or hand over: the definition, the admin app view (store data and
 * configs, never push secrets), the team and the releases. It runs as a task of the app, so its progress
 * and outcome read like any other task's (GET /public/apps/{id}/tasks/{taskId}?taskType=loot), and the
 * bundle lands in the app-user files, where the admin console lists, opens and deletes it.
 */
export async function lootApp(db: Db, storage: Storage, caller: Caller, appId: string): Promise<TaskRecord> {
  const row = await adminAppRow(db, appId);
  const parts = ["definition", "admin view", "team", "releases"] as const;
  const task = await createTask(db, {
    appId,
    type: LOOT_TASK,
    input: { parts },
    total: parts.length,
    createdBy: caller.id,
  });
  try {
    const bundle: Record<string, unknown> = {
      app: { appId, slug: row.slug },
      lootedAt: new Date().toISOString(),
    };
    bundle.definition = row.definition;
    await taskProgress(db, task.id, 1);
    bundle.adminView = await adminAppView(db, appId);
    await taskProgress(db, task.id, 2);
    bundle.team = (await teamOf(db, appId)).map((m) => ({
      email: m.email,
      name: m.name,
      role: m.role,
      status: m.status,
    }));
    await taskProgress(db, task.id, 3);
    bundle.releases = (
      await db
        .select()
        .from(appReleases)
        .where(eq(appReleases.appId, appId))
        .orderBy(desc(appReleases.createdAt))
    ).map((r) => ({
      id: r.id,
      version: r.version,
      fullUpdate: r.fullUpdate,
      created: r.createdAt.toISOString(),
    }));
    await taskProgress(db, task.id, 4);
    const day = new Date().toISOString().slice(0, 10);
    const name = `${row.slug}-loot-${day}.json`;
    const file = await storeAppUserFile(
      db,
      storage,
      appId,
      name,
      "application/json",
      Buffer.from(JSON.stringify(bundle, null, 2)),
    );
    await db
      .update(tasks)
      .set({
        status: "done",
        processed: parts.length,
        applied: parts.length,
        fileName: name,
        result: { message: `Saved as ${name}`, fileId: file.id, url: file.url },
        finishedAt: new Date(),
      })
      .where(eq(tasks.id, task.id));
  } catch (e) {
    await db
      .update(tasks)
      .set({ status: "failed", result: { message: (e as Error).message }, finishedAt: new Date() })
      .where(eq(tasks.id, task.id));
  }
  const done = await taskById(db, task.id);
  return taskRecord(done!);
}
