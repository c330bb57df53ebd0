import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { seedFromTemplate } from "../../core/index.ts";
import { followableUrl } from "../../core/url-policy.ts";
import type {
  App,
  AppCreate,
  AppDefinition,
  AppUpdate,
  Coupon,
  Event,
  MobileApp,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appRoles, apps } from "../db/schema.ts";
import { type OfferKind, offerApps, offers } from "../db/schema-offers.ts";
import { ApiError } from "../errors.ts";
import { type AppAction, type AppRole, type Caller, isAdmin, mayOnApp } from "../permissions.ts";
import { packagesForWidget } from "./special-packages.ts";

export type AppRow = typeof apps.$inferSelect;

/** Parts of the definition the server owns: the builder's save never overwrites them (spec §4). */
export const serverOwnedParts = ["geofences"] as const;

/**
 * Parts of the definition that live in tables of their own (offers, offer_apps): the server assembles them
 * into every app it answers with, and no save writes them into the stored definition.
 */
export const offerParts = ["coupons", "events"] as const;

export type OfferRow = typeof offers.$inferSelect;

/** An app's coupons and events in its own order, in the public shape of schemas/coupon.ts. */
export interface AppOffers {
  coupons: Coupon[];
  events: Event[];
}

/** An offer row in the public shape of schemas/coupon.ts Coupon (events: Event, with the link). */
export function publicOffer(o: OfferRow, apps?: string[]): Coupon & Event {
  return {
    id: o.id,
    title: o.title,
    ...(o.description != null ? { description: o.description } : {}),
    ...(o.image != null ? { image: o.image } : {}),
    ...(o.startsAt ? { from: o.startsAt.toISOString() } : {}),
    ...(o.endsAt ? { to: o.endsAt.toISOString() } : {}),
    ...(o.personalized ? { personalized: true } : {}),
    ...(o.hideDates ? { hideDates: true } : {}),
    ...(apps ? { apps } : {}),
    ...(o.category != null ? { category: o.category } : {}),
    ...(o.kind === "event" && o.link != null ? { link: o.link } : {}),
  };
}

/** Ids of the apps a caller may see (a role on them); null for Admins, who see every app. */
export async function visibleAppIds(db: Db, caller: Caller): Promise<Set<string> | null> {
  if (isAdmin(caller)) return null;
  const rows = await db
    .select({ appId: appRoles.appId })
    .from(appRoles)
    .where(eq(appRoles.userId, caller.id));
  return new Set(rows.map((r) => r.appId));
}

/**
 * The coupons and events of some apps, each app's in its order (newest first among equal positions). For the
 * widget (`visible` undefined) personalized offers are left out (spec §4: never listed) and so are the other
 * apps an offer runs in; for the builder every offer comes, with `apps` narrowed to the apps the caller sees.
 */
export async function offersOfApps(
  db: Db,
  appIds: string[],
  visible?: Set<string> | null,
): Promise<Map<string, AppOffers>> {
  const out = new Map<string, AppOffers>(appIds.map((id) => [id, { coupons: [], events: [] }]));
  if (!appIds.length) return out;
  const forWidget = visible === undefined;
  const rows = await db
    .select({ appId: offerApps.appId, offer: offers })
    .from(offerApps)
    .innerJoin(offers, eq(offers.id, offerApps.offerId))
    .where(
      forWidget
        ? and(inArray(offerApps.appId, appIds), eq(offers.personalized, false))
        : inArray(offerApps.appId, appIds),
    )
    .orderBy(asc(offerApps.position), desc(offers.createdAt), asc(offers.id));
  const links = new Map<string, string[]>();
  if (!forWidget && rows.length) {
    const ids = [...new Set(rows.map((r) => r.offer.id))];
    const all = await db
      .select({ offerId: offerApps.offerId, appId: offerApps.appId })
      .from(offerApps)
      .where(inArray(offerApps.offerId, ids))
      .orderBy(asc(offerApps.appId));
    for (const l of all)
      if (!visible || visible.has(l.appId)) links.set(l.offerId, [...(links.get(l.offerId) ?? []), l.appId]);
  }
  for (const { appId, offer } of rows) {
    const list = out.get(appId);
    if (!list) continue;
    const shaped = publicOffer(offer, forWidget ? undefined : (links.get(offer.id) ?? []));
    if (offer.kind === "event") list.events.push(shaped);
    else list.coupons.push(shaped);
  }
  return out;
}

/** The definition without the parts that live in tables of their own. */
function withoutOfferParts(definition: unknown): Record<string, unknown> {
  const rest = { ...(definition as Record<string, unknown>) };
  for (const part of offerParts) delete rest[part];
  return rest;
}

/**
 * Turns the coupons and events of a definition given to createApp into offers of the new app, in their
 * order. An id is kept when it is a UUID no other offer has, so links to it (the widget's coupon pages) work;
 * otherwise the offer gets a new one. `apps` of a given coupon is not followed: linking to other apps needs
 * the caller's rights there, which the offers calls check.
 */
