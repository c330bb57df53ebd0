import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder, newPglite, openDatabase } from "../db/connect.ts";

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
    await admin(url, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    await database.close();
    process.env.TEST_TEMPLATE_DATABASE = name;
    return async () => {
      delete process.env.TEST_TEMPLATE_DATABASE;
      await admin(url, `drop database if exists ${name}`);
    };
  }
  const db = newPglite();
  await migrate(drizzle(db), { migrationsFolder });
  const dump = await db.dumpDataDir("none");
  await db.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-template-")), "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.TEST_PGLITE_TEMPLATE = file;
  return () => {
    delete process.env.TEST_PGLITE_TEMPLATE;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
