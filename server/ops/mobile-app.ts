import { eq } from "drizzle-orm";
import type { MobileApp } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { mobileApp } from "./apps.ts";
import { activeGeofences } from "./geofences.ts";

/** The Google tag ids of an analytics id setting: G- ids only, comma-separated allowed (spec §7). */
export const googleTagIds = (value: unknown): string[] =>
  typeof value === "string"
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => /^G-[A-Z0-9]+$/i.test(s))
    : [];

/**
 * What GET /mobile/app answers: the public app plus the G- tags the widget mirrors analytics to, and the
 * geofences active now in `definition.geofences` (records of their own, assembled like coupons). Only G- ids
 * leave the server; any other analytics id in the admin metadata stays private.
 */
export async function widgetApp(db: Db, appId: string): Promise<MobileApp> {
  const mobile = await mobileApp(db, appId);
  const fences = await activeGeofences(db, mobile.appId);
  const app = fences.length ? { ...mobile, definition: { ...mobile.definition, geofences: fences } } : mobile;
  const [row] = await db.select({ metadata: apps.metadata }).from(apps).where(eq(apps.id, appId));
  const ids = googleTagIds((row?.metadata as { analyticsId?: unknown } | null)?.analyticsId);
  return ids.length ? { ...app, analyticsIds: ids } : app;
}
