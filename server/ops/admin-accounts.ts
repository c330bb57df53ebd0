import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { AdminAccountDetail, AdminAccountList, AdminAccountsQuery } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { appRoles, apps, users } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { UUID } from "./apps.ts";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const roleCount = sql<number>`(select count(*)::int from ${appRoles} where ${appRoles.userId} = ${users.id})`;

const toAccount = (u: typeof users.$inferSelect, count: number) => ({
  id: u.id,
  name: u.name,
  type: u.type,
  email: u.email,
  portalUrl: u.portalUrl,
  emailConfirmed: u.emailConfirmed,
  created: u.createdAt.toISOString(),
  apps: Number(count),
});

/** GET /admin/accounts: users by name or e-mail (part of either) and type, by e-mail. */
export async function listAccounts(db: Db, q: AdminAccountsQuery): Promise<AdminAccountList> {
  const filters: SQL[] = [];
  const search = q.search?.trim();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    filters.push(sql`(${users.email} ilike ${like} or ${users.name} ilike ${like})`);
  }
  if (q.type?.trim()) filters.push(eq(users.type, q.type.trim()));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({ user: users, count: roleCount })
    .from(users)
    .where(where)
    .orderBy(asc(users.email))
    .offset(q.skip)
    .limit(q.take);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { total: Number(n), items: rows.map((r) => toAccount(r.user, r.count)) };
}

/** GET /admin/accounts/{id}: the user and the apps they have a role on. */
export async function accountDetail(db: Db, id: string): Promise<AdminAccountDetail> {
  if (!UUID.test(id)) throw new ApiError("UserNotFound");
  const [row] = await db
    .select({ user: users, count: roleCount })
    .from(users)
    .where(eq(users.id, id.toLowerCase()));
  if (!row) throw new ApiError("UserNotFound");
  const roles = await db
    .select({ appId: apps.id, definition: apps.definition, slug: apps.slug, role: appRoles.role })
    .from(appRoles)
    .innerJoin(apps, eq(apps.id, appRoles.appId))
    .where(eq(appRoles.userId, row.user.id))
    .orderBy(apps.slug);
  return {
    ...toAccount(row.user, row.count),
    roles: roles.map((r) => ({
      appId: r.appId,
      name: String((r.definition as { name?: unknown }).name ?? ""),
      slug: r.slug,
      role: r.role,
    })),
  };
}