async function insertDefinitionOffers(db: Db, appId: string, definition: Record<string, unknown>) {
  const given: { kind: OfferKind; item: Record<string, unknown>; position: number }[] = [];
  for (const [kind, part] of [
    ["coupon", "coupons"],
    ["event", "events"],
  ] as const) {
    const list = definition[part];
    if (!Array.isArray(list)) continue;
    list.forEach((item, position) => {
      if (item && typeof item === "object" && typeof item.title === "string" && item.title)
        given.push({ kind, item, position });
    });
  }
  if (!given.length) return;
  const wanted = given.map((g) => String(g.item.id ?? "").toLowerCase()).filter((id) => UUID.test(id));
  const taken = new Set(
    wanted.length
      ? (await db.select({ id: offers.id }).from(offers).where(inArray(offers.id, wanted))).map((r) => r.id)
      : [],
  );
  const date = (v: unknown) => (typeof v === "string" && v ? new Date(v) : null);
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const values = given.map(({ kind, item }) => {
    const asked = String(item.id ?? "").toLowerCase();
    const id = UUID.test(asked) && !taken.has(asked) ? asked : randomUUID();
    taken.add(id);
    return {
      id,
      kind,
      ownerAppId: appId,
      title: item.title as string,
      description: text(item.description),
      image: text(item.image),
      startsAt: date(item.from),
      endsAt: date(item.to),
      personalized: item.personalized === true,
      hideDates: item.hideDates === true,
      link: kind === "event" ? text(item.link) : null,
      category: text(item.category),
    };
  });
  await db.insert(offers).values(values);
  await db
    .insert(offerApps)
    .values(values.map((v, i) => ({ offerId: v.id, appId, position: given[i].position })));
}

/** The app as the builder reads it: the app's own fields, the caller's role and the definition. */
export function toApp(row: AppRow, role: string | null | undefined, offerLists: AppOffers): App {
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
    definition: { ...withoutOfferParts(row.definition), ...offerLists } as App["definition"],
  };
}

/** The builder's view of one app for this caller: the row with its coupons and events assembled. */
async function appView(db: Db, caller: Caller, row: AppRow, role?: string | null): Promise<App> {
  const lists = await offersOfApps(db, [row.id], await visibleAppIds(db, caller));
  return toApp(row, role, lists.get(row.id) as AppOffers);
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
          definition: withoutOfferParts(definition),
        })
        .returning();
      await tx.insert(appRoles).values({ userId: caller.id, appId: row.id, role: "Owner" });
      await insertDefinitionOffers(tx, row.id, definition);
      return appView(tx, caller, row, "Owner");
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
  const lists = await offersOfApps(
    db,
    rows.map((r) => r.app.id),
    isAdmin(caller) ? null : new Set(rows.map((r) => r.app.id)),
  );
  return rows.map((r) => toApp(r.app, r.role, lists.get(r.app.id) as AppOffers));
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
  return appView(db, caller, row, role);
}

const MAX_VERSION = 2_147_483_647; // the integer column's range

type Definition = Record<string, unknown>;

/**
 * Saves an app if nobody else saved since `input.version` (optimistic concurrency). On a stale version the
 * 409 carries the current app so the builder can offer "reload theirs" or "keep mine". Coupons and events
 * are records of their own (offers): whatever the builder sends for them is dropped, so a builder tab opened
 * before someone added a coupon cannot delete or duplicate it. The stored geofences are kept likewise.
 */
export async function updateApp(db: Db, caller: Caller, appId: string, input: AppUpdate): Promise<App> {
  const { row: before, role } = await appForCaller(db, caller, appId, "app.edit");
  const stored = before.definition as Definition;
  const definition: Definition = withoutOfferParts(input.definition);
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
      if (row) return appView(db, caller, row, role);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError("SlugTaken");
      throw e;
    }
  }
  const [current] = await db.select().from(apps).where(eq(apps.id, appId));
  throw new ApiError("VersionConflict", undefined, { current: await appView(db, caller, current, role) });
}

/** The public view the widget reads; discontinued apps answer as the spec says. */
export async function mobileApp(db: Db, appId: string): Promise<MobileApp> {
  if (!UUID.test(appId)) throw new ApiError("AppNotFound");
  const [row] = await db.select().from(apps).where(eq(apps.id, appId));
  if (!row) throw new ApiError("AppNotFound");
  if (row.status === "Inactive") throw new ApiError("AppDiscontinued");
  const lists = (await offersOfApps(db, [row.id])).get(row.id) as AppOffers;
  const packages = await packagesForWidget(db, row.id, new Set(lists.coupons.map((c) => c.id)));
  return {
    appId: row.id,
    lang: row.lang as MobileApp["lang"],
    domainType: row.domainType as MobileApp["domainType"],
    makeModelType: row.makeModelType as MobileApp["makeModelType"],
    definition: { ...withoutOfferParts(row.definition), ...lists } as MobileApp["definition"],
    integrations: publicIntegrations(row),
    ...(packages.length ? { packages } : {}),
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
