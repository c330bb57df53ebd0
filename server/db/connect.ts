import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as coreSchema from "./schema.ts";
import * as analyticsSchema from "./schema-analytics.ts";
import * as loyaltySchema from "./schema-loyalty.ts";
import * as mobileSchema from "./schema-mobile.ts";
import * as offersSchema from "./schema-offers.ts";
import * as pushSchema from "./schema-push.ts";
import * as teamSchema from "./schema-team.ts";

// Each module's tables live in their own file; queries see them all.
const schema = {
  ...coreSchema,
  ...mobileSchema,
  ...offersSchema,
  ...loyaltySchema,
  ...pushSchema,
  ...teamSchema,
  ...analyticsSchema,
};

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** Runs raw SQL with positional parameters on either engine (pg-boss and tests use it). */
  execute(text: string, params?: unknown[]): Promise<{ rows: any[] }>;
  close(): Promise<void>;
  /** The connection pool on PostgreSQL (LISTEN for the app cache's invalidations needs a connection of its own). */
  pool?: pg.Pool;
}

export const migrationsFolder = path.join(import.meta.dirname, "migrations");

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" keeps it in memory. */
  dataDir?: string;
  /** An already open PGlite instance (tests pass a clone of a migrated template). */
  pglite?: PGlite;
  /** Skip migrations (the instance is a clone of a migrated template). */
  migrated?: boolean;
}

/**
 * A PGlite with the contrib modules the migrations create (pg_trgm for app-user search); `loadDataDir` starts
 * it from a dumped data directory (the tests' migrated template) instead of a new cluster.
 */
export const newPglite = (dir = "memory://", loadDataDir?: Blob): PGlite =>
  new PGlite(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });

/** Opens PostgreSQL when a URL is given, else PGlite, and applies the SQL migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    if (!opts.migrated) await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      engine: "postgres",
      execute: (text, params) => pool.query(text, params as any[]),
      close: () => pool.end(),
      pool,
    };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = opts.dataDir ?? "memory://";
    if (!dir.startsWith("memory://")) fs.mkdirSync(dir, { recursive: true });
    client = newPglite(dir);
  }
  const db = drizzlePglite(client, { schema });
  if (!opts.migrated) await migratePglite(db, { migrationsFolder });
  const owned = client;
  return {
    db: db as unknown as Db,
    engine: "pglite",
    execute: (text, params) => owned.query(text, params),
    close: () => owned.close(),
  };
}
