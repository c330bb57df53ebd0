import { fork } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
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

async function load(url: string, headers: Record<string, string>) {
  // Warm up (JIT, caches), then measure.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
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
    const product = await load(`${server.url}/api/mobile/app`, { "x-app": app.appId });
    const baseline = await load(`http://127.0.0.1:${port}/api/mobile/app`, {});
    console.log(
      `GET /api/mobile/app: ${Math.round(product)} req/s (${body.length} B body, ${CONNECTIONS} connections, ${DURATION} s)`,
    );
    console.log(`bare Fastify, same JSON from memory: ${Math.round(baseline)} req/s`);
    console.log(`ratio: ${(product / baseline).toFixed(2)}`);
  } finally {
    bare.kill();
  }
} finally {
  await server.stop();
}
