import { type SQL, sql } from "drizzle-orm";
import type { Audience } from "../../schemas/audience.ts";
import type { AudienceChoices } from "../../schemas/push.ts";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import { userSearchCondition } from "./app-user-search.ts";

/**
 * Who a push reaches (spec §3 audience filters), as one condition over `push_subscriptions s`: the
 * subscriptions of the given apps, narrowed by each filter that is set (an empty text or list is no filter).
 *
 * - `userIds`: only these widget user ids.
 * - `authenticated`: the subscription's user is a signed-in end user of that app (an end_users row of the app
 *   with a verified e-mail or phone); anonymous widget visitors are left out.
 * - `term`: the console's customer search (userSearchCondition): name, e-mail, phone digits, or a vehicle's
 *   VIN, make or model contains it, in any case.
 * - Vehicle filters (make, model and unit equal in any case; VIN range; year range): the end user has at
 *   least one vehicle matching all of them. A VIN bound compares in upper case by character code; `vinTo` is
 *   a prefix bound, so "1HG" to "1HG" takes every VIN starting with 1HG.
 * - `engineType`: the end user has a vehicle whose make and model the admin catalog (engine_types, of the
 *   subscription's app's makeModelType) lists with that engine type, all in any case; make, model, unit, VIN
 *   and year filters must hold for that same vehicle. A model listed with several engine types matches each.
 * - `membership`: "member" = the end user takes part in the app's loyalty: a stamp card (open or completed,
 *   loyalty_cards) or an entry in the points ledger (points_entries) of that app; "non-member" = neither
 *   (anonymous visitors, who have no end_users row, included). Any other stored value reaches nobody.
 * - `groups`: multi-app groups (multiapps, by id or by name in any case): the subscription's app is one of
 *   the group's apps (multiapps.app_ids). End users are rows of one app (nothing crosses apps), so a user "of
 *   a group" is a user of one of its apps; with several target apps this keeps those of the named groups.
 * - `locations`: location ids of the app (apps.locations): the end user's advisor (end_users.staff_member_id,
 *   picked in the widget's staff directory) works at one of them (staff_members.locations). This is the one
 *   place the server knows a customer's location: the widget keeps the dealership chosen in a
 *   DealershipSelector in the browser only, and no analytics signal the widget sends carries a location.
 *
 * checkAudienceValues refuses engine types, groups and locations that name nothing, on their field.
 */
