import { and, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type {
  AdminAppList,
  AdminAppsQuery,
  AdminAppView,
  AppLocations,
  AppMetadata,
  AppRelease,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appReleases, apps } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { type AppRow, UUID } from "./apps.ts";

type Json = Record<string, unknown>;

/** Metadata keys that are app columns; every other metadata key lives in the `metadata` JSON column. */
const columnKeys = {
  status: "status",
  lang: "lang",
  domainType: "domainType",
  makeModelType: "makeModelType",
  isMaster: "isMaster",
  website: "website",
  portalUrl: "portalUrl",
  loyaltyAccountId: "loyaltyAccountId",
  integrationConfig: "integrationConfig",
  loyaltyConfig: "loyaltyConfig",
  navi360Config: "navi360Config",
  uptimeProConfig: "uptimeProConfig",
} as const satisfies Partial<Record<keyof AppMetadata, keyof AppRow>>;

/** Fields the builder's save also writes: changing them must move the version so an open builder notices. */
const builderFields = new Set(["lang", "domainType", "makeModelType"]);

const metadataKeys = [
  "appleBundleId",
  "iosVersion",
  "androidVersion",
  "inReviewVersion",
  "appleStoreUrl",
  "googlePlayUrl",
  "analyticsId",
  "integrationAccountId",
  "brandLocked",
] as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /admin/apps: name filter on the definition's name or the slug, master apps hidden unless asked. */
export async function listAdminApps(db: Db, q: AdminAppsQuery): Promise<AdminAppList> {
  const filters: SQL[] = [];
  if (!q.includeMaster) filters.push(eq(apps.isMaster, false));
  if (q.name?.trim()) {
    const like = `%${escapeLike(q.name.trim())}%`;
    filters.push(sql`(${apps.definition}->>'name' ilike ${like} or ${ilike(apps.slug, like)})`);
  }
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({
      app: apps,
      // Table-qualified by hand: drizzle writes a select's columns unqualified inside a subquery.
      owner: sql<string | null>`(select u.email from app_roles r join users u on u.id = r.user_id
        where r.app_id = "apps"."id" and r.role = 'Owner' order by u.email limit 1)`,
    })
    .from(apps)
    .where(where)
    .orderBy(desc(apps.createdAt), apps.id)
    .offset(q.skip)
    .limit(q.take);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(apps).where(where);
  return {
    total: Number(n),
    items: rows.map(({ app: r, owner }) => ({
      appId: r.id,
      name: String((r.definition as Json).name ?? ""),
      slug: r.slug,
      status: r.status,
      domainType: r.domainType,
      makeModelType: r.makeModelType,
      isMaster: r.isMaster,
      version: r.version,
      created: r.createdAt.toISOString(),
      owner: owner ?? null,
    })),
  };
}

export async function adminAppRow(db: Db, appId: string): Promise<AppRow> {
  if (!UUID.test(appId)) throw new ApiError("AppNotFound");
  const [row] = await db.select().from(apps).where(eq(apps.id, appId));
  if (!row) throw new ApiError("AppNotFound");
  return row;
}

const toRelease = (r: typeof appReleases.$inferSelect): AppRelease => ({
  id: r.id,
  version: r.version,
  fullUpdate: r.fullUpdate,
  created: r.createdAt.toISOString(),
});

/** The admin app view of spec §3. */
export async function adminAppView(db: Db, appId: string): Promise<AdminAppView> {
  const row = await adminAppRow(db, appId);
  const meta = row.metadata as Json;
  const str = (k: string) => (typeof meta[k] === "string" ? (meta[k] as string) : null);
  const [last] = await db
    .select()
    .from(appReleases)
    .where(eq(appReleases.appId, appId))
    .orderBy(desc(appReleases.createdAt))
    .limit(1);
  return {
    appId: row.id,
    name: String((row.definition as Json).name ?? ""),
    slug: row.slug,
    created: row.createdAt.toISOString(),
    version: row.version,
    status: row.status,
    lang: row.lang,
    domainType: row.domainType,
    makeModelType: row.makeModelType,
    isMaster: row.isMaster,
    multiappId: row.multiappId,
    website: row.website,
    portalUrl: row.portalUrl,
    locations: (row.locations as AppLocations | null) ?? null,
    loyaltyAccountId: row.loyaltyAccountId,
    integrationConfig: row.integrationConfig as Json,
    loyaltyConfig: row.loyaltyConfig as Json | null,
    navi360Config: row.navi360Config as Json | null,
    uptimeProConfig: row.uptimeProConfig as Json | null,
    appleBundleId: str("appleBundleId"),
    iosVersion: str("iosVersion"),
    androidVersion: str("androidVersion"),
    inReviewVersion: str("inReviewVersion"),
    appleStoreUrl: str("appleStoreUrl"),
    googlePlayUrl: str("googlePlayUrl"),
    analyticsId: str("analyticsId"),
    integrationAccountId: str("integrationAccountId"),
    brandLocked: meta.brandLocked === true,
    lastRelease: last ? toRelease(last) : null,
  };
}

/** GET /admin/apps/{id}/metadata: every editable key with its current value. */
export async function getMetadata(db: Db, appId: string): Promise<Required<AppMetadata>> {
  const v = await adminAppView(db, appId);
  return {
    appleBundleId: v.appleBundleId,
    iosVersion: v.iosVersion,
    androidVersion: v.androidVersion,
    inReviewVersion: v.inReviewVersion,
    appleStoreUrl: v.appleStoreUrl,
    googlePlayUrl: v.googlePlayUrl,
    analyticsId: v.analyticsId,
    integrationAccountId: v.integrationAccountId,
    loyaltyAccountId: v.loyaltyAccountId,
    brandLocked: v.brandLocked,
    isMaster: v.isMaster,
    status: v.status as Required<AppMetadata>["status"],
    lang: v.lang as Required<AppMetadata>["lang"],
    domainType: v.domainType as Required<AppMetadata>["domainType"],
    makeModelType: v.makeModelType as Required<AppMetadata>["makeModelType"],
    website: v.website,
    portalUrl: v.portalUrl,
    integrationConfig: v.integrationConfig,
    loyaltyConfig: v.loyaltyConfig,
    navi360Config: v.navi360Config,
    uptimeProConfig: v.uptimeProConfig,
  };
}

/** Merges one level deep: objects merge key by key, null removes a key, anything else replaces. */
function mergeObject(base: Json | null, patch: Json): Json {
  const out: Json = { ...(base ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/**
 * PUT /admin/apps/{id}/metadata: merged into what is stored (absent keys kept, null clears, configs merge
 * key by key). Returns the merged metadata.
 */
export async function putMetadata(db: Db, appId: string, patch: AppMetadata): Promise<Required<AppMetadata>> {
  const row = await adminAppRow(db, appId);
  const columns: Json = {};
  const meta: Json = { ...(row.metadata as Json) };
  let bumpVersion = false;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (key in columnKeys) {
      const column = columnKeys[key as keyof typeof columnKeys];
      const current = row[column];
      if (key.endsWith("Config"))
        columns[column] =
          value === null
            ? key === "integrationConfig"
              ? { rewardsStatus: "Disabled" }
              : null
            : mergeObject(current as Json | null, value as unknown as Json);
      else columns[column] = value;
      if (builderFields.has(key) && value !== current) bumpVersion = true;
    } else if ((metadataKeys as readonly string[]).includes(key)) {
      if (value === null) delete meta[key];
      else meta[key] = value;
    }
  }
  await db
    .update(apps)
    .set({
      ...columns,
      metadata: meta,
      ...(bumpVersion ? { version: sql`${apps.version} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(apps.id, appId));
  return getMetadata(db, appId);
}

/** Records a release of the current definition to the stores (spec §4 "Admin can release an app"). */
export async function releaseApp(
  db: Db,
  caller: Caller,
  appId: string,
  fullUpdate: boolean,
): Promise<AppRelease> {
  const row = await adminAppRow(db, appId);
  const [release] = await db
    .insert(appReleases)
    .values({ appId, version: row.version, fullUpdate, definition: row.definition, createdBy: caller.id })
    .returning();
  return toRelease(release);
}

/** Sets the version now in store review, or clears it with an empty value. */
export async function setReviewVersion(db: Db, appId: string, version: string): Promise<AdminAppView> {
  await putMetadata(db, appId, { inReviewVersion: version || null });
  return adminAppView(db, appId);
}

export async function setLocations(db: Db, appId: string, locations: AppLocations): Promise<AdminAppView> {
  await adminAppRow(db, appId);
  await db.update(apps).set({ locations, updatedAt: new Date() }).where(eq(apps.id, appId));
  return adminAppView(db, appId);
}

/** Lets the app's members change its name and logo again (see BrandLocked in ops/apps.ts). */
export async function brandUnlock(db: Db, appId: string): Promise<AdminAppView> {
  await putMetadata(db, appId, { brandLocked: false });
  return adminAppView(db, appId);
}
