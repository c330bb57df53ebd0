import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AppUserHit, AppUserSearch } from "../../schemas/index.ts";
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
  const digits = text.replace(/\D/g, "");
  if (PHONE_LIKE.test(text) && digits.length >= 2)
    branches.push(sql`select u.id from end_users u where u.phone like ${`%${digits}%`}`);
  branches.push(
    sql`select v.end_user_id from end_user_vehicles v where lower(v.vin) like ${pattern}`,
    sql`select v.end_user_id from end_user_vehicles v where lower(v.make) like ${pattern} or lower(v.model) like ${pattern} or lower(coalesce(v.make, '') || ' ' || coalesce(v.model, '')) like ${pattern}`,
  );
  return sql`${user}.id in (${sql.join(branches, sql` union all `)})`;
}
