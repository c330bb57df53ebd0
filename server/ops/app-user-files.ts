import { randomUUID } from "node:crypto";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { AppUserFile } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appUserFiles } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import type { Storage } from "../services/storage.ts";
import { UUID } from "./apps.ts";

type FileRow = typeof appUserFiles.$inferSelect;

const toFile = (r: FileRow): AppUserFile => ({
  id: r.id,
  appId: r.appId,
  name: r.name,
  url: `/api/admin/apps/app-users/files/${r.id}`,
  bytes: r.bytes,
  created: r.createdAt.toISOString(),
});

/** Keeps a file about an app's users (an upload or an export); later modules call this. */
export async function storeAppUserFile(
  db: Db,
  storage: Storage,
  appId: string,
  name: string,
  contentType: string,
  bytes: Buffer,
): Promise<AppUserFile> {
  const ext = path
    .extname(name)
    .replace(/[^a-zA-Z0-9.]/g, "")
    .slice(0, 10);
  const key = `app-user-file-${randomUUID()}${ext}`;
  await storage.put(key, bytes);
  const [row] = await db
    .insert(appUserFiles)
    .values({ appId, name: name.slice(0, 200), key, contentType, bytes: bytes.length })
    .returning();
  return toFile(row);
}

export async function listAppUserFiles(db: Db, appId?: string): Promise<AppUserFile[]> {
  if (appId !== undefined && !UUID.test(appId)) return [];
  const rows = await db
    .select()
    .from(appUserFiles)
    .where(appId ? eq(appUserFiles.appId, appId) : undefined)
    .orderBy(desc(appUserFiles.createdAt))
    .limit(1000);
  return rows.map(toFile);
}

async function fileRow(db: Db, id: string): Promise<FileRow> {
  if (!UUID.test(id)) throw new ApiError("FileNotFound");
  const [row] = await db.select().from(appUserFiles).where(eq(appUserFiles.id, id));
  if (!row) throw new ApiError("FileNotFound");
  return row;
}

export async function readAppUserFile(db: Db, storage: Storage, id: string) {
  const row = await fileRow(db, id);
  const bytes = await storage.get(row.key);
  if (!bytes) throw new ApiError("FileNotFound");
  return { name: row.name, contentType: row.contentType, bytes };
}

export async function deleteAppUserFile(db: Db, storage: Storage, id: string): Promise<void> {
  const row = await fileRow(db, id);
  await db.delete(appUserFiles).where(eq(appUserFiles.id, id));
  await storage.delete(row.key);
}
