import type { InjectOptions } from "fastify";
import { testApp, testAppOf, testUser } from "../server/test-helpers.ts";
import { seedAppUsers, seededUser } from "../server/testing/app-users-seed.ts";

/**
 * Prints the console's customer search (POST /api/apps/{appId}/users/search, the whole call: token check,
 * role check, validation, page and total) over BENCH_USERS (default 100,000) end users of one app with their
 * vehicles, sessions and push subscriptions (server/testing/app-users-seed.ts), on PostgreSQL
 * (DATABASE_URL, required: a scratch database is made and dropped). The searches are what people type in the
 * Customers table: part of a name, of an e-mail, phone digits with separators, a VIN part, a model, make and a
 * year range, the first page without a search, and a later page. Goal: p95 at most 50 ms.
 */
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    "bench/app-user-search.ts needs DATABASE_URL (PostgreSQL), e.g. postgres://brandapps:brandapps@127.0.0.1:5432/brandapps",
  );
  process.exit(2);
}
const N = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const app = await testApp({ jobs: "off" });
try {
  const owner = await testUser(app);
  const appId = await testAppOf(app, owner, "Bench Motors");
  const t0 = performance.now();
  await seedAppUsers(app.database, appId, N);
  console.log(`seeded ${N} users in ${Math.round(performance.now() - t0)} ms`);

  const phone = seededUser(appId, 4242).phone.slice(2);
  const vin = seededUser(appId, 5000).vehicles[0].vin as string;
  const cases: Record<string, object> = {
    "first page": {},
    "page 40": { skip: 2000, take: 50 },
    "name part": { term: "mitch" },
    "full name": { term: "ann smith" },
    "e-mail part": { term: "smith.77" },
    "phone typed": { term: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6, 8)}` },
    "VIN part": { term: vin.slice(3, 11).toLowerCase() },
    model: { term: "outback" },
    "make + years": { make: "Subaru", yearFrom: 2010, yearTo: 2015 },
    "make + push": { make: "Toyota", hasPush: true },
    "sort by name": { sort: "name" },
  };
  const request = (payload: object): InjectOptions => ({
    method: "POST",
    url: `/api/apps/${appId}/users/search`,
    headers: owner.headers,
    payload,
    remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  // Warm up: plans and caches, as on a running server.
  for (const payload of Object.values(cases)) {
    const res = await app.inject(request(payload));
    if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  }
  const times: Record<string, number[]> = {};
  const all: number[] = [];
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, payload] of Object.entries(cases)) {
      const start = performance.now();
      const res = await app.inject(request(payload));
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      times[name] = [...(times[name] ?? []), ms];
      all.push(ms);
    }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  };
  const f = (ms: number) => ms.toFixed(1).padStart(7);
  console.log(`\nPOST users/search over ${N} users, ${ROUNDS} rounds (ms)`);
  console.log(`${"search".padEnd(14)}    p50     p95     max   total found`);
  for (const [name, xs] of Object.entries(times)) {
    const total = (await app.inject(request(cases[name]))).json().data.total;
    console.log(`${name.padEnd(14)}${f(pct(xs, 50))} ${f(pct(xs, 95))} ${f(Math.max(...xs))}   ${total}`);
  }
  const p95 = pct(all, 95);
  console.log(
    `\nall searches: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal <= 50 ms): ${p95 <= 50 ? "met" : "NOT met"}`,
  );
} finally {
  await app.close();
}
