import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { customerSortFields } from "../../schemas/customers.ts";
import type { AppUserHit, AppUserSearch, CustomerPage, CustomerSearch } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { endUsers } from "../db/schema-mobile.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller } from "./apps.ts";

/** LIKE's own characters in a searched text stand for themselves (the pattern's escape is the backslash). */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The console's app-user picker: this app's end users whose e-mail, phone or name contains the query, in
 * any case (appUsers.read). Only the path app's users: a query never reaches another app's people.
 */
export async function searchAppUsers(
  db: Db,
  caller: Caller,
  appId: string,
  input: AppUserSearch,
): Promise<AppUserHit[]> {
  await appForCaller(db, caller, appId, "appUsers.read");
  const pattern = `%${likeEscaped(input.query.trim())}%`;
  const rows = await db
    .select({ id: endUsers.id, name: endUsers.name, email: endUsers.email, phone: endUsers.phone })
    .from(endUsers)
    .where(
      and(
        eq(endUsers.appId, appId),
        or(ilike(endUsers.email, pattern), ilike(endUsers.phone, pattern), ilike(endUsers.name, pattern)),
      ),
    )
    .orderBy(asc(sql`coalesce(${endUsers.name}, ${endUsers.email}, ${endUsers.phone})`), asc(endUsers.id))
    .limit(input.limit ?? 20);
  return rows.map((r) => ({
    id: r.id,
    ...(r.name ? { name: r.name } : {}),
    ...(r.email ? { email: r.email } : {}),
    ...(r.phone ? { phone: r.phone } : {}),
  }));
}

/** The characters people type between a phone number's digits: "(555) 123-4567", "+1 555.123". */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * The digits of a search term that looks like part of a phone number ("(555) 12" -> "55512"), else null:
 * every search over phones compares digits only, however the term and the stored number were typed.
 */
export function phoneDigits(term: string): string | null {
  const text = term.trim();
  const digits = text.replace(/\D/g, "");
  return PHONE_LIKE.test(text) && digits.length >= 2 ? digits : null;
}

/**
 * The console's customer search (and push audiences' `term`) as one condition over an end_users row: the
 * user's name or e-mail contains the term, or (for a term made of digits and phone separators) the phone
 * contains its digits, so "555 12" and "(555) 12" both find +15551234; or one of the user's vehicles has the
 * term in its VIN, make, model or "make model". Any case; LIKE's own characters stand for themselves; spaces
 * inside the term are collapsed to one. Each branch is a separate id lookup, so every one of them is answered
 * by its trigram index (migration 0006) instead of a scan over every user. An empty term matches everyone.
 *
 * `user` names the end_users row the condition is about (default the table itself; e.g. sql`u` for an alias).
 */
export function userSearchCondition(term: string, user: SQL = sql.raw(`"end_users"`)): SQL {
  const text = term.trim().replace(/\s+/g, " ").toLowerCase();
  if (!text) return sql`true`;
  const pattern = `%${likeEscaped(text)}%`;
  const branches: SQL[] = [
    sql`select u.id from end_users u where lower(u.name) like ${pattern}`,
    sql`select u.id from end_users u where lower(u.email) like ${pattern}`,
  ];
  const digits = phoneDigits(text);
  if (digits) branches.push(sql`select u.id from end_users u where u.phone like ${`%${digits}%`}`);
  branches.push(
    sql`select v.end_user_id from end_user_vehicles v where lower(v.vin) like ${pattern}`,
    ...vehicleNameBranches(pattern),
  );
  return sql`${user}.id in (${sql.join(branches, sql` union all `)})`;
}

/**
 * Vehicles whose make, model or "make model" contains the pattern, without reading every vehicle: makes and
 * models are a small vocabulary, so the distinct makes and the distinct (make, model) pairs are walked on the
 * (lower(make), lower(model), year) index one step per value (a loose index scan), matched against the
 * pattern, and the vehicles of the matching ones are looked up on the same index. Three branches: a matching
 * make (any model); a (make, model) pair whose model or "make model" matches; a model without a make.
 */
function vehicleNameBranches(pattern: string): SQL[] {
  return [
    sql`(with recursive makes(make) as (
        select min(lower(v.make)) from end_user_vehicles v
        union all
        select (select min(lower(v.make)) from end_user_vehicles v where lower(v.make) > m.make)
        from makes m where m.make is not null)
      select v.end_user_id from end_user_vehicles v
      where lower(v.make) in (select m.make from makes m where m.make like ${pattern}))`,
    sql`(with recursive pairs(make, model) as (
        (select lower(v.make), lower(v.model) from end_user_vehicles v
          where lower(v.make) is not null and lower(v.model) is not null
          order by lower(v.make), lower(v.model) limit 1)
        union all
        select n.make, n.model from pairs p cross join lateral (
          select lower(v.make) as make, lower(v.model) as model from end_user_vehicles v
          where (lower(v.make), lower(v.model)) > (p.make, p.model) and lower(v.model) is not null
          order by lower(v.make), lower(v.model) limit 1) n)
      select v.end_user_id from end_user_vehicles v
      where (lower(v.make), lower(v.model)) in (select p.make, p.model from pairs p
        where p.model like ${pattern} or p.make || ' ' || p.model like ${pattern}))`,
    sql`select v.end_user_id from end_user_vehicles v where lower(v.make) is null and lower(v.model) like ${pattern}`,
  ];
}

