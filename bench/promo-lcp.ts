import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { startServer } from "../tests/e2e/server.ts";

/**
 * The promo page's Largest Contentful Paint on a phone, as Lighthouse's mobile run sees it: a 412x823
 * screen at 1.75 device pixels, the CPU slowed 4x and a slow 4G network (1.6 Mbps down, 750 kbps up,
 * 150 ms round trip) through the DevTools protocol, a cold browser cache each visit. The page is the
 * seeded "Demo Motors" app (logo, cover, icons), visited once before the runs so the server has made its
 * image variants (what every visitor after the first sees). Prints the median and each run's LCP, the
 * LCP element, the requests and bytes. Runs: BENCH_LCP_RUNS (default 5).
 */
const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "dist/promo/client.js"))) throw new Error("run `npm run build` first");

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

interface Visit {
  lcp: number;
  element: string;
  url: string;
  size: number;
  requests: number;
  bytes: number;
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    let requests = 0;
    let bytes = 0;
    page.on("requestfinished", async (req) => {
      requests++;
      const sizes = await req.sizes().catch(() => null);
      if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    });
    await page.goto(url, { waitUntil: "load" });
    // The simulator has drawn and every item icon has loaded: the page's content is complete.
    await page.waitForSelector("#promo-root[data-loading-end]", { state: "attached", timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const lcp = await page.evaluate(
      () =>
        new Promise<{ lcp: number; element: string; url: string; size: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & {
              element: Element | null;
              url: string;
              size: number;
            })[];
            const last = entries[entries.length - 1];
            const el = last.element;
            resolve({
              lcp: last.startTime,
              element: el
                ? `${el.tagName.toLowerCase()}${el.className ? `.${el.className}` : ""}`
                : "(in a shadow root)",
              url: last.url.replace(location.origin, ""),
              size: last.size,
            });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    return { ...lcp, requests, bytes };
  } finally {
    await context.close();
  }
}

const server = await startServer({ LOG_LEVEL: "info" });
let browser: Browser | undefined;
try {
  const appId = /"appId":"([0-9a-f-]{36})"[^\n]*Demo admin created/.exec(server.log())?.[1];
  if (!appId) throw new Error(`the demo app was not seeded:\n${server.log()}`);
  const url = `${server.url}/promo/${appId}`;
  browser = await launchBrowser();
  await visit(browser, url);
  const visits: Visit[] = [];
  for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, url));
  for (const [i, v] of visits.entries())
    console.log(
      `  run ${i + 1}: LCP ${v.lcp.toFixed(0)} ms, ${v.element} ${v.url || "(text)"} (${v.size} px²), ${v.requests} requests, ${(v.bytes / 1024).toFixed(1)} KB`,
    );
  const last = visits[visits.length - 1];
  console.log(
    `promo page LCP (mobile 412x823 @1.75, CPU 4x, 1.6 Mbps/150 ms, cold cache): median ${median(visits.map((v) => v.lcp)).toFixed(0)} ms of ${RUNS}; ${last.requests} requests, ${(last.bytes / 1024).toFixed(1)} KB`,
  );
} finally {
  await browser?.close();
  await server.stop();
}
