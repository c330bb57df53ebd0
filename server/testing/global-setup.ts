import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, newPglite, openDatabase } from "../db/connect.ts";
import { databaseUrl, withClient } from "../db/scratch-database.ts";

/**
 * Migrates one template database per test run, before any worker starts, so a test file's database is a copy
 * rather than a new cluster run through every migration. On PGlite a fresh cluster (initdb in WebAssembly)
 * cost 4.7 s and the migrations 0.6 s in each file's worker, 84 times per pass; loading the dumped template
 * costs 1.3 s. On PostgreSQL `CREATE DATABASE … TEMPLATE` copies in 0.16 s what creating and migrating took
 * 0.97 s. The workers find the template through the environment (test-helpers.ts, testDatabase).
 */
export async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `test_template_${randomBytes(6).toString("hex")}`;
    await withClient(url, (c) => c.query(`create database ${name}`));
    const database = await openDatabase({ databaseUrl: databaseUrl(url, name) });
    await database.close();
    process.env.TEST_TEMPLATE_DATABASE = name;
    return async () => {
      delete process.env.TEST_TEMPLATE_DATABASE;
      await withClient(url, (c) => c.query(`drop database if exists ${name}`));
    };
  }
  const dump = await migratedPgliteDump();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-template-")), "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.TEST_PGLITE_TEMPLATE = file;
  return () => {
    delete process.env.TEST_PGLITE_TEMPLATE;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

/** A new PGlite run through every migration, dumped as its data directory (uncompressed: loads faster). */
export async function migratedPgliteDump(): Promise<Blob> {
  const db = newPglite();
  await migrate(drizzle(db), { migrationsFolder });
  const dump = await db.dumpDataDir("none");
  await db.close();
  return dump;
}
