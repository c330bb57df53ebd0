import { desc, eq, inArray, sql } from "drizzle-orm";
import type { ClientInfo, ClientRelation, ClientRelationsQuery } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps, clientInfo, clientReports } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { adminAppRow } from "./admin-apps.ts";
import { UUID } from "./apps.ts";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Client apps with what client managers noted and the reports prepared for them. */
export async function listClientRelations(db: Db, q: ClientRelationsQuery): Promise<ClientRelation[]> {
  const name = q.name?.trim();
  const rows = await db
    .select({ app: apps, info: clientInfo.info })
    .from(apps)
    .leftJoin(clientInfo, eq(clientInfo.appId, apps.id))
    .where(
      name
        ? sql`(${apps.definition}->>'name' ilike ${`%${escapeLike(name)}%`} and ${apps.isMaster} = false)`
        : eq(apps.isMaster, false),
    )
    .orderBy(sql`${apps.definition}->>'name'`, apps.id)
    .offset(q.skip)
    .limit(q.take);
  const ids = rows.map((r) => r.app.id);
  const reports = ids.length
    ? await db
        .select()
        .from(clientReports)
        .where(inArray(clientReports.appId, ids))
        .orderBy(desc(clientReports.createdAt))
    : [];
  return rows.map(({ app, info }) => ({
    appId: app.id,
    name: String((app.definition as { name?: unknown }).name ?? ""),
    slug: app.slug,
    status: app.status,
    clientInfo: (info as ClientInfo | null) ?? {},
    reports: reports
      .filter((r) => r.appId === app.id)
      .map((r) => ({ id: r.id, title: r.title, kind: r.kind, created: r.createdAt.toISOString() })),
  }));
}

/** The client info of an app ({} when none was noted). */
export async function getClientInfo(db: Db, appId: string): Promise<ClientInfo> {
  await adminAppRow(db, appId);
  const [row] = await db
    .select({ info: clientInfo.info })
    .from(clientInfo)
    .where(eq(clientInfo.appId, appId));
  return (row?.info as ClientInfo | undefined) ?? {};
}

/** Replaces the client info of an app (id is the app id). */
export async function setClientInfo(db: Db, appId: string, info: ClientInfo): Promise<ClientInfo> {
  await adminAppRow(db, appId);
  await db
    .insert(clientInfo)
    .values({ appId, info })
    .onConflictDoUpdate({ target: clientInfo.appId, set: { info, updatedAt: new Date() } });
  return info;
}

/** Deletes a report; answers what it was (for the audit log). */
export async function deleteClientReport(
  db: Db,
  id: string,
): Promise<{ appId: string; title: string; kind: string; created: string }> {
  if (!UUID.test(id)) throw new ApiError("ReportNotFound");
  const [gone] = await db.delete(clientReports).where(eq(clientReports.id, id)).returning();
  if (!gone) throw new ApiError("ReportNotFound");
  return { appId: gone.appId, title: gone.title, kind: gone.kind, created: gone.createdAt.toISOString() };
}
