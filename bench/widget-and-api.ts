import { fork } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startServer } from "../tests/e2e/server.ts";

/**
 * Prints the widget's shipped sizes (gzip) and the throughput of GET /api/mobile/app against a bare Fastify
 * route serving the same JSON from memory, both measured in this one run on this machine.
 */
const root = path.resolve(import.meta.dirname, "..");
const sdk = path.join(root, "dist/sdk");
if (!fs.existsSync(path.join(sdk, "brand-app.js"))) throw new Error("run `npm run build` first");

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(sdk, file)), { level: 9 }).length;
console.log(`loader embed.js: ${gz("embed.js")} B gzip`);
console.log(`element brand-app.js: ${gz("brand-app.js")} B gzip`);

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function load(url: string, headers: Record<string, string>, duration = DURATION, status = 200) {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  const wrong = status === 200 ? r.non2xx : r.requests.total - (r.statusCodeStats?.[`${status}`]?.count ?? 0);
  if (wrong || r.errors) throw new Error(`${wrong} answers other than ${status}, ${r.errors} errors`);
  return r.requests.average;
}

/**
 * The machine is shared, so its load moves during a run: the product and the bare server are measured in
 * alternating rounds and each ratio is taken within a round; the median round is printed with the spread.
 */
async function compare(rounds: number, product: () => Promise<number>, bare: () => Promise<number>) {
  const results: { product: number; bare: number; ratio: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const p = await product();
    const b = await bare();
    results.push({ product: p, bare: b, ratio: p / b });
  }
  results.sort((x, y) => x.ratio - y.ratio);
  return {
    ...results[Math.floor(results.length / 2)],
    min: results[0].ratio,
    max: results[results.length - 1].ratio,
  };
}

const ratioLine = (label: string, r: Awaited<ReturnType<typeof compare>>, ceiling: string) =>
  `${label}: ratio ${r.ratio.toFixed(2)} (rounds ${r.min.toFixed(2)}-${r.max.toFixed(2)}): ${Math.round(r.product)} req/s, ${ceiling} ${Math.round(r.bare)} req/s`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const server = await startServer({ LOG_LEVEL: "error" });
try {
  const email = `bench-${Date.now()}@example.com`;
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${server.url}/api${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post("/accounts/sign-up", { email, password: "bench-pass" });
  const token = (await post("/accounts/sign-in", { email, password: "bench-pass" })).data;
  const seed = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "demo-definition.json"), "utf8"));
  const app = (await post("/apps", { definition: seed }, token)).data;
  const first = await fetch(`${server.url}/api/mobile/app`, { headers: { "x-app": app.appId } });
  const body = await first.text();
  // The headers the product answers with, minus those Node's HTTP server adds to every answer itself.
  const productHeaders = Object.fromEntries(
    [...first.headers].filter(
      ([name]) => !["date", "connection", "keep-alive", "content-length"].includes(name),
    ),
  );

  /** The bare server (bare-server.ts) on a free port: the same body, and `headers` on top of its own. */
  const startBare = async (headers: Record<string, string>) => {
    const port = await freePort();
    const child = fork(path.join(import.meta.dirname, "bare-server.ts"), {
      env: { ...process.env, PORT: String(port), BODY: body, HEADERS: JSON.stringify(headers) },
      execArgv: ["--import", "tsx"],
    });
    await new Promise((r) => child.once("message", r));
    return { child, url: `http://127.0.0.1:${port}/api/mobile/app` };
  };
  const bare = await startBare({});
  const sameHeaders = await startBare(productHeaders);
  try {
    const url = `${server.url}/api/mobile/app`;
    const etag = first.headers.get("etag");
    if (!etag) throw new Error("GET /api/mobile/app sent no ETag");
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const slice = Math.max(2, Math.round(DURATION / rounds));
    const full = () => load(url, { "x-app": app.appId }, slice);
    const revalidate = () => load(url, { "x-app": app.appId, "if-none-match": etag }, slice, 304);
    const ceiling = () => load(bare.url, {}, slice);
    // Warm up (JIT, caches) every server and path, then measure.
    await load(url, { "x-app": app.appId }, 2);
    await load(url, { "x-app": app.appId, "if-none-match": etag }, 2, 304);
    await load(bare.url, {}, 2);
    await load(sameHeaders.url, {}, 2);
    const [loadBefore] = os.loadavg();
    const fullRatio = await compare(rounds, full, ceiling);
    const revalidatedRatio = await compare(rounds, revalidate, ceiling);
    // The client (autocannon) parses every header in JavaScript: the security headers alone cost throughput.
    // This line shows how much, with a bare server sending the product's headers; the goal is against the first.
    const sameHeadersRatio = await compare(rounds, full, () => load(sameHeaders.url, {}, slice));
    const [loadAfter] = os.loadavg();
    console.log(
      `GET /api/mobile/app against bare Fastify serving the same ${body.length} B JSON from memory (${CONNECTIONS} connections, ${rounds} alternating rounds of ${slice} s, median round):`,
    );
    console.log(ratioLine("full answer (200)", fullRatio, "bare"));
    console.log(ratioLine("matching If-None-Match (304)", revalidatedRatio, "bare"));
    console.log(
      ratioLine(
        `full answer against bare Fastify also sending the product's ${Object.keys(productHeaders).length} headers`,
        sameHeadersRatio,
        "bare with headers",
      ),
    );
    console.log(
      `load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${os.cpus().length} cores`,
    );
  } finally {
    bare.child.kill();
    sameHeaders.child.kill();
  }
} finally {
  await server.stop();
}