/** A page of rows as the database answers them (column names as selected). */
interface CustomerRecord {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  created_at: Date | string;
  signed_in_at: Date | string | null;
  has_push: boolean;
  vehicle_count: number | string;
  make: string | null;
  model: string | null;
  year: number | null;
  vin: string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The sort keys' expressions over `u` (end_users) and `fv` (the first vehicle). */
const sortExpressions: Record<(typeof customerSortFields)[number], SQL> = {
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  phone: sql`u.phone`,
  signedInAt: sql`si.at`,
  createdAt: sql`u.created_at`,
  make: sql`lower(fv.make)`,
  model: sql`lower(fv.model)`,
  year: sql`fv.year`,
};

/**
 * The conditions of a customers search over `u`: the term (userSearchCondition), a vehicle matching every
 * vehicle filter at once (make and model equal in any case, VIN containing, year range), and whether the
 * customer has a push subscription in this app.
 */
export function customerFilters(appId: string, input: CustomerSearch): SQL {
  const where: SQL[] = [sql`u.app_id = ${appId}`];
  if (input.term?.trim()) where.push(userSearchCondition(input.term, sql`u`));
  const vehicle: SQL[] = [];
  if (input.make?.trim()) vehicle.push(sql`lower(v.make) = ${input.make.trim().toLowerCase()}`);
  if (input.model?.trim()) vehicle.push(sql`lower(v.model) = ${input.model.trim().toLowerCase()}`);
  if (input.vin?.trim())
    vehicle.push(sql`lower(v.vin) like ${`%${likeEscaped(input.vin.trim().toLowerCase())}%`}`);
  if (input.yearFrom !== undefined) vehicle.push(sql`v.year >= ${input.yearFrom}`);
  if (input.yearTo !== undefined) vehicle.push(sql`v.year <= ${input.yearTo}`);
  if (vehicle.length)
    where.push(
      sql`exists (select 1 from end_user_vehicles v where v.end_user_id = u.id and ${sql.join(vehicle, sql` and `)})`,
    );
  const push = sql`exists (select 1 from push_subscriptions p where p.app_id = u.app_id and p.user_id = u.id::text)`;
  if (input.hasPush === true) where.push(push);
  if (input.hasPush === false) where.push(sql`not ${push}`);
  return sql.join(where, sql` and `);
}

/**
 * The console's customers table (spec §7 users/search): this app's end users matching the search, a page of
 * them in the asked order (newest first by default; ties by id so pages never overlap) and the total.
 */
export async function searchCustomers(
  db: Db,
  caller: Caller,
  appId: string,
  input: CustomerSearch,
): Promise<CustomerPage> {
  await appForCaller(db, caller, appId, "appUsers.read");
  const where = customerFilters(appId, input);
  const sortKey = input.sort ?? "-createdAt";
  const descending = sortKey.startsWith("-");
  const field = sortKey.replace(/^-/, "") as (typeof customerSortFields)[number];
  const direction = descending ? sql`desc nulls last` : sql`asc nulls last`;
  const firstVehicle = sql`left join lateral (select v.make, v.model, v.year, v.vin from end_user_vehicles v
    where v.end_user_id = u.id order by v.position limit 1) fv on true`;
  const needsVehicle = field === "make" || field === "model" || field === "year";
  const [page, count] = await Promise.all([
    // The page first, then its rows' details: the last sign-in of the page's users in one pass over the
    // sessions (sorting by it needs everyone's: one grouped pass), the first vehicle, the count and push.
    db.execute(sql`with page as (select u.* from end_users u ${needsVehicle ? firstVehicle : sql``}
          ${field === "signedInAt" ? sql`left join (select s.end_user_id, max(s.created_at) as at from end_user_sessions s group by s.end_user_id) si on si.end_user_id = u.id` : sql``}
          where ${where}
          order by ${sortExpressions[field]} ${direction}, u.id ${descending ? sql`desc` : sql`asc`}
          limit ${input.take ?? 50} offset ${input.skip ?? 0}),
        signed as (select s.end_user_id, max(s.created_at) as at from end_user_sessions s
          where s.end_user_id in (select id from page) group by s.end_user_id)
      select u.id, u.name, u.email, u.phone, u.created_at, si.at as signed_in_at,
        exists (select 1 from push_subscriptions p where p.app_id = u.app_id and p.user_id = u.id::text) as has_push,
        (select count(*) from end_user_vehicles c where c.end_user_id = u.id) as vehicle_count,
        fv.make, fv.model, fv.year, fv.vin
      from page u
      left join signed si on si.end_user_id = u.id
      ${firstVehicle}
      order by ${sortExpressions[field]} ${direction}, u.id ${descending ? sql`desc` : sql`asc`}`),
    db.execute(sql`select count(*)::int as total from end_users u where ${where}`),
  ]);
  const rows = (page as unknown as { rows: CustomerRecord[] }).rows;
  const total = (count as unknown as { rows: { total: number }[] }).rows[0].total;
  return {
    total: Number(total),
    items: rows.map((r) => {
      const vehicle = Object.fromEntries(
        Object.entries({ make: r.make, model: r.model, year: r.year, vin: r.vin }).filter(
          ([, v]) => v !== null,
        ),
      );
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        ...(Number(r.vehicle_count) > 0 ? { vehicle } : {}),
        vehicleCount: Number(r.vehicle_count),
        signedInAt: r.signed_in_at === null ? null : iso(r.signed_in_at),
        createdAt: iso(r.created_at),
        hasPush: r.has_push,
      };
    }),
  };
}
