import { fork } from "node:child_process";
import diagnostics_channel from "node:diagnostics_channel";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildApp } from "../server/app.ts";
import {
  IMAGE_POOL_CHANNEL,
  type ImagePoolEvent,
  imagePoolOptions,
} from "../server/services/image-worker-pool.ts";

/**
 * Prints how fast the server answers while hostile image uploads run: the answer time (median, p95, max of
 * BENCH_REQUESTS sequential requests, default 50) of a static file (GET /sdk/embed.js when dist/ is built,
 * else GET /api/health, which the output names) and of a stored image read from disk (GET /api/images/...,
 * on the libuv pool like static files), idle and while four worst-case uploads (a 250-byte SVG with heavy
 * filters, 3000 px) run in parallel. The server is built with buildApp on a temporary PGlite and listens on
 * loopback, with the default image pool (IMAGE_WORKERS, IMAGE_TIMEOUT_MS, IMAGE_QUEUE apply).
 *
 * For comparison, a second server (a child process, killed at the end since its renders cannot be stopped)
 * runs the same four renders in its own process, as all image work did before the pool, and the same
 * requests are measured again, each given up after 5 s and the series after 3 in a row.
 * BENCH_SKIP_INPROCESS=1 leaves this part out.
 */
const N = Number(process.env.BENCH_REQUESTS ?? 50);
const root = path.resolve(import.meta.dirname, "..");
const distDir = path.join(root, "dist");
const hasDist = fs.existsSync(path.join(distDir, "sdk", "embed.js"));
const heavySvg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000"><filter id="f"><feTurbulence baseFrequency=".01" numOctaves="30"/><feGaussianBlur stdDeviation="900"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>`,
);

/** The product server on a fresh PGlite in `dataDir`, a signed-in account, and one stored image. */
async function startServer(dataDir: string) {
  const app = await buildApp({ config: { dataDir, distDir, logLevel: "error" }, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const email = `bench-${Date.now()}@example.com`;
  const post = (p: string, body: unknown) =>
    fetch(`${base}/api${p}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post("/accounts/sign-up", { email, password: "bench-pass" });
  const token = (await post("/accounts/sign-in", { email, password: "bench-pass" })).data as string;
  const upload = async (bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
    const t = performance.now();
    const res = await fetch(`${base}/api/images2`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.json();
    return {
      status: res.status,
      code: body.error?.code as string | undefined,
      ms: performance.now() - t,
      body,
    };
  };
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1f6feb" } })
    .png()
    .toBuffer();
  const stored = await upload(png, "logo.png", "image/png");
  const targets = [hasDist ? `${base}/sdk/embed.js` : `${base}/api/health`, `${base}${stored.body.data.url}`];
  return { app, base, upload, targets };
}

if (process.argv.includes("--renders-in-process")) {
  // The comparison server: renders run on this process's own libuv pool, as before the worker pool.
  const { targets } = await startServer(process.env.BENCH_DATA_DIR as string);
  process.on("message", () => {
    for (let i = 0; i < 4; i++)
      sharp(heavySvg)
        .png()
        .toBuffer()
        .catch(() => {});
    setTimeout(() => process.send?.("rendering"), 200);
  });
  process.send?.({ targets });
} else {
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
    return s.length
      ? `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms`
      : "no answer";
  };
  /** Answer times of N sequential requests; each is given up after `giveUpMs`, the series after 3 in a row. */
  const measure = async (url: string, giveUpMs = 15_000): Promise<string> => {
    const times: number[] = [];
    let failed = 0;
    let inARow = 0;
    let i = 0;
    for (; i < N && inARow < 3; i++) {
      const t = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(giveUpMs) });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(String(res.status));
        times.push(performance.now() - t);
        inARow = 0;
      } catch {
        failed++;
        inARow++;
      }
    }
    const stopped = inARow >= 3 ? `, series stopped after ${i} requests` : "";
    return `${stat(times)}${failed ? `; ${failed} got no answer within ${giveUpMs / 1000} s${stopped}` : ""}`;
  };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const { app, base, upload, targets } = await startServer(dataDir);
  const label = (url: string) => `GET ${new URL(url).pathname}`;
  try {
    const pool = imagePoolOptions();
    console.log(
      `image pool: ${pool.workers} worker(s), timeout ${pool.timeoutMs} ms, queue ${pool.queue}; ${os.availableParallelism()} cores; ${N} sequential requests each${hasDist ? "" : "; no dist/, so GET /api/health stands for the static file"}`,
    );
    for (const url of targets) await measure(url); // warm-up
    for (const url of targets) console.log(`idle: ${label(url)}: ${await measure(url)}`);

    // Four worst-case uploads at once, through the server and its pool.
    const started = new Promise<void>((resolve) => {
      const on = (e: unknown) => {
        if ((e as ImagePoolEvent).event !== "started") return;
        diagnostics_channel.unsubscribe(IMAGE_POOL_CHANNEL, on);
        resolve();
      };
      diagnostics_channel.subscribe(IMAGE_POOL_CHANNEL, on);
    });
    const hostile = Promise.all([1, 2, 3, 4].map(() => upload(heavySvg, "hostile.svg", "image/svg+xml")));
    await started;
    let uploadsDone = false;
    hostile.then(() => {
      uploadsDone = true;
    });
    for (const url of targets) console.log(`4 hostile uploads (pool): ${label(url)}: ${await measure(url)}`);
    console.log(`  uploads still running when the measuring ended: ${!uploadsDone}`);
    const answers = await hostile;
    console.log(
      `  the uploads answered: ${answers.map((a) => `${a.status} ${a.code ?? ""} after ${(a.ms / 1000).toFixed(1)} s`).join("; ")}`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  void base;

  if (process.env.BENCH_SKIP_INPROCESS !== "1") {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
    const child = fork(import.meta.filename, ["--renders-in-process"], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, BENCH_DATA_DIR: otherDir },
    });
    try {
      const { targets: other } = await new Promise<{ targets: string[] }>((r) =>
        child.once("message", r as never),
      );
      for (const url of other) await measure(url); // warm-up
      await new Promise((r) => {
        child.once("message", r);
        child.send("render");
      });
      for (const url of other)
        console.log(
          `4 renders in the server's process (before the pool): ${label(url)}: ${await measure(url, 5000)}`,
        );
    } finally {
      child.kill("SIGKILL");
      await new Promise((r) =>
        child.exitCode !== null || child.signalCode ? r(null) : child.once("exit", r),
      );
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  }
}
