import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AuditList, AuditQuery } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps, users } from "../db/schema.ts";
import { auditLog } from "../db/schema-team.ts";
import type { Caller } from "../permissions.ts";
import { UUID } from "./apps.ts";

export interface AuditInput {
  /** What was done, as `area.verb`: "app.metadata", "app.release", "account.signInAs", ... */
  action: string;
  /** The app it concerns, when it concerns one (kept for the filter by app). */
  appId?: string | null;
  /** The record acted on when it is not the app itself (a user id, a make-model id, a file id). */
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit entry for an admin action (who: the caller; when: now). */
export async function audit(db: Db, caller: Caller, entry: AuditInput): Promise<void> {
  const appId = entry.appId && UUID.test(entry.appId) ? entry.appId.toLowerCase() : null;
  // A deleted app keeps its entries (app id set null by the foreign key); one never stored cannot be named.
  const [known] = appId ? await db.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)) : [];
  await db.insert(auditLog).values({
    actorId: caller.id,
    appId: known ? appId : null,
    action: entry.action,
    target: entry.target ?? (appId && !known ? appId : null),
    before: (entry.before ?? null) as object | null,
    after: (entry.after ?? null) as object | null,
  });
}

/** GET /admin/audit-log: newest first, filterable by app, by admin and by action. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditList> {
  const filters: SQL[] = [];
  if (q.appId) filters.push(eq(auditLog.appId, q.appId.toLowerCase()));
  if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId.toLowerCase()));
  if (q.action?.trim()) filters.push(eq(auditLog.action, q.action.trim()));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .offset(q.skip)
    .limit(q.take);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((x): x is string => Boolean(x)))];
  const appIds = [...new Set(rows.map((r) => r.appId).filter((x): x is string => Boolean(x)))];
  const actors = actorIds.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, actorIds))
    : [];
  const named = appIds.length
    ? await db
        .select({ id: apps.id, name: sql<string>`${apps.definition}->>'name'` })
        .from(apps)
        .where(inArray(apps.id, appIds))
    : [];
  return {
    total: Number(n),
    items: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: actors.find((a) => a.id === r.actorId)?.email ?? null,
      appId: r.appId,
      appName: named.find((a) => a.id === r.appId)?.name ?? null,
      action: r.action,
      target: r.target,
      before: r.before ?? null,
      after: r.after ?? null,
      created: r.createdAt.toISOString(),
    })),
  };
}
