import type { AddressInfo } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import type { RunningQueue } from "../server/jobs/queue.ts";
import { foldAnalytics } from "../server/ops/analytics-rollup.ts";
import { testApp, testAppOf, testUser } from "../server/test-helpers.ts";

/**
 * Prints, on PostgreSQL (DATABASE_URL, required: a scratch database is made and dropped):
 *
 * 1. Ingest: POST /api/mobile/analytics/events in batches of 50 over HTTP (autocannon in its own thread,
 *    BENCH_SECONDS, default 10) against one server with its pg-boss workers folding the rollups meanwhile, as
 *    `npm start` runs; events stored per second, and how long the fold took to catch up afterwards.
 *    Goal: at least 20,000 events per second.
 * 2. Dashboards: BENCH_SIGNALS (default 10,000,000) signals over the last 365 days in 20 apps (half in one
 *    big app), in visits of 5 signals by one of 200,000 visitors per app, inserted through the same table and
 *    trigger, folded (signals folded per second), then
 *    GET /api/apps/{appId}/analytics/{type} for the big app's usual views, BENCH_ROUNDS times each; p50/p95.
 *    Goal: p95 at most 100 ms.
 */
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    "bench/analytics.ts needs DATABASE_URL (PostgreSQL), e.g. postgres://brandapps:brandapps@127.0.0.1:5432/brandapps",
  );
  process.exit(2);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SIGNALS = Number(process.env.BENCH_SIGNALS ?? 10_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
/** BENCH_PARTS=ingest or dashboards runs only that part (to iterate on one); both by default. */
const PARTS = process.env.BENCH_PARTS ?? "ingest,dashboards";
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const app = await testApp({ jobs: "pg-boss" });
try {
  const owner = await testUser(app);
  const appId = await testAppOf(app, owner, "Ingest Motors");
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;

  // 1. Ingest.
  // The requests are made in autocannon's worker thread (bench/analytics-batch.cjs), not on the server's.
  process.env.BENCH_APP_ID = appId;
  if (PARTS.includes("ingest")) {
    const load = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}/api/mobile/analytics/events`,
        method: "POST",
        connections: 16,
        duration,
        workers: 1,
        headers: { "content-type": "application/json", "x-app": appId },
        requests: [{ setupRequest: path.join(import.meta.dirname, "analytics-batch.cjs") } as never],
      });
    await load(2); // warm up: JIT, plans, pools
    const before = Number(
      (await app.database.execute("select count(*) as n from analytics_events")).rows[0].n,
    );
    const r = await load(SECONDS);
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
    const stored =
      Number((await app.database.execute("select count(*) as n from analytics_events")).rows[0].n) - before;
    console.log(
      `ingest: ${Math.round(stored / SECONDS).toLocaleString("en-US")} events/s stored (${r.requests.average} batches of 50/s, p99 latency ${r.latency.p99} ms, ${stored.toLocaleString("en-US")} events in ${SECONDS} s)`,
    );
    const t0 = performance.now();
    for (;;) {
      const q = Number(
        (await app.database.execute("select count(*) as n from analytics_rollup_queue")).rows[0].n,
      );
      if (q === 0) break;
      if (performance.now() - t0 > 300_000) throw new Error(`fold did not catch up: ${q} queued`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`rollups caught up ${Math.round(performance.now() - t0)} ms after the load ended`);
  }
  await (app.queue as RunningQueue).stop(); // the dashboards below are measured without jobs running
  if (PARTS.includes("dashboards")) {
    // 2. Dashboards over many signals.
    const appIds = [appId];
    for (let i = 1; i < 20; i++) appIds.push(await testAppOf(app, owner, `Bench Motors ${i}`));
    const t1 = performance.now();
    await app.database.execute(
      `select analytics_ensure_partitions((now() - interval '13 months')::date, now()::date)`,
    );
    // Signals come in visits, as the widget sends them: a visitor (one of 200,000 per app) opens the page and
    // makes 5 signals within two minutes: home, three pages (features), then one more action.
    const CHUNK = 100_000; // visits per statement
    const visits = Math.ceil(SIGNALS / 5);
    for (let done = 0; done < visits; done += CHUNK) {
      const n = Math.min(CHUNK, visits - done);
      await app.database.execute(
        `insert into analytics_events (id, app_id, user_id, platform, name, time, data)
       select gen_random_uuid(), v.app, v.usr, 'Web', a.nm, v.start + step * interval '25 seconds', a.data
       from (select a.ids[case when random() < 0.5 then 1 else 2 + floor(random() * 19)::int end] as app,
               'u' || floor(random() * 200000)::int as usr,
               now() - interval '5 minutes' - random() * interval '365 days' as start
             from (select $1::uuid[] as ids) a, generate_series(1, $2)) v
       cross join generate_series(0, 4) step
       cross join lateral (select
         case when step = 0 then 'page_view' when step < 4 then 'page_view'
           else (array['install','login','share','calendar_add','inventory_favorite','geofence','page_view'])[1 + floor(random() * 7)::int] end as nm) n
       cross join lateral (select n.nm, case
         when step = 0 then jsonb_build_object('page', 'home')
         when n.nm = 'page_view' then (select case
             when p in ('couponDetails', 'eventDetails') then jsonb_build_object('page', p, 'offerId', 'o' || floor(random() * 30)::int)
             when p = 'inventory_details' then jsonb_build_object('page', p, 'inventoryId', 'v' || floor(random() * 500)::int)
             else jsonb_build_object('page', p, 'featureId', 'f' || floor(random() * 20)::int) end
           from (select (array['coupons','couponDetails','events','eventDetails','loyalty','contactUs','inventory','inventory_details'])[1 + floor(random() * 8)::int] as p) pp)
         when n.nm = 'login' then jsonb_build_object('loginMethod', case when random() < 0.7 then 'email' else 'phone' end)
         when n.nm in ('share', 'calendar_add') then jsonb_build_object('offerId', 'o' || floor(random() * 30)::int)
         when n.nm = 'inventory_favorite' then jsonb_build_object('inventoryId', 'v' || floor(random() * 500)::int)
         when n.nm = 'geofence' then jsonb_build_object('geofenceId', 'g' || floor(random() * 5)::int)
         else '{}'::jsonb end as data) a`,
        [`{${appIds.join(",")}}`, n],
      );
    }
    const inserted = performance.now() - t1;
    const t2 = performance.now();
    let folded = 0;
    for (;;) {
      const k = await foldAnalytics(app.database.db, 50_000);
      folded += k;
      if (k === 0) break;
    }
    const foldMs = performance.now() - t2;
    const rollupRows = Number(
      (await app.database.execute("select count(*) as n from analytics_rollups")).rows[0].n,
    );
    const visitorRows = Number(
      (await app.database.execute("select count(*) as n from analytics_visitors")).rows[0].n,
    );
    console.log(
      `seeded ${SIGNALS.toLocaleString("en-US")} signals in ${Math.round(inserted / 1000)} s; folded ${folded.toLocaleString("en-US")} in ${Math.round(foldMs / 1000)} s (${Math.round(folded / (foldMs / 1000)).toLocaleString("en-US")}/s) into ${rollupRows.toLocaleString("en-US")} rollup rows and ${visitorRows.toLocaleString("en-US")} visitor rows`,
    );
    await app.database.execute("analyze");

    const today = new Date();
    const ago = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    const cases: Record<string, string> = {
      "overview, 30 days by day (New York)": `overview?from=${ago(29)}&to=${ago(0)}&tz=America/New_York`,
      "overview, 7 days by day": `overview?from=${ago(6)}&to=${ago(0)}&tz=UTC`,
      "pages, 30 days by day": `pages?from=${ago(29)}&to=${ago(0)}&tz=UTC`,
      "features, 90 days by week": `features?from=${ago(89)}&to=${ago(0)}&interval=week&tz=UTC`,
      "offers, 30 days by day": `offers?from=${ago(29)}&to=${ago(0)}&tz=UTC`,
      "inventory, 30 days by day": `inventory?from=${ago(29)}&to=${ago(0)}&tz=UTC`,
      "overview, 365 days by month": `overview?from=${ago(364)}&to=${ago(0)}&interval=month&tz=UTC`,
    };
    const get = (path: string) =>
      app.inject({ method: "GET", url: `/api/apps/${appId}/analytics/${path}`, headers: owner.headers });
    for (const path of Object.values(cases)) {
      const res = await get(path);
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.body}`);
    }
    const all: number[] = [];
    for (const [name, path] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        await get(path);
        times.push(performance.now() - t);
      }
      all.push(...times);
      console.log(
        `${name.padEnd(40)} p50 ${pct(times, 0.5).toFixed(1)} ms  p95 ${pct(times, 0.95).toFixed(1)} ms`,
      );
    }
    console.log(
      `all dashboard calls: p50 ${pct(all, 0.5).toFixed(1)} ms, p95 ${pct(all, 0.95).toFixed(1)} ms (${all.length} calls)`,
    );
  }
} finally {
  await app.close();
}
