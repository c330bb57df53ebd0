import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type Database, migrationsFolder, openDatabase } from "./db/connect.ts";
import { appRoles, users } from "./db/schema.ts";
import { createScratchDatabase } from "./db/scratch-database.ts";
import { createSession } from "./ops/accounts.ts";
import type { Mailer } from "./services/mail.ts";
import { hashPassword } from "./services/secrets.ts";

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
  const scratch = await createScratchDatabase(url);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The whole server on a fresh database, files in a temporary folder, no front ends, silent logs. */
export async function testApp(
  options: { config?: Partial<Config>; mailer?: Mailer } = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-test-"));
  const app = await buildApp({
    database: await testDatabase(),
    config: { dataDir, distDir: path.join(dataDir, "no-dist"), logLevel: "silent", ...options.config },
    mailer: options.mailer,
    logger: false,
  });
  app.addHook("onClose", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/** A client address of its own per call, so tests that sign many people up stay under the rate limits. */
export const someAddress = () => `127.${[1, 2, 3].map(() => randomBytes(1)[0]).join(".")}`;

/** Signs up and in through the API; returns the Authorization header for later calls. */
export async function signedIn(
  app: FastifyInstance,
  email = `user-${randomBytes(4).toString("hex")}@example.com`,
  password = "secret-pass",
): Promise<{ authorization: string; email: string }> {
  const remoteAddress = someAddress();
  const up = await app.inject({
    method: "POST",
    url: "/api/accounts/sign-up",
    payload: { email, password },
    remoteAddress,
  });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.body}`);
  const res = await app.inject({
    method: "POST",
    url: "/api/accounts/sign-in",
    payload: { email, password },
    remoteAddress,
  });
  return { authorization: `Bearer ${res.json().data}`, email };
}

export const TEST_PASSWORD = "secret-pass";
let knownHash: Promise<string> | undefined;

export interface TestUser {
  id: string;
  email: string;
  type: string;
  /** Headers that sign calls in as this user. */
  headers: { authorization: string };
  /** The Authorization header's value alone. */
  authorization: string;
}

/**
 * A user of any type with a session, made directly in the database (the API cannot make Admins). All share
 * TEST_PASSWORD, hashed once, so suites that need many users stay fast.
 */
export async function testUser(
  app: FastifyInstance,
  type: "Admin" | "Accountant" | "User" = "User",
  email = `${type.toLowerCase()}-${randomBytes(5).toString("hex")}@example.com`,
): Promise<TestUser> {
  knownHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await app.database.db
    .insert(users)
    .values({ email, passwordHash: await knownHash, type, emailConfirmed: true })
    .returning();
  const token = await createSession(app.database.db, row.id);
  const authorization = `Bearer ${token}`;
  return { id: row.id, email, type, headers: { authorization }, authorization };
}

/** Another session for a test user (for calls that end or rotate sessions). */
export async function newSession(app: FastifyInstance, user: { id: string }): Promise<string> {
  return `Bearer ${await createSession(app.database.db, user.id)}`;
}

/** Creates an app owned by `owner` through the API and returns its id. */
export async function testAppOf(
  app: FastifyInstance,
  owner: { headers: { authorization: string } },
  name = "Test Motors",
) {
  const res = await app.inject({
    method: "POST",
    url: "/api/apps",
    headers: owner.headers,
    payload: { definition: { name } },
  });
  if (res.statusCode !== 200) throw new Error(`app creation failed: ${res.body}`);
  return res.json().data.appId as string;
}

/** Gives a user a role on an app directly in the database. */
export async function grantRole(
  app: FastifyInstance,
  userId: string,
  appId: string,
  role: string,
  locations: string[] = [],
) {
  await app.database.db.insert(appRoles).values({ userId, appId, role, locations });
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
