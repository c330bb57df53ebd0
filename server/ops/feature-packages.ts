import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every feature type some saved app uses (read once at start, to keep the data of types no package provides). */
export async function featureTypesInUse(db: Db): Promise<string[]> {
  const rows = rowsOf<{ type: string | null }>(
    await db.execute(sql`select distinct f->>'type' as type
      from apps, jsonb_array_elements(case when jsonb_typeof(definition->'features') = 'array'
        then definition->'features' else '[]'::jsonb end) f
      where jsonb_typeof(f) = 'object'`),
  );
  return rows.flatMap((r) => (r.type ? [r.type] : []));
}

/** The apps whose definition holds a feature of `type`, by name (the admin console's partner list). */
export async function appsUsingFeatureType(db: Db, type: string): Promise<{ appId: string; name: string }[]> {
  const probe = JSON.stringify([{ type }]);
  const rows = rowsOf<{ id: string; name: string | null }>(
    await db.execute(sql`select id, definition->>'name' as name from apps
      where definition->'features' @> ${probe}::jsonb order by definition->>'name', id`),
  );
  return rows.map((r) => ({ appId: r.id, name: r.name ?? "" }));
}
