import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
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
