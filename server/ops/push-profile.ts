import { eq } from "drizzle-orm";
import type { PushProfile, PushProfileView } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { isSealed, open, seal } from "../services/crypto-box.ts";
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

/**
 * The profile's secrets (iOS key, Android private key, Web VAPID private key) through `f`: sealing them
 * for storage, or opening them for use. Other fields are kept as they are.
 */
function mapSecrets(p: PushProfile, f: (secret: string) => string): PushProfile {
  const out: PushProfile = { ...p };
  if (p.ios?.key) out.ios = { ...p.ios, key: f(p.ios.key) };
  if (p.android?.privateKey) out.android = { ...p.android, privateKey: f(p.android.privateKey) };
  if (p.web?.privateKey) out.web = { ...p.web, privateKey: f(p.web.privateKey) };
  return out;
}

/** The profile as stored: every secret sealed (a sealed one is left as it is). */
const sealed = (p: PushProfile) => mapSecrets(p, (s) => (isSealed(s) ? s : seal(s)));

const hasPlainSecret = (p: PushProfile) =>
  [p.ios?.key, p.android?.privateKey, p.web?.privateKey].some((s) => s !== undefined && !isSealed(s));

/**
 * The stored profile of an app row, or null. A profile stored before encryption (plain secrets) is sealed
 * and written back on this read, so it keeps working and stops being plain at rest.
 */
async function storedProfile(db: Db, row: { id: string; pushProfile: unknown }): Promise<PushProfile | null> {
  const profile = row.pushProfile as PushProfile | null;
  if (!profile) return null;
  if (!hasPlainSecret(profile)) return profile;
  const migrated = sealed(profile);
  await db.update(apps).set({ pushProfile: migrated }).where(eq(apps.id, row.id));
  return migrated;
}

export async function getPushProfile(db: Db, appId: string): Promise<PushProfileView> {
  const row = await adminAppRow(db, appId);
  const profile = await storedProfile(db, row);
  if (!profile) throw new ApiError("PushProfileNotFound");
  return toView(profile);
}

/**
 * The app's profile with its secrets in the clear, for the senders (null without one). A plain stored
 * profile is sealed on the way.
 */
export async function pushProfileSecrets(db: Db, appId: string): Promise<PushProfile | null> {
  const [row] = await db
    .select({ id: apps.id, pushProfile: apps.pushProfile })
    .from(apps)
    .where(eq(apps.id, appId));
  const profile = row ? await storedProfile(db, row) : null;
  return profile ? mapSecrets(profile, (s) => open(s)) : null;
}

/** Replaces the platforms given and keeps the others, so one platform's keys can be rotated alone. */
export async function setPushProfile(db: Db, appId: string, input: PushProfile): Promise<PushProfileView> {
  const row = await adminAppRow(db, appId);
  const merged = sealed({ ...((row.pushProfile as PushProfile | null) ?? {}), ...input });
  await db.update(apps).set({ pushProfile: merged }).where(eq(apps.id, appId));
  return toView(merged);
}

export async function deletePushProfile(db: Db, appId: string): Promise<void> {
  await adminAppRow(db, appId);
  await db.update(apps).set({ pushProfile: null }).where(eq(apps.id, appId));
}
