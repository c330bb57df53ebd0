import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Makes the monthly partitions of analytics_events covering [from, to] (UTC months); returns how many were new. */
export async function ensurePartitions(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = rowsOf<{ made: number }>(
    await db.execute(
      sql`select analytics_ensure_partitions(${isoDate(from)}::date, ${isoDate(to)}::date) as made`,
    ),
  );
  return Number(row?.made ?? 0);
}

/** The monthly partitions that exist, oldest first, as their first day (YYYY-MM-01). */
export async function listPartitions(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'analytics_events' and c.relname ~ '^analytics_events_p[0-9]{6}$'
      order by c.relname`),
  );
  return rows.map((r) => `${r.name.slice(-6, -2)}-${r.name.slice(-2)}-01`);
}

/**
 * Drops the partitions of months that ended before `cutoff` (whole months only: a month's partition goes
 * once every signal in it is older than the retention). The rollups stay: dashboards of old ranges still
 * answer, only the raw signals are gone. Returns the months dropped.
 */
export async function dropPartitionsBefore(db: Db, cutoff: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const month of await listPartitions(db)) {
    const [y, m] = month.split("-").map(Number);
    if (Date.UTC(y, m, 1) > cutoff.getTime()) continue;
    await db.execute(
      sql.raw(`drop table if exists analytics_events_p${month.slice(0, 4)}${month.slice(5, 7)}`),
    );
    dropped.push(month);
  }
  return dropped;
}
