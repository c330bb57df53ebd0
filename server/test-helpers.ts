import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type Database, newPglite, openDatabase } from "./db/connect.ts";
import { appRoles, users } from "./db/schema.ts";
import { endUserSessions, endUsers } from "./db/schema-mobile.ts";
import { createScratchDatabase } from "./db/scratch-database.ts";
import { InlineQueue, type JobsMode } from "./jobs/queue.ts";
import { createSession } from "./ops/accounts.ts";
import type { Mailer } from "./services/mail.ts";
import { hashPassword, newToken } from "./services/secrets.ts";
import { migratedPgliteDump } from "./testing/global-setup.ts";

let template: Promise<Blob> | undefined;

/**
 * The migrated template's data directory: the file the run's global setup dumped (server/testing/global-setup.ts),
 * or, outside such a run (a bench), one migrated here. Read once per worker.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = process.env.TEST_PGLITE_TEMPLATE;
    return file ? new Blob([await fs.promises.readFile(file)]) : migratedPgliteDump();
  })();
  return template;
}

/**
 * A fresh, isolated database: PGlite started from the migrated template by default, or a copy of the run's
 * template database on PostgreSQL when DATABASE_URL is set (the suite runs both ways in CI).
 */
export async function testDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ pglite: newPglite("memory://", await migratedTemplate()), migrated: true });
  const templateName = process.env.TEST_TEMPLATE_DATABASE;
  const scratch = await createScratchDatabase(url, templateName);
  const database = await openDatabase({ databaseUrl: scratch.url, migrated: Boolean(templateName) });
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
  options: { config?: Partial<Config>; mailer?: Mailer; jobs?: JobsMode } = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-test-"));
  const app = await buildApp({
    database: await testDatabase(),
    config: { dataDir, distDir: path.join(dataDir, "no-dist"), logLevel: "silent", ...options.config },
    mailer: options.mailer,
    logger: false,
    jobs: options.jobs ?? "inline",
  });
  app.addHook("onClose", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/**
 * Runs the inline queue's jobs kept for later (startAfter) that are due at `now`, with ctx.now() = now, and
 * returns how many ran; `schedules` also runs the recurring jobs (cron; all, or those named) that ticked since the last such call.
 * Only for apps made by testApp (jobs "inline").
 */
export function runDueJobs(
  app: FastifyInstance,
  now: Date,
  options: { schedules?: boolean | string[] } = {},
): Promise<number> {
  if (!(app.queue instanceof InlineQueue)) throw new Error("runDueJobs needs testApp's inline queue");
  return app.queue.runDue(now, options);
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
  fixtureUsers(app).add(row.id);
  return { id: row.id, email, type, headers: { authorization }, authorization };
}

const fixtures = new WeakMap<FastifyInstance, Set<string>>();
/** Ids of the users testUser made directly in the database (fixtures, not users the API created). */
export function fixtureUsers(app: FastifyInstance): Set<string> {
  let set = fixtures.get(app);
  if (!set) {
    set = new Set();
    fixtures.set(app, set);
  }
  return set;
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

export interface TestEndUser {
  id: string;
  appId: string;
  email: string;
  /** The bearer token of a session of this end user. */
  token: string;
  /** X-App and Authorization headers for this end user's own calls. */
  headers: { "x-app": string; authorization: string };
}

/**
 * An end user of an app's widget with a verified e-mail and an open session, made directly in the database
 * (sign-in needs a mailed code; see server/routes/mobile-auth.test.ts for that path).
 */
export async function testEndUser(
  app: FastifyInstance,
  appId: string,
  fields: { name?: string; email?: string } = {},
): Promise<TestEndUser> {
  const id = randomUUID();
  const email = fields.email ?? `end-user-${randomBytes(5).toString("hex")}@example.com`;
  await app.database.db
    .insert(endUsers)
    .values({ id, appId, email, emailVerified: true, name: fields.name ?? null });
  const token = await newEndUserSession(app, id);
  return { id, appId, email, token, headers: { "x-app": appId, authorization: `Bearer ${token}` } };
}

/** Another session (bearer token) for an end user. */
export async function newEndUserSession(app: FastifyInstance, endUserId: string): Promise<string> {
  const { token, tokenHash } = newToken();
  await app.database.db.insert(endUserSessions).values({ endUserId, tokenHash });
  return token;
}

/**
 * Who holds what: every console user's type, e-mail, password hash and confirmation, every role on every app,
 * and every end user's profile and vehicles. Security tests take one before hostile traffic and compare after.
 */
export interface AccessSnapshot {
  users: Map<string, string>;
  roles: Map<string, string>;
  endUsers: Map<string, string>;
  apps: Set<string>;
}

export async function accessSnapshot(app: FastifyInstance): Promise<AccessSnapshot> {
  const q = async (text: string) => (await app.database.execute(text)).rows as Record<string, unknown>[];
  const users = await q("select id, type, email, password_hash, email_confirmed from users");
  const roles = await q("select user_id, app_id, role, locations from app_roles");
  const ends = await q(
    `select u.id, u.app_id, u.name, u.company, u.phone, u.email, u.date_of_birth, u.address, u.email_verified,
      u.phone_verified, coalesce((select json_agg(json_build_array(v.position, v.unit, v.year, v.make, v.model,
      v.vin, v.mileage) order by v.position) from end_user_vehicles v where v.end_user_id = u.id), '[]') as vehicles
    from end_users u`,
  );
  const apps = await q("select id from apps");
  return {
    users: new Map(users.map((u) => [String(u.id), JSON.stringify(u)])),
    roles: new Map(roles.map((r) => [`${r.user_id} ${r.app_id}`, JSON.stringify(r)])),
    endUsers: new Map(ends.map((u) => [String(u.id), JSON.stringify(u)])),
    apps: new Set(apps.map((a) => String(a.id))),
  };
}

/**
 * What changed in who holds what between two snapshots, as readable lines (empty: nothing that matters).
 * Every user, role and end user of `before` must be exactly as it was; a new user must be a plain `User`;
 * on the apps of `before`, a new role is allowed only for a user created since, and only as one of
 * `newRolesMayBe`; on apps created since, only the users in `mayCreateApps` may hold a role, as Owner.
 * End users in `mayChangeEndUsers` may have changed their own profile. Users in `fixtures` (made by the
 * test itself, see fixtureUsers) are exempt from the checks on new users.
 */
export function accessChanges(
  before: AccessSnapshot,
  after: AccessSnapshot,
  allow: {
    newRolesMayBe?: string[];
    mayCreateApps?: string[];
    mayChangeEndUsers?: string[];
    fixtures?: Set<string>;
  } = {},
): string[] {
  const problems: string[] = [];
  for (const [id, row] of before.users) {
    const now = after.users.get(id);
    if (now !== row) problems.push(`user changed: ${row} -> ${now ?? "deleted"}`);
  }
  for (const [id, row] of after.users)
    if (!before.users.has(id) && !allow.fixtures?.has(id) && JSON.parse(row).type !== "User")
      problems.push(`new privileged user: ${row}`);
  for (const [key, row] of before.roles) {
    const now = after.roles.get(key);
    if (now !== row) problems.push(`role changed: ${row} -> ${now ?? "removed"}`);
  }
  for (const [key, row] of after.roles) {
    if (before.roles.has(key)) continue;
    const r = JSON.parse(row) as { user_id: string; app_id: string; role: string };
    if (before.apps.has(r.app_id)) {
      if (before.users.has(r.user_id)) problems.push(`existing user gained a role: ${row}`);
      else if (!(allow.newRolesMayBe ?? []).includes(r.role)) problems.push(`new role: ${row}`);
    } else if (!(allow.mayCreateApps ?? []).includes(r.user_id) || r.role !== "Owner")
      problems.push(`role on a new app: ${row}`);
  }
  for (const [id, row] of before.endUsers) {
    const now = after.endUsers.get(id);
    if (now !== row && !(allow.mayChangeEndUsers ?? []).includes(id))
      problems.push(`end user changed: ${row} -> ${now ?? "deleted"}`);
  }
  return problems;
}
