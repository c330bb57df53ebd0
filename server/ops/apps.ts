import { and, eq, sql } from "drizzle-orm";
import type { App, AppCreate, AppUpdate, MobileApp } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appRoles, apps } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type AppAction, type AppRole, type Caller, mayOnApp } from "../permissions.ts";

type AppRow = typeof apps.$inferSelect;

export function toApp(row: AppRow, role?: string | null): App {
  return {
    appId: row.id,
    slug: row.slug,
    version: row.version,
    created: row.createdAt.toISOString(),
    status: row.status as App["status"],
    lang: row.lang as App["lang"],
    domainType: row.domainType as App["domainType"],
    makeModelType: row.makeModelType as App["makeModelType"],
    ...(role ? { role } : {}),
    definition: row.definition as App["definition"],
  };
}

/** A readable, unique slug from the app name (the user can change it later). */
export function slugFrom(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const suffix = Math.random().toString(36).slice(2, 8);
  return base.length >= 5 ? `${base}-${suffix}` : `app-${base ? `${base}-` : ""}${suffix}`;
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

export async function createApp(db: Db, caller: Caller, input: AppCreate): Promise<App> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apps)
        .values({
          slug: input.slug ?? slugFrom(input.definition.name),
          lang: input.lang,
          domainType: input.domainType,
          makeModelType: input.makeModelType,
          definition: input.definition,
        })
        .returning();
      await tx.insert(appRoles).values({ userId: caller.id, appId: row.id, role: "Owner" });
      return toApp(row, "Owner");
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ApiError("SlugTaken");
    throw e;
  }
}

/** Apps the caller may access: every app for Admins, otherwise those with a role. */
export async function listApps(db: Db, caller: Caller): Promise<App[]> {
  if (caller.type === "Admin") {
    const rows = await db
      .select({ app: apps, role: appRoles.role })
      .from(apps)
      .leftJoin(appRoles, and(eq(appRoles.appId, apps.id), eq(appRoles.userId, caller.id)))
      .orderBy(apps.createdAt);
    return rows.map((r) => toApp(r.app, r.role));
  }
  const rows = await db
    .select({ app: apps, role: appRoles.role })
    .from(apps)
    .innerJoin(appRoles, and(eq(appRoles.appId, apps.id), eq(appRoles.userId, caller.id)))
    .orderBy(apps.createdAt);
  return rows.map((r) => toApp(r.app, r.role));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Loads an app and checks the caller's role on it. A stranger gets 404, not 403, so app ids cannot be
 * probed; a member without the needed role gets 403.
 */
export async function appForCaller(
  db: Db,
  caller: Caller,
  appId: string,
  action: AppAction,
): Promise<{ row: AppRow; role: AppRole | null }> {
  if (!UUID.test(appId)) throw new ApiError("AppNotFound");
  const [hit] = await db
    .select({ app: apps, role: appRoles.role })
    .from(apps)
    .leftJoin(appRoles, and(eq(appRoles.appId, apps.id), eq(appRoles.userId, caller.id)))
    .where(eq(apps.id, appId));
  const role = (hit?.role ?? null) as AppRole | null;
  if (!hit || (role === null && caller.type !== "Admin")) throw new ApiError("AppNotFound");
  if (!mayOnApp(caller, role, action)) throw new ApiError("Forbidden");
  return { row: hit.app, role };
}

export async function getApp(db: Db, caller: Caller, appId: string): Promise<App> {
  const { row, role } = await appForCaller(db, caller, appId, "read");
  return toApp(row, role);
}

/**
 * Saves an app if nobody else saved since `input.version` (optimistic concurrency). On a stale version the
 * 409 carries the current app so the builder can offer "reload theirs" or "keep mine".
 */
export async function updateApp(db: Db, caller: Caller, appId: string, input: AppUpdate): Promise<App> {
  const { role } = await appForCaller(db, caller, appId, "edit");
  try {
    const [row] = await db
      .update(apps)
      .set({
        slug: input.slug,
        ...(input.lang ? { lang: input.lang } : {}),
        ...(input.domainType ? { domainType: input.domainType } : {}),
        ...(input.makeModelType ? { makeModelType: input.makeModelType } : {}),
        definition: input.definition,
        version: sql`${apps.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(apps.id, appId), eq(apps.version, input.version)))
      .returning();
    if (row) return toApp(row, role);
  } catch (e) {
    if (isUniqueViolation(e)) throw new ApiError("SlugTaken");
    throw e;
  }
  const [current] = await db.select().from(apps).where(eq(apps.id, appId));
  throw new ApiError("VersionConflict", undefined, { current: toApp(current, role) });
}

/** The public view the widget reads; discontinued apps answer as the spec says. */
export async function mobileApp(db: Db, appId: string): Promise<MobileApp> {
  if (!UUID.test(appId)) throw new ApiError("AppNotFound");
  const [row] = await db.select().from(apps).where(eq(apps.id, appId));
  if (!row) throw new ApiError("AppNotFound");
  if (row.status === "Inactive") throw new ApiError("AppDiscontinued");
  return {
    appId: row.id,
    lang: row.lang as MobileApp["lang"],
    domainType: row.domainType as MobileApp["domainType"],
    makeModelType: row.makeModelType as MobileApp["makeModelType"],
    definition: row.definition as MobileApp["definition"],
  };
}
