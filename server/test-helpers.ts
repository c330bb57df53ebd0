import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { buildApp } from "./app.ts";
import { type Database, migrationsFolder, openDatabase } from "./db/connect.ts";

let template: Promise<PGlite> | undefined;

/** A migrated in-memory PGlite made once per worker; every test app gets a cheap clone of it. */
function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const db = new PGlite("memory://");
    await migrate(drizzle(db), { migrationsFolder });
    return db;
  })();
  return template;
}

/**
 * A fresh, isolated database: a PGlite clone by default, or a new PostgreSQL database when DATABASE_URL is
 * set (the suite runs both ways in CI).
 */
export async function testDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url)
    return openDatabase({ pglite: (await (await migratedTemplate()).clone()) as PGlite, migrated: true });
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The whole server on a fresh database, files in a temporary folder, no front ends, silent logs. */
export async function testApp(): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-test-"));
  const app = await buildApp({
    database: await testDatabase(),
    config: { dataDir, distDir: path.join(dataDir, "no-dist"), logLevel: "silent" },
    logger: false,
  });
  app.addHook("onClose", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/** Signs up and in; returns the Authorization header for later calls. */
export async function signedIn(
  app: FastifyInstance,
  email = `user-${randomBytes(4).toString("hex")}@example.com`,
  password = "secret-pass",
): Promise<{ authorization: string; email: string }> {
  const up = await app.inject({ method: "POST", url: "/api/accounts/sign-up", payload: { email, password } });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.body}`);
  const res = await app.inject({
    method: "POST",
    url: "/api/accounts/sign-in",
    payload: { email, password },
  });
  return { authorization: `Bearer ${res.json().data}`, email };
}

/** inject() returning status and parsed JSON. */
export async function call(app: FastifyInstance, opts: InjectOptions) {
  const res = await app.inject(opts);
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}
