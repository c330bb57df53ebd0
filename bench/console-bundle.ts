import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { startServer } from "../tests/e2e/server.ts";

/**
 * The console's JavaScript per route, as a first visit loads it: each route opens in a fresh browser
 * context (empty cache), every script response is collected until the page is ready, and each body is
 * gzipped (level 9, as the server or a CDN would send it) and summed. Budgets (issue 19): sign-in at most
 * 150 KB, app workspace at most 450 KB. Prints the figures; never fails on them.
 */
const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "dist/builder/index.html")))
  throw new Error("run `node --import tsx scripts/build.ts builder` first");

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface RouteFigure {
  name: string;
  scripts: number;
  gzip: number;
  raw: number;
  budget?: number;
}

async function measure(
  browser: Browser,
  name: string,
  url: string,
  ready: string,
  token: string | null,
  budget?: number,
): Promise<RouteFigure> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  if (token) await context.addInitScript((t) => localStorage.setItem("token", t), token);
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (type === "script" || res.url().endsWith(".js"))
      bodies.set(
        res.url(),
        res.body().catch(() => Buffer.alloc(0)),
      );
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30000 });
  await page.waitForLoadState("networkidle");
  let gzip = 0;
  let raw = 0;
  const sizes: [string, number][] = [];
  for (const [url, body] of bodies) {
    const b = await body;
    const z = gzipSync(b, { level: 9 }).length;
    raw += b.length;
    gzip += z;
    sizes.push([url.replace(/.*\//, ""), z]);
  }
  // BUNDLE_DETAIL=1 lists each route's ten largest scripts, to see what to split next (=all: every script).
  if (process.env.BUNDLE_DETAIL)
    for (const [file, z] of sizes
      .sort((a, b) => b[1] - a[1])
      .slice(0, process.env.BUNDLE_DETAIL === "all" ? undefined : 10))
      console.log(`  ${name}: ${kb(z)} ${file}`);
  await context.close();
  return { name, scripts: bodies.size, gzip, raw, budget };
}

// CONSOLE_URL measures a server already running over this dist/ (a loaded machine can take longer to start one
// than startServer waits).
const server = process.env.CONSOLE_URL ? null : await startServer({ LOG_LEVEL: "error" });
const browser = await launchBrowser();
try {
  const base = process.env.CONSOLE_URL ?? server!.url;
  const email = `bundle-${Date.now()}@example.com`;
  const json = { "content-type": "application/json" };
  await fetch(`${base}/api/accounts/sign-up`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "bench-pass" }),
  });
  const token = (
    await (
      await fetch(`${base}/api/accounts/sign-in`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email, password: "bench-pass" }),
      })
    ).json()
  ).data as string;
  const created = await fetch(`${base}/api/apps`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ definition: { name: "Bundle Motors" } }),
  });
  if (!created.ok) throw new Error(`create failed: ${await created.text()}`);
  const app = (await created.json()).data as { appId: string };

  const figures = [
    await measure(
      browser,
      "sign-in (/login)",
      `${base}/login`,
      "button:has-text('Sign in')",
      null,
      150 * 1024,
    ),
    await measure(browser, "app list (/apps)", `${base}/apps`, "text=Bundle Motors", token),
    await measure(
      browser,
      "app workspace (/apps/:id/features)",
      `${base}/apps/${app.appId}/features`,
      "[data-testid=phone-preview]",
      token,
      450 * 1024,
    ),
  ];
  for (const f of figures) {
    const verdict = f.budget ? ` (budget ${kb(f.budget)}: ${f.gzip <= f.budget ? "within" : "OVER"})` : "";
    console.log(`${f.name}: ${kb(f.gzip)} JS gzip in ${f.scripts} scripts (${kb(f.raw)} raw)${verdict}`);
  }
} finally {
  await browser.close();
  await server?.stop();
}
