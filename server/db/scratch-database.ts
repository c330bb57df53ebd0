import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new PostgreSQL database beside the one `url` names (empty, or a copy of `template`), for one test file or one test server, so
 * runs never see each other's rows (or each other's code limits). `drop` removes it again.
 */
export async function createScratchDatabase(
  url: string,
  /** A migrated database to copy (the test run's template); without it the new database is empty. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  if (template && !/^\w+$/.test(template)) throw new Error(`not a database name: ${template}`);
  await withClient(url, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  return {
    url: databaseUrl(url, name),
    drop: () =>
      withClient(url, async (c) => {
        // Not WITH (FORCE): that must terminate every session, and an autovacuum worker visiting the fresh
        // database belongs to no role we may signal. A plain drop asks autovacuum to leave and waits; a
        // session of ours still closing is waited out here.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (e) {
            if ((e as { code?: string }).code !== "55006" || attempt >= 40) throw e;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      }),
  };
}

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One connection to `url` for `work`, closed afterwards. */
export async function withClient(url: string, work: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await work(c);
  } finally {
    await c.end();
  }
}
