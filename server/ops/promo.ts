import { and, eq } from "drizzle-orm";
import { defaultPromo } from "../../core/index.ts";
import { compile, type MobileApp, Promo } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appSettings, apps, multiapps } from "../db/schema.ts";
import type { Caller } from "../permissions.ts";
import { mayOnApp } from "../permissions.ts";
import { appForCaller, mobileApp } from "./apps.ts";
import { putSetting } from "./settings.ts";

/** The per-app setting key the promo content is stored under (spec §3 settings: key and JSON value). */
export const PROMO_SETTING = "promo";

/** Everything the public promo page is rendered from (spec §2 promo inputs, language aside). */
export interface PromoSource {
  app: MobileApp;
  /** The stored promo, the default one when none was stored, or null when the stored value is unusable. */
  promo: Promo | null;
  /** True when the promo came from the app's name and makeModelType rather than from storage. */
  isDefault: boolean;
  appId: string;
  multiappId: string | null;
  makeModelType: string;
  appleAppUrl: string | null;
  googleAppUrl: string | null;
}

type Metadata = { appleStoreUrl?: string | null; googlePlayUrl?: string | null };

/**
 * Store links come from the app's admin metadata; an app in a multi-app group whose downloads go through
 * another app (multiapp.downloadsAppId) links to that app's store pages, because that is what people install.
 */
async function storeLinks(db: Db, multiappId: string | null, own: Metadata) {
  let meta = own;
  if (multiappId) {
    const [group] = await db.select().from(multiapps).where(eq(multiapps.id, multiappId));
    if (group?.downloadsAppId) {
      const [target] = await db
        .select({ metadata: apps.metadata })
        .from(apps)
        .where(eq(apps.id, group.downloadsAppId));
      const m = (target?.metadata ?? {}) as Metadata;
      if (m.appleStoreUrl || m.googlePlayUrl) meta = m;
    }
  }
  return { appleAppUrl: meta.appleStoreUrl || null, googleAppUrl: meta.googlePlayUrl || null };
}

/** The stored promo setting: undefined when never saved, null when saved but no longer a valid Promo. */
async function storedPromo(db: Db, appId: string): Promise<Promo | null | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.appId, appId), eq(appSettings.key, PROMO_SETTING)));
  if (!row) return undefined;
  // Settings can also be written through the generic settings endpoint, which does not know the Promo shape.
  return compile(Promo)(row.value) ? (row.value as Promo) : null;
}

/**
 * The public promo page's data. Public on purpose (anyone may see an app's promo page), so it reads the
 * setting directly instead of through the settings operations, which are for members only.
 */
export async function promoSource(db: Db, appId: string): Promise<PromoSource> {
  const app = await mobileApp(db, appId);
  const [row] = await db
    .select({ multiappId: apps.multiappId, metadata: apps.metadata })
    .from(apps)
    .where(eq(apps.id, app.appId));
  const stored = await storedPromo(db, app.appId);
  const promo = stored === undefined ? defaultPromo(app.definition.name, app.makeModelType) : stored;
  return {
    app,
    promo,
    isDefault: stored === undefined,
    appId: app.appId,
    multiappId: row.multiappId,
    makeModelType: app.makeModelType,
    ...(await storeLinks(db, row.multiappId, row.metadata as Metadata)),
  };
}

/** What a member sees of the promo: the content and whether they may change it. */
export interface PromoForMember {
  promo: Promo;
  isDefault: boolean;
  editable: boolean;
}

/** GET for members: the stored (or default) promo and whether the caller may edit it. */
export async function promoForMember(db: Db, caller: Caller, appId: string): Promise<PromoForMember> {
  const { row, role } = await appForCaller(db, caller, appId, "app.read");
  const stored = await storedPromo(db, row.id);
  const name = (row.definition as { name?: string }).name ?? "";
  return {
    promo: stored ?? defaultPromo(name, row.makeModelType),
    isDefault: !stored,
    editable: mayOnApp(caller, role, "settings.write"),
  };
}

/**
 * Saves the promo (already validated against the Promo schema by the route) as the app's "promo" setting;
 * the settings operation checks that the caller is an Owner, a Manager (the editor role) or an Admin.
 */
export async function savePromo(
  db: Db,
  caller: Caller,
  appId: string,
  promo: Promo,
): Promise<PromoForMember> {
  await putSetting(db, caller, appId, PROMO_SETTING, promo);
  return { promo, isDefault: false, editable: true };
}
