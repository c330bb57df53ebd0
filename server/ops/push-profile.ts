import { eq } from "drizzle-orm";
import type { PushProfile, PushProfileView } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { adminAppRow } from "./admin-apps.ts";

/** The stored profile with its secrets replaced by "is set" flags: keys never travel back out. */
function toView(p: PushProfile): PushProfileView {
  const view: PushProfileView = {};
  if (p.ios) {
    const { key, ...rest } = p.ios;
    view.ios = { ...rest, production: rest.production ?? true, hasKey: Boolean(key) };
  }
  if (p.android) {
    const { privateKey, ...rest } = p.android;
    view.android = { ...rest, hasKey: Boolean(privateKey) };
  }
  if (p.web) {
    const { privateKey, ...rest } = p.web;
    view.web = { ...rest, hasKey: Boolean(privateKey) };
  }
  return view;
}

export async function getPushProfile(db: Db, appId: string): Promise<PushProfileView> {
  const row = await adminAppRow(db, appId);
  if (!row.pushProfile) throw new ApiError("PushProfileNotFound");
  return toView(row.pushProfile as PushProfile);
}

/** Replaces the platforms given and keeps the others, so one platform's keys can be rotated alone. */
export async function setPushProfile(db: Db, appId: string, input: PushProfile): Promise<PushProfileView> {
  const row = await adminAppRow(db, appId);
  const merged: PushProfile = { ...((row.pushProfile as PushProfile | null) ?? {}), ...input };
  await db.update(apps).set({ pushProfile: merged }).where(eq(apps.id, appId));
  return toView(merged);
}

export async function deletePushProfile(db: Db, appId: string): Promise<void> {
  await adminAppRow(db, appId);
  await db.update(apps).set({ pushProfile: null }).where(eq(apps.id, appId));
}
