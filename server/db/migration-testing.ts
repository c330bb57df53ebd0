import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder, newPglite } from "./connect.ts";
import { createScratchDatabase } from "./scratch-database.ts";

/**
 * What the data-migration tests need of a database: raw queries and migrating from a given folder. PGlite by
 * default, a scratch PostgreSQL database when DATABASE_URL is set (as in CI).
 */
export interface MigrationEngine {
  query(text: string, params?: unknown[]): Promise<any[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openMigrationEngine(): Promise<MigrationEngine> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = newPglite();
    const db = drizzlePglite(client);
    return {
      query: async (text, params) => (await client.query(text, params)).rows as any[],
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const scratch = await createScratchDatabase(url);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const db = drizzlePg(pool);
  return {
    query: async (text, params) => (await pool.query(text, params as any[])).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

/** A copy of the migrations folder as it was before migration `idx`: the same files, the journal cut there. */
export function migrationsBefore(idx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-before-${idx}-`));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < idx);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * The id a data migration derives for an entry it cannot keep the id of (0005 offers, 0006 geofences and
 * pushes): md5 of app, kind and place, as a UUID.
 */
export const derivedId = (appId: string, kind: string, n: number) => {
  const h = createHash("md5").update(`${appId}:${kind}:${n}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
