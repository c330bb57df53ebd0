import { testApp, testAppOf, testUser } from "../server/test-helpers.ts";

/**
 * Prints dealer data figures (issue 16) on PostgreSQL (DATABASE_URL, required: a scratch database is made
 * and dropped): the import of a BENCH_VEHICLES (default 50,000) row inventory CSV through the console's call
 * (POST /api/apps/{appId}/dealer-data/inventory/csv, run in process: read, check every row, one upsert
 * transaction) as rows per second and peak memory (RSS), its replay (every row unchanged), and the inventory
 * search (POST /api/apps/{appId}/inventory/search: three filters and all facets, the whole call) p50/p95 over
 * BENCH_ROUNDS rounds of eight searches (the first round, which loads the app's snapshot, not counted), with
 * this process's CPU time per search beside the wall time. Goal: search p95 at most 50 ms.
 */
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    "bench/dealer-inventory.ts needs DATABASE_URL (PostgreSQL), e.g. postgres://brandapps:brandapps@127.0.0.1:5432/brandapps",
  );
  process.exit(2);
}
const N = Number(process.env.BENCH_VEHICLES ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);

const makes: [string, string[]][] = [
  ["Ford", ["F-150", "Escape", "Explorer", "Mustang"]],
  ["Toyota", ["Camry", "Corolla", "RAV4", "Tacoma"]],
  ["Honda", ["Civic", "Accord", "CR-V", "Pilot"]],
  ["Chevrolet", ["Silverado", "Equinox", "Malibu", "Tahoe"]],
  ["Tesla", ["Model 3", "Model Y"]],
  ["Subaru", ["Outback", "Forester", "Crosstrek"]],
  ["Jeep", ["Wrangler", "Grand Cherokee", "Compass"]],
  ["Nissan", ["Altima", "Rogue", "Sentra"]],
];
const bodies = ["Sedan", "SUV", "Truck", "Hatchback", "Coupe"];
const colors = ["White", "Black", "Silver", "Red", "Blue", "Gray"];
const statuses = ["new", "used", "certified"];
const HEX = "0123456789ABCDEFGH".replace(/[IOQ]/g, "");

function csv(n: number): string {
  const lines = [
    "VIN,Stock #,Year,Make,Model,Body style,Color,Mileage,Price,Status,Transmission,Fuel,Availability",
  ];
  for (let i = 0; i < n; i++) {
    const [make, models] = makes[i % makes.length];
    const model = models[(i >> 3) % models.length];
    const vin =
      `1BA${i.toString(16).toUpperCase().padStart(8, "0")}${HEX[i % 16]}${"00000".slice(0, 5)}`.slice(0, 17);
    lines.push(
      [
        vin,
        `S${i}`,
        2008 + (i % 17),
        make,
        model,
        bodies[i % bodies.length],
        colors[(i >> 2) % colors.length],
        (i * 7919) % 180_000,
        8000 + ((i * 104_729) % 72_000),
        statuses[i % 3],
        i % 9 ? "Automatic" : "Manual",
        make === "Tesla" ? "Electric" : i % 11 ? "Gasoline" : "Hybrid",
        i % 13 ? "In stock" : "In transit",
      ].join(","),
    );
  }
  return lines.join("\n");
}

const app = await testApp({ jobs: "off" });
try {
  const owner = await testUser(app);
  const appId = await testAppOf(app, owner, "Bench Motors");
  const text = csv(N);
  console.log(`inventory CSV: ${N} rows, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB`);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const before = process.memoryUsage().rss;
  for (const round of ["import", "replay"]) {
    const t0 = performance.now();
    const res = await app.inject({
      method: "POST",
      url: `/api/apps/${appId}/dealer-data/inventory/csv?fileName=bench.csv`,
      headers: { ...owner.headers, "content-type": "text/csv" },
      payload: text,
    });
    const ms = performance.now() - t0;
    const taskId = res.json().data?.taskId;
    const task = await app.inject({
      method: "GET",
      url: `/api/public/apps/${appId}/tasks/${taskId}`,
      headers: owner.headers,
    });
    const t = task.json().data;
    if (t?.status !== "done")
      throw new Error(`${round} failed: ${JSON.stringify(t ?? res.json()).slice(0, 500)}`);
    console.log(
      `${round}: ${t.message} in ${Math.round(ms)} ms = ${Math.round(N / (ms / 1000))} rows/s; peak RSS ${Math.round(peak / 1048576)} MB (${Math.round((peak - before) / 1048576)} MB above the start)`,
    );
  }
  clearInterval(sampler);

  const cases: Record<string, object> = {
    "make + price + body": {
      vehicleMakes: [{ name: "Toyota" }],
      priceTo: 30000,
      bodyStyle: ["SUV", "Sedan"],
    },
    "model + years + status": {
      vehicleMakes: [{ name: "Ford", model: "F-150" }],
      yearFrom: 2015,
      yearTo: 2022,
      status: ["used"],
    },
    "colour + mileage + fuel": { color: ["Red"], mileageTo: 60000, fuel: ["Gasoline"] },
    "text + price + sort": { search: "honda civic", priceFrom: 10000, sort: "price_asc" },
    "status + transmission + page 5": { status: ["certified"], transmission: ["Automatic"], page: 5 },
    "availability + years + price desc": {
      availability: ["In stock"],
      yearFrom: 2018,
      sort: "price_desc",
      priceTo: 50000,
    },
    "two makes + colour + body": {
      vehicleMakes: [{ name: "Jeep" }, { name: "Subaru" }],
      color: ["Black", "White"],
      bodyStyle: ["SUV"],
    },
    "no filter": {},
  };
  const times: number[] = [];
  const cpu: number[] = [];
  const per: Record<string, number[]> = {};
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, payload] of Object.entries(cases)) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await app.inject({
        method: "POST",
        url: `/api/apps/${appId}/inventory/search`,
        headers: owner.headers,
        payload,
      });
      const ms = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (r === 0 && name === Object.keys(cases)[0])
        console.log(`  first search after the import (reads the app's snapshot): ${ms.toFixed(1)} ms`);
      if (r > 0) {
        times.push(ms);
        cpu.push((used.user + used.system) / 1000);
        per[name] = [...(per[name] ?? []), ms];
      }
    }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  for (const [name, xs] of Object.entries(per))
    console.log(`  ${name.padEnd(36)} p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms`);
  // The machine is shared: wall time grows with the load average, this process's own CPU time much less.
  console.log(
    `  this process's CPU per search (PostgreSQL not included): p50 ${pct(cpu, 50).toFixed(1)} ms, p95 ${pct(cpu, 95).toFixed(1)} ms`,
  );
  console.log(
    `inventory search over ${N} vehicles (filters + facets, ${times.length} calls): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (goal 50 ms); load average ${(await import("node:os")).loadavg()[0].toFixed(1)}`,
  );
} finally {
  await app.close();
}
