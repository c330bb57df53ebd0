import { type SQL, sql } from "drizzle-orm";
import type { Audience } from "../../schemas/audience.ts";
import type { Db } from "../db/connect.ts";
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
 * - `engineType`, `groups`, `locations` and `membership` are not stored for end users yet (no column or
 *   table holds them), so a push that sets one reaches nobody rather than everybody.
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
  if (vehicle.length > 0)
    conditions.push(
      sql`exists (select 1 from end_users u join end_user_vehicles v on v.end_user_id = u.id where ${user} and ${sql.join(vehicle, sql` and `)})`,
    );
  if (
    text(audience.engineType) ||
    audience.groups?.some((g) => g.trim()) ||
    audience.locations?.some((l) => l.trim()) ||
    text(audience.membership)
  )
    conditions.push(sql`false`);
  return sql.join(conditions, sql` and `);
}

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
