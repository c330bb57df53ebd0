import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { defaultPromo } from "../core/index.ts";
import { poweredByFromEnv, renderPromoPage } from "../promo/index.ts";
import type { MobileApp } from "../schemas/index.ts";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { startServer } from "../tests/e2e/server.ts";

/**
 * Prints the promo page's server render time (median of N renders, in process, and median of N requests to
 * the built product, which adds the database and HTTP) and the bytes a first visit downloads: the HTML and
 * the JavaScript the browser actually fetched, raw and gzip. N: BENCH_RENDERS (default 200).
 */
const N = Number(process.env.BENCH_RENDERS ?? 200);
const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "dist/promo/client.js"))) throw new Error("run `npm run build` first");

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const ms = (x: number) => `${x.toFixed(2)} ms`;
const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

const definition = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "demo-definition.json"), "utf8"),
);
const app: MobileApp = {
  appId: "00000000-0000-4000-8000-000000000001",
  lang: "en",
  domainType: "Auto",
  makeModelType: "Car",
  definition,
};
const input = {
  app,
  promo: defaultPromo(definition.name, "Car"),
  appId: app.appId,
  multiappId: null,
  makeModelType: "Car",
  appleAppUrl: "https://apps.apple.com/app/id1234567890",
  googleAppUrl: "https://play.google.com/store/apps/details?id=com.example.app",
  language: "en" as const,
};
const options = { origin: "https://apps.example.com", poweredBy: poweredByFromEnv({}) };

// In process: React's renderToString plus the QR code, warmed up first so the JIT has settled.
for (let i = 0; i < 20; i++) await renderPromoPage(input, options);
const renders: number[] = [];
for (let i = 0; i < N; i++) {
  const t = performance.now();
  await renderPromoPage(input, options);
  renders.push(performance.now() - t);
}
console.log(`server render (renderPromoPage, in process): median ${ms(median(renders))} of ${N}`);

const server = await startServer({ LOG_LEVEL: "error" });
const browser = await launchBrowser();
try {
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${server.url}/api${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const email = `bench-promo-${Date.now()}@example.com`;
  await post("/accounts/sign-up", { email, password: "bench-pass" });
  const token = (await post("/accounts/sign-in", { email, password: "bench-pass" })).data;
  const appId = (await post("/apps", { definition }, token)).data.appId as string;
  const url = `${server.url}/promo/${appId}`;

  for (let i = 0; i < 20; i++) await (await fetch(url)).text();
  const requests: number[] = [];
  let html = "";
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    html = await (await fetch(url)).text();
    requests.push(performance.now() - t);
  }
  console.log(`GET /promo/{appId} (built product, PGlite, HTTP): median ${ms(median(requests))} of ${N}`);
  console.log(`HTML: ${html.length} B raw, ${gz(html)} B gzip`);

  // What a first visit really fetches: the hydration script, then the simulator's lazily loaded views.
  const page = await browser.newPage();
  const scripts = new Map<string, Buffer>();
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script") scripts.set(r.url(), await r.body());
  });
  await page.goto(url);
  await page.waitForSelector("#promo-root[data-loading-end]", { state: "attached", timeout: 30000 });
  const client = [...scripts].find(([u]) => u.endsWith("/client.js"))?.[1];
  const lazy = [...scripts].filter(([u]) => !u.endsWith("/client.js")).map(([, b]) => b);
  const sum = (bs: Buffer[]) => bs.reduce((n, b) => n + b.length, 0);
  if (client) console.log(`JS for hydration (client.js): ${client.length} B raw, ${gz(client)} B gzip`);
  console.log(
    `JS for the simulator (${lazy.length} lazy chunks): ${sum(lazy)} B raw, ${lazy.reduce((n, b) => n + gz(b), 0)} B gzip`,
  );
  const all = [...scripts.values()];
  console.log(
    `HTML + all JS: ${html.length + sum(all)} B raw, ${gz(html) + all.reduce((n, b) => n + gz(b), 0)} B gzip`,
  );
} finally {
  await browser.close();
  await server.stop();
}