export function audienceWhere(appIds: string[], audience: Audience): SQL {
  if (appIds.length === 0) return sql`false`;
  const conditions: SQL[] = [
    sql`s.app_id in (${sql.join(
      appIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  ];
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  if (audience.userIds?.length)
    conditions.push(
      sql`s.user_id in (${sql.join(
        audience.userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const user = sql`u.id::text = s.user_id and u.app_id = s.app_id`;
  if (audience.authenticated)
    conditions.push(
      sql`exists (select 1 from end_users u where ${user} and (u.email_verified or u.phone_verified))`,
    );
  const term = text(audience.term);
  if (term)
    conditions.push(
      sql`exists (select 1 from end_users u where ${user} and ${userSearchCondition(term, sql`u`)})`,
    );
  const vehicle: SQL[] = [];
  const make = text(audience.make);
  if (make) vehicle.push(sql`lower(v.make) = lower(${make})`);
  const model = text(audience.model);
  if (model) vehicle.push(sql`lower(v.model) = lower(${model})`);
  const unit = text(audience.unit);
  if (unit) vehicle.push(sql`lower(v.unit) = lower(${unit})`);
  const vinFrom = text(audience.vinFrom);
  if (vinFrom) vehicle.push(sql`upper(v.vin) collate "C" >= upper(${vinFrom}) collate "C"`);
  const vinTo = text(audience.vinTo);
  if (vinTo) vehicle.push(sql`upper(v.vin) collate "C" <= rpad(upper(${vinTo}), 17, 'Z') collate "C"`);
  if (audience.yearFrom !== undefined) vehicle.push(sql`v.year >= ${audience.yearFrom}`);
  if (audience.yearTo !== undefined) vehicle.push(sql`v.year <= ${audience.yearTo}`);
  const engineType = text(audience.engineType);
  if (engineType)
    vehicle.push(
      sql`exists (select 1 from engine_types et
        where et.type = (select a.make_model_type from apps a where a.id = s.app_id)
          and lower(et.make) = lower(v.make) and lower(et.model) = lower(v.model)
          and lower(et.engine_type) = lower(${engineType}))`,
    );
  if (vehicle.length > 0)
    conditions.push(
      sql`exists (select 1 from end_users u join end_user_vehicles v on v.end_user_id = u.id where ${user} and ${sql.join(vehicle, sql` and `)})`,
    );
  const membership = text(audience.membership);
  if (membership) {
    const member = sql`exists (select 1 from end_users u where ${user} and (
      exists (select 1 from loyalty_cards c where c.app_id = u.app_id and c.end_user_id = u.id)
      or exists (select 1 from points_entries p where p.app_id = u.app_id and p.end_user_id = u.id)))`;
    if (membership === "member") conditions.push(member);
    else if (membership === "non-member") conditions.push(sql`not ${member}`);
    else conditions.push(sql`false`);
  }
  const groups = list(audience.groups);
  if (groups.length)
    conditions.push(
      sql`exists (select 1 from multiapps m
        where (m.id::text in (${inList(groups)}) or lower(m.name) in (${inList(groups.map((g) => g.toLowerCase()))}))
          and m.app_ids @> jsonb_build_array(s.app_id::text))`,
    );
  const locations = list(audience.locations);
  if (locations.length)
    conditions.push(
      sql`exists (select 1 from end_users u join staff_members sm on sm.id = u.staff_member_id
        where ${user} and exists (select 1 from jsonb_array_elements_text(sm.locations) l(id)
          where l.id in (${inList(locations)})))`,
    );
  return sql.join(conditions, sql` and `);
}

/** The non-blank entries of a list filter, trimmed. */
const list = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);
const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A subscription's token is a real Web Push subscription (not the widget's fallback id token). */
const webPushToken = sql`s.token like '{%"endpoint"%'`;

/** The live count the composer shows: subscriptions, distinct users, and how many are real Web Push ones. */
export async function countAudience(
  db: Db,
  appIds: string[],
  audience: Audience,
): Promise<{ subscriptions: number; users: number; webPush: number }> {
  const result = await db.execute(
    sql`select count(*)::int as subscriptions,
      count(distinct s.app_id::text || ' ' || s.user_id)::int as users,
      (count(*) filter (where ${webPushToken}))::int as web_push
    from push_subscriptions s where ${audienceWhere(appIds, audience)}`,
  );
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    subscriptions: Number(row.subscriptions ?? 0),
    users: Number(row.users ?? 0),
    webPush: Number(row.web_push ?? 0),
  };
}

/** One page of the audience's subscriptions in id order, after the id `after` (keyset paging for the fan-out). */
export async function audiencePage(
  db: Db,
  appIds: string[],
  audience: Audience,
  after: string | null,
  limit: number,
): Promise<{ id: string; appId: string; userId: string; platform: string; token: string }[]> {
  const result = await db.execute(
    sql`select s.id::text as id, s.app_id::text as app_id, s.user_id, s.platform, s.token
    from push_subscriptions s
    where ${audienceWhere(appIds, audience)} ${after ? sql`and s.id > ${after}` : sql``}
    order by s.id limit ${limit}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: String(r.id),
    appId: String(r.app_id),
    userId: String(r.user_id),
    platform: String(r.platform),
    token: String(r.token),
  }));
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * What the composer and the geofence editor offer for the catalog, group and location filters of the given
 * apps (the caller's right to them is checked by the route's op): engine types of the admin catalog for the
 * apps' makeModelType (sorted, each once), the multi-app groups holding one of them (by name), and their
 * locations (apps.locations, in each app's order).
 */
export async function audienceChoices(db: Db, appIds: string[]): Promise<AudienceChoices> {
  if (appIds.length === 0) return { engineTypes: [], groups: [], locations: [] };
  const ids = inList(appIds);
  const engine = rowsOf(
    await db.execute(
      sql`select distinct et.engine_type from engine_types et
        where et.type in (select a.make_model_type from apps a where a.id::text in (${ids}))
        order by et.engine_type`,
    ),
  );
  const groups = rowsOf(
    await db.execute(
      sql`select m.id::text as id, m.name from multiapps m
        where exists (select 1 from jsonb_array_elements_text(m.app_ids) x(id) where x.id in (${ids}))
        order by lower(m.name), m.id`,
    ),
  );
  const apps = rowsOf(
    await db.execute(sql`select a.id::text as id, a.locations from apps a where a.id::text in (${ids})`),
  );
  const byId = new Map(apps.map((a) => [String(a.id), a.locations]));
  const locations: AudienceChoices["locations"] = [];
  for (const appId of appIds) {
    const list = byId.get(appId);
    if (!Array.isArray(list)) continue;
    for (const l of list as { id?: unknown; name?: unknown }[])
      if (l && typeof l.id === "string" && l.id)
        locations.push({ id: l.id, name: typeof l.name === "string" && l.name ? l.name : l.id, appId });
  }
  return {
    engineTypes: engine.map((r) => String(r.engine_type)),
    groups: groups.map((g) => ({ id: String(g.id), name: String(g.name) })),
    locations,
  };
}

/**
 * Refuses (400 Validation, on the field under `base`, e.g. "" for a push body, "/filters" for a geofence) an
 * engine type the catalog does not list for the target apps, a group that is no multi-app group holding one
 * of them, and a location that is none of theirs: such a filter would reach nobody.
 */
export async function checkAudienceValues(
  db: Db,
  appIds: string[],
  audience: Audience,
  base = "",
): Promise<void> {
  const engineType = audience.engineType?.trim();
  const groups = list(audience.groups);
  const locations = list(audience.locations);
  if (!engineType && !groups.length && !locations.length) return;
  const choices = await audienceChoices(db, appIds);
  const details: { path: string; message: string }[] = [];
  if (engineType && !choices.engineTypes.some((t) => t.toLowerCase() === engineType.toLowerCase()))
    details.push({
      path: `${base}/engineType`,
      message: `'${engineType}' is not an engine type of the catalog for the chosen apps`,
    });
  (audience.groups ?? []).forEach((raw, i) => {
    const g = raw.trim();
    if (g && !choices.groups.some((c) => c.id === g || c.name.toLowerCase() === g.toLowerCase()))
      details.push({
        path: `${base}/groups/${i}`,
        message: `'${g}' is not a group of the chosen apps`,
      });
  });
  (audience.locations ?? []).forEach((raw, i) => {
    const l = raw.trim();
    if (l && !choices.locations.some((c) => c.id === l))
      details.push({
        path: `${base}/locations/${i}`,
        message: `'${l}' is not a location of the chosen apps`,
      });
  });
  if (details.length) throw new ApiError("Validation", details[0].message, details);
}
