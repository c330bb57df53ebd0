import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Multiapp, MultiappInput } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps, multiapps } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { UUID } from "./apps.ts";

type Row = typeof multiapps.$inferSelect;

const toMultiapp = (r: Row): Multiapp => ({
  id: r.id,
  name: r.name,
  appIds: r.appIds as string[],
  downloadsAppId: r.downloadsAppId,
  created: r.createdAt.toISOString(),
});

/** Every id must name an existing app, and the downloads app must be one of the group. */
async function checkApps(db: Db, input: MultiappInput) {
  const ids = input.appIds;
  const found = ids.length ? await db.select({ id: apps.id }).from(apps).where(inArray(apps.id, ids)) : [];
  const known = new Set(found.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new ApiError("InvalidValue", `Unknown app ids: ${unknown.join(", ")}`);
  if (input.downloadsAppId && !ids.includes(input.downloadsAppId))
    throw new ApiError("InvalidValue", "The downloads app must be one of the group's apps");
}

/** Keeps each app's multiappId in step with the groups' member lists. */
async function syncMembers(db: Db, id: string, appIds: string[]) {
  await db
    .update(apps)
    .set({ multiappId: null })
    .where(and(eq(apps.multiappId, id), appIds.length ? notInArray(apps.id, appIds) : undefined));
  if (appIds.length) await db.update(apps).set({ multiappId: id }).where(inArray(apps.id, appIds));
}

export async function listMultiapps(db: Db): Promise<Multiapp[]> {
  return (await db.select().from(multiapps).orderBy(asc(multiapps.name))).map(toMultiapp);
}

async function row(db: Db, id: string): Promise<Row> {
  if (!UUID.test(id)) throw new ApiError("MultiappNotFound");
  const [r] = await db.select().from(multiapps).where(eq(multiapps.id, id));
  if (!r) throw new ApiError("MultiappNotFound");
  return r;
}

export const getMultiapp = async (db: Db, id: string) => toMultiapp(await row(db, id));

export async function createMultiapp(db: Db, input: MultiappInput): Promise<Multiapp> {
  await checkApps(db, input);
  return db.transaction(async (tx) => {
    const [r] = await tx
      .insert(multiapps)
      .values({ name: input.name.trim(), appIds: input.appIds, downloadsAppId: input.downloadsAppId ?? null })
      .returning();
    await syncMembers(tx as unknown as Db, r.id, input.appIds);
    return toMultiapp(r);
  });
}

export async function updateMultiapp(db: Db, id: string, input: MultiappInput): Promise<Multiapp> {
  await row(db, id);
  await checkApps(db, input);
  return db.transaction(async (tx) => {
    const [r] = await tx
      .update(multiapps)
      .set({ name: input.name.trim(), appIds: input.appIds, downloadsAppId: input.downloadsAppId ?? null })
      .where(eq(multiapps.id, id))
      .returning();
    await syncMembers(tx as unknown as Db, id, input.appIds);
    return toMultiapp(r);
  });
}

export async function deleteMultiapp(db: Db, id: string): Promise<void> {
  await row(db, id);
  await db.transaction(async (tx) => {
    await syncMembers(tx as unknown as Db, id, []);
    await tx.delete(multiapps).where(eq(multiapps.id, id));
  });
}
