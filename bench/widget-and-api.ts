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
 * alternating rounds and each ratio is taken within a round; the median round is printed.
 */
async function compare(rounds: number, product: () => Promise<number>, bare: () => Promise<number>) {
  const results: { product: number; bare: number; ratio: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const p = await product();
    const b = await bare();
    results.push({ product: p, bare: b, ratio: p / b });
  }
  results.sort((x, y) => x.ratio - y.ratio);
  return results[Math.floor(results.length / 2)];
}

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
  const body = await (
    await fetch(`${server.url}/api/mobile/app`, { headers: { "x-app": app.appId } })
  ).text();

  const port = await freePort();
  const bare = fork(path.join(import.meta.dirname, "bare-server.ts"), {
    env: { ...process.env, PORT: String(port), BODY: body },
    execArgv: ["--import", "tsx"],
  });
  await new Promise((r) => bare.once("message", r));
  try {
    const url = `${server.url}/api/mobile/app`;
    const bareUrl = `http://127.0.0.1:${port}/api/mobile/app`;
    const etag = (await fetch(url, { headers: { "x-app": app.appId } })).headers.get("etag");
    if (!etag) throw new Error("GET /api/mobile/app sent no ETag");
    // Warm up (JIT, caches) both servers and both paths, then measure.
    await load(url, { "x-app": app.appId }, 2);
    await load(url, { "x-app": app.appId, "if-none-match": etag }, 2, 304);
    await load(bareUrl, {}, 2);
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const slice = Math.max(2, Math.round(DURATION / rounds));
    const full = await compare(
      rounds,
      () => load(url, { "x-app": app.appId }, slice),
      () => load(bareUrl, {}, slice),
    );
    const revalidated = await compare(
      rounds,
      () => load(url, { "x-app": app.appId, "if-none-match": etag }, slice, 304),
      () => load(bareUrl, {}, slice),
    );
    const [load1] = os.loadavg();
    console.log(
      `GET /api/mobile/app: ${Math.round(full.product)} req/s (${body.length} B body, ${CONNECTIONS} connections, ${rounds} alternating rounds of ${slice} s, median round)`,
    );
    console.log(`bare Fastify, same JSON from memory: ${Math.round(full.bare)} req/s`);
    console.log(`ratio: ${full.ratio.toFixed(2)}`);
    console.log(
      `GET /api/mobile/app with a matching If-None-Match (304): ${Math.round(revalidated.product)} req/s, bare ${Math.round(revalidated.bare)} req/s, ratio: ${revalidated.ratio.toFixed(2)}`,
    );
    console.log(`load average (1 min) at the end: ${load1.toFixed(2)} on ${os.cpus().length} cores`);
  } finally {
    bare.kill();
  }
} finally {
  await server.stop();
}
