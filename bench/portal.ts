import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { startServer } from "../tests/e2e/server.ts";

/**
 * The customer portal's figures of issue 17 on the built product, in headless Chromium on a phone viewport
 * (390x844): all JS the first load fetches until My Portal's greeting shows its unread count (gzip, target
 * ≤ 60 KB), and the time from navigation start to that greeting for a signed-in customer on a cold load
 * (a fresh browser context each run: empty HTTP cache), median of BENCH_RUNS (10); and what the Inventory
 * section (the widget's inventory views, loaded only when it opens) adds. Prints, never fails.
 */
const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist/portal");
if (!fs.existsSync(path.join(dist, "index.html"))) throw new Error("run `npm run build` first");
const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);

const server = await startServer({ LOG_LEVEL: "info" });
const browser = await launchBrowser();
try {
  const call = async (p: string, body: unknown, headers: Record<string, string> = {}) =>
    (
      await fetch(`${server.url}/api${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      })
    ).json();
  const owner = `bench-portal-${Date.now()}@example.com`;
  await call("/accounts/sign-up", { email: owner, password: "bench-pass" });
  const token = (await call("/accounts/sign-in", { email: owner, password: "bench-pass" })).data;
  const auth = { authorization: `Bearer ${token}` };
  const appId = (await call("/apps", { definition: { name: "Bench Motors", features: [] } }, auth)).data
    .appId;
  // A customer signed in the portal's way: a mailed code, read from the dev outbox in the server's log.
  const customer = `bench-customer-${Date.now()}@example.com`;
  await call("/mobile/users/auth/email-confirmation", { email: customer }, { "x-app": appId });
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    code = server
      .log()
      .match(new RegExp(`to ${customer.replace(/[.+]/g, "\\$&")}: [^\\n]*sign-in code: (\\d{6})`))?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const userId = crypto.randomUUID();
  const signed = (
    await call("/mobile/users/auth/sign-in", { userId, email: customer, code }, { "x-app": appId })
  ).data;
  const stored = JSON.stringify({
    userId: signed.userId,
    token: signed.token,
    email: customer,
    profile: signed.profile,
  });

  const times: number[] = [];
  let scripts: string[] = [];
  let inventoryScripts: string[] = [];
  const jsLoaded = (page: import("playwright-core").Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith(".js")),
    );
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      `brand-app:${appId}:user`,
      stored,
    ] as const);
    const page = await context.newPage();
    await page.goto(`${server.url}/portal/${appId}`);
    await page.waitForFunction(() => /\d/.test(document.querySelector(".pt-unread")?.textContent ?? ""));
    times.push(await page.evaluate(() => performance.now()));
    if (run === 0) {
      scripts = await jsLoaded(page);
      // The Inventory section's views load when it opens: what that adds, apart from the first load.
      await page.getByRole("link", { name: "Inventory", exact: true }).click();
      await page.locator(".pt-inventory .ba-screen").waitFor();
      inventoryScripts = (await jsLoaded(page)).filter((p) => !scripts.includes(p));
    }
    await context.close();
  }
  const sized = (list: string[]) =>
    list.map((p) => ({ p, bytes: gz(fs.readFileSync(path.join(dist, p.replace(/^\/portal\//, "")))) }));
  const files = sized(scripts);
  const total = files.reduce((n, f) => n + f.bytes, 0);
  for (const f of files) console.log(`  ${f.p}: ${kb(f.bytes)} gzip`);
  console.log(`portal first load JS: ${kb(total)} gzip in ${files.length} files (target ≤ 60 KB)`);
  const lazy = sized(inventoryScripts);
  console.log(
    `Inventory section, loaded when opened: ${kb(lazy.reduce((n, f) => n + f.bytes, 0))} gzip in ${lazy.length} files (${lazy.map((f) => f.p.replace(/^.*\//, "")).join(", ")})`,
  );
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `time to the greeting (cold, signed in, 390x844): median ${median.toFixed(0)} ms of ${RUNS} (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)})`,
  );
} finally {
  await browser.close();
  await server.stop();
}
