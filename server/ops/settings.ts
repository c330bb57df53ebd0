import { and, eq } from "drizzle-orm";
import type { Setting } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appSettings } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller } from "./apps.ts";

/** Settings are small configuration values, not a file store. */
export const MAX_SETTING_BYTES = 64 * 1024;

const where = (appId: string, key: string) => and(eq(appSettings.appId, appId), eq(appSettings.key, key));

/** A setting's value, or null when it was never set. */
export async function getSetting(db: Db, caller: Caller, appId: string, key: string): Promise<Setting> {
  await appForCaller(db, caller, appId, "settings.read");
  const [row] = await db.select().from(appSettings).where(where(appId, key));
  return { key, value: row?.value ?? null };
}

export async function putSetting(
  db: Db,
  caller: Caller,
  appId: string,
  key: string,
  value: unknown,
): Promise<Setting> {
  await appForCaller(db, caller, appId, "settings.write");
  if (Buffer.byteLength(JSON.stringify(value ?? null)) > MAX_SETTING_BYTES)
    throw new ApiError("SettingTooLarge");
  // A null value reads back the same as an unset key, so it is stored as no row at all.
  if (value === null || value === undefined) {
    await db.delete(appSettings).where(where(appId, key));
    return { key, value: null };
  }
  const stored = value;
  await db
    .insert(appSettings)
    .values({ appId, key, value: stored })
    .onConflictDoUpdate({
      target: [appSettings.appId, appSettings.key],
      set: { value: stored, updatedAt: new Date() },
    });
  return { key, value: stored };
}

export async function deleteSetting(db: Db, caller: Caller, appId: string, key: string): Promise<void> {
  await appForCaller(db, caller, appId, "settings.write");
  await db.delete(appSettings).where(where(appId, key));
}
