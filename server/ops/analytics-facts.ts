import type { Db } from "../db/connect.ts";
import { analyticsRollupQueue } from "../db/schema-analytics.ts";

/**
 * Queues a fact only the server knows (a sign-in refused, and why) for the dashboards' rollups. Records with
 * a table of their own are queued by that table's trigger instead (migration 0009), signals by theirs.
 */
export async function recordFact(
  db: Db,
  fact: { appId: string; name: string; userId?: string | null; key: string; at?: Date },
): Promise<void> {
  await db.insert(analyticsRollupQueue).values({
    appId: fact.appId,
    at: fact.at ?? new Date(),
    name: fact.name,
    userId: fact.userId ?? null,
    data: { key: fact.key },
  });
}
