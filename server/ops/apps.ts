import { and, asc, eq, sql } from "drizzle-orm";
import { seedFromTemplate } from "../../core/index.ts";
import { followableUrl } from "../../core/url-policy.ts";
import type { App, AppCreate, AppDefinition, AppUpdate, MobileApp } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appRoles, apps } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type AppAction, type AppRole, type Caller, isAdmin, mayOnApp } from "../permissions.ts";

export type AppRow = typeof apps.$inferSelect;

/** Parts of the definition the server owns: the builder's save never overwrites them (spec §4). */
export const serverOwnedParts = ["coupons", "events", "geofences"] as const;

/** The app as the builder reads it: the app's own fields, the caller's role and the definition. */
export function toApp(row: AppRow, role?: string | null): App {
  const extras: Record<string, unknown> = {
    multiappId: row.multiappId,
    locations: row.locations,
    integrationConfig: row.integrationConfig,
    navi360Config: row.navi360Config,
    uptimeProConfig: row.uptimeProConfig,
    loyaltyConfig: row.loyaltyConfig,
    loyaltyAccountId: row.loyaltyAccountId,
    website: row.website,
    portalUrl: row.portalUrl,
  };
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
    ...extras,
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

export const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The template app (spec §9: a fixed id from configuration, else the oldest master app). */
export async function templateApp(db: Db, templateAppId?: string): Promise<AppRow> {
  const [row] = templateAppId
    ? UUID.test(templateAppId)
      ? await db.select().from(apps).where(eq(apps.id, templateAppId))
      : []
    : await db.select().from(apps).where(eq(apps.isMaster, true)).orderBy(asc(apps.createdAt)).limit(1);
  if (!row) throw new ApiError("TemplateNotFound");
  return row;
}

/** The template's definition, ready to start a new app from (new feature ids, no coupons or events). */
export async function templateDefinition(db: Db, templateAppId?: string): Promise<AppDefinition> {
  const row = await templateApp(db, templateAppId);
  return seedFromTemplate(row.definition as AppDefinition);
}

/**
 * Creates an app whose creator becomes its Owner. With `fromTemplate` the template's seeded definition is
 * the base and the given definition's keys win.
 */
export async function createApp(
  db: Db,
  caller: Caller,
  input: AppCreate,
  opts: { fromTemplate?: boolean; templateAppId?: string } = {},
): Promise<App> {
  const definition = opts.fromTemplate
    ? { ...(await templateDefinition(db, opts.templateAppId)), ...input.definition }
    : input.definition;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apps)
        .values({
          slug: input.slug ?? slugFrom(input.definition.name),
          lang: input.lang,
          domainType: input.domainType,
          makeModelType: input.makeModelType,
          definition,
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
  const on = and(eq(appRoles.appId, apps.id), eq(appRoles.userId, caller.id));
  const rows = isAdmin(caller)
    ? await db
        .select({ app: apps, role: appRoles.role })
        .from(apps)
        .leftJoin(appRoles, on)
        .orderBy(apps.createdAt)
    : await db
        .select({ app: apps, role: appRoles.role })
        .from(apps)
        .innerJoin(appRoles, on)
        .orderBy(apps.createdAt);
  return rows.map((r) => toApp(r.app, r.role));
}

export interface AppAccess {
  row: AppRow;
  role: AppRole | null;
  locations: string[];
}

/**
 * Loads an app and checks the caller's role on it. A stranger gets 404, not 403, so app ids cannot be
 * probed; a member without the needed role gets 403.
 */
export async function appForCaller(
  db: Db,
  caller: Caller,
  appId: string,
  action: AppAction,
): Promise<AppAccess> {
  if (!UUID.test(appId)) throw new ApiError("AppNotFound");
  const [hit] = await db
    .select({ app: apps, role: appRoles.role, locations: appRoles.locations })
    .from(apps)
    .leftJoin(appRoles, and(eq(appRoles.appId, apps.id), eq(appRoles.userId, caller.id)))
    .where(eq(apps.id, appId));
  const role = (hit?.role ?? null) as AppRole | null;
  if (!hit || (role === null && !isAdmin(caller))) throw new ApiError("AppNotFound");
  if (!mayOnApp(caller, role, action)) throw new ApiError("Forbidden");
  return { row: hit.app, role, locations: (hit.locations as string[] | null) ?? [] };
}

export async function getApp(db: Db, caller: Caller, appId: string): Promise<App> {
  const { row, role } = await appForCaller(db, caller, appId, "app.read");
  return toApp(row, role);
}

const MAX_VERSION = 2_147_483_647; // the integer column's range

type Definition = Record<string, unknown>;

/**
 * Saves an app if nobody else saved since `input.version` (optimistic concurrency). On a stale version the
 * 409 carries the current app so the builder can offer "reload theirs" or "keep mine". The stored coupons,
 * events and geofences are kept whatever the builder sent: they are edited through their own calls, and a
 * builder tab opened before someone added a coupon must not delete it.
 */
export async function updateApp(db: Db, caller: Caller, appId: string, input: AppUpdate): Promise<App> {
  const { row: before, role } = await appForCaller(db, caller, appId, "app.edit");
  const stored = before.definition as Definition;
  const definition: Definition = { ...input.definition };
  for (const part of serverOwnedParts) {
    if (part in stored) definition[part] = stored[part];
    else delete definition[part];
  }
  const metadata = before.metadata as { brandLocked?: boolean };
  if (
    metadata.brandLocked &&
    !isAdmin(caller) &&
    (definition.name !== stored.name || (definition.logo ?? "") !== (stored.logo ?? ""))
  )
    throw new ApiError("BrandLocked");
  if (input.version <= MAX_VERSION) {
    try {
      const [row] = await db
        .update(apps)
        .set({
          slug: input.slug,
          ...(input.lang ? { lang: input.lang } : {}),
          ...(input.domainType ? { domainType: input.domainType } : {}),
          ...(input.makeModelType ? { makeModelType: input.makeModelType } : {}),
          definition,
          version: sql`${apps.version} + 1`,
          updatedAt: new Date(),
        })
        // The version check and the write are one statement, so two concurrent saves cannot both pass.
        .where(and(eq(apps.id, appId), eq(apps.version, input.version)))
        .returning();
      if (row) return toApp(row, role);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError("SlugTaken");
      throw e;
    }
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
    integrations: publicIntegrations(row),
  };
}

/** The one public part of an integration's config: its address, when it passes the URL policy. */
function publicIntegrations(row: {
  navi360Config: unknown;
  uptimeProConfig: unknown;
}): MobileApp["integrations"] {
  const urlOf = (config: unknown) => {
    const raw = (config as { url?: unknown } | null)?.url;
    const url = typeof raw === "string" ? followableUrl(raw, { appLinks: false }) : undefined;
    return url ? { url } : undefined;
  };
  const navi360Config = urlOf(row.navi360Config);
  const uptimeProConfig = urlOf(row.uptimeProConfig);
  return navi360Config || uptimeProConfig ? { navi360Config, uptimeProConfig } : undefined;
}
