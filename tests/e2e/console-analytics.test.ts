import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../builder/src/analytics/logic.ts";
import { launchBrowser } from "./browser.ts";
import { seriousViolations, tokenOf } from "./builder-helpers.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The console's analytics dashboards on the built product (issue 15): the demo admin opens the demo app's
 * Analytics and sees the numbers the server counts from the widget's signals, switches the range (the
 * numbers change, the URL keeps it through a reload), exports a table as CSV (its rows are the table's),
 * opens a dashboard by type, sees the empty state of an app without signals; recharts is not in the
 * sign-in page's scripts; axe-core finds no serious or critical violations.
 */

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);
/** Polls longer than vitest's default second: the rollups are folded by a job, and CPUs are shared. */
const until = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { timeout: 30_000, interval: 250, message });
const ZONE = "America/New_York";

/** Outside a test (expect.poll cannot run in a hook): checks until true, or fails after 60 s. */
async function waitFor(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}:\n${server.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
/** A marker only recharts' code carries (its charts' keyboard layer). */
const CHART_MARKER = "accessibilityLayer";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let appId = "";
let token = "";
const scripts = new Map<string, string>();

interface Report {
  metrics: { id: string; total: number; breakdown?: { key: string; label: string; value: number }[] }[];
}
/** The server's overview numbers for a range, in the browser's zone (what the page asks for). */
async function overview(from: string, to: string, type = "overview"): Promise<Report> {
  const res = await fetch(
    `${server.url}/api/apps/${appId}/analytics/${type}?from=${from}&to=${to}&tz=${encodeURIComponent(ZONE)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!res.ok) throw new Error(`analytics: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Report }).data;
}
const total = (r: Report, id: string) => r.metrics.find((m) => m.id === id)?.total ?? -1;

/** Signals as the widget sends them, at noon (New York) of `day`. */
async function postSignals(signals: { name: string; day: string; userId: string; data?: object }[]) {
  const res = await fetch(`${server.url}/api/mobile/analytics/events`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-app": appId },
    body: JSON.stringify(
      signals.map((s) => ({
        id: randomUUID(),
        time: `${s.day}T17:00:00.000Z`,
        appId,
        userId: s.userId,
        platform: "Web",
        name: s.name,
        ...(s.data ? { data: s.data } : {}),
      })),
    ),
  });
  if (!res.ok) throw new Error(`signals: ${res.status} ${await res.text()}`);
}

const today = todayIn(ZONE, new Date());
const last7 = { from: addDays(today, -6), to: today };
const last30 = { from: addDays(today, -29), to: today };
/** What the server counted before this test's signals (the demo's own, if any). */
let base7: Report;
let base30: Report;
let basePages7: Report;
let basePages30: Report;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  const line = server
    .log()
    .split("\n")
    .find((l) => l.includes("Demo admin created"));
  if (!line) throw new Error(`no demo admin in the log:\n${server.log().slice(-2000)}`);
  const demo = JSON.parse(line) as { email: string; password: string; appId: string };
  appId = demo.appId;
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1400, height: 1000 },
    reducedMotion: "reduce",
    timezoneId: ZONE,
    acceptDownloads: true,
  });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  page.on("response", async (r) => {
    if (r.url().endsWith(".js")) scripts.set(r.url(), await r.text().catch(() => ""));
  });
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(demo.email);
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/apps`);
  token = (await tokenOf(page)) ?? "";

  base7 = await overview(last7.from, last7.to);
  base30 = await overview(last30.from, last30.to);
  basePages7 = await overview(last7.from, last7.to, "pages");
  basePages30 = await overview(last30.from, last30.to, "pages");
  // Three people install and sign in yesterday; four more installed 20 days ago (in the 30 days, not the 7).
  const yesterday = addDays(today, -1);
  const earlier = addDays(today, -20);
  await postSignals([
    ...["u1", "u2", "u3"].map((u) => ({ name: "install", day: yesterday, userId: u })),
    { name: "login", day: yesterday, userId: "u1", data: { loginMethod: "email" } },
    { name: "login", day: yesterday, userId: "u2", data: { loginMethod: "email" } },
    { name: "login", day: yesterday, userId: "u3", data: { loginMethod: "phone" } },
    ...["u4", "u5", "u6", "u7"].map((u) => ({ name: "install", day: earlier, userId: u })),
    { name: "page_view", day: yesterday, userId: "u1", data: { page: "home" } },
    { name: "page_view", day: yesterday, userId: "u2", data: { page: "home" } },
    { name: "page_view", day: earlier, userId: "u4", data: { page: "coupons" } },
  ]);
  // The endpoint answers before the rollups are folded: wait until the dashboards count them.
  await waitFor(
    async () =>
      total(await overview(last30.from, last30.to), "installs") === total(base30, "installs") + 7 &&
      total(await overview(last7.from, last7.to), "sign_ins") === total(base7, "sign_ins") + 3,
    "the signals counted in the rollups",
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const headline = (name: string) =>
  page.getByRole("region", { name, exact: true }).locator(".analytics-headline-value");
/** Picks an option of a button group (antd keeps the radio input itself invisible under its label). */
const pick = (name: string) =>
  page.locator("label.ant-radio-button-wrapper").filter({ hasText: name }).click();
const n = (v: number) => v.toLocaleString("en-US");

/** The cell texts of a table: its header row, then each body row. */
async function tableTexts(table: Locator): Promise<string[][]> {
  const header = await table.locator("thead th").allInnerTexts();
  const rows = await table.locator("tbody tr.ant-table-row").all();
  return [header, ...(await Promise.all(rows.map((r) => r.locator("td").allInnerTexts())))].map((cells) =>
    cells.map((c) => c.trim()),
  );
}

/** Downloads a table's CSV through its Export CSV button and reads it the way a spreadsheet would. */
async function exportCsv(section: Locator, index = 0) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Export CSV" }).nth(index).click(),
  ]);
  const file = await download.path();
  const raw = fs.readFileSync(file);
  const text = raw.toString("utf8");
  return {
    name: download.suggestedFilename(),
    bom: raw.subarray(0, 3).toString("hex"),
    rows: Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.map((cells) =>
      // A formula-escaped cell ('+50%) reads back as it is shown; numbers as the table writes them.
      cells.map((c) => {
        const cell = /^'[=+\-@\t\r]/.test(c) ? c.slice(1) : c;
        return /^\d+$/.test(cell) ? n(Number(cell)) : cell;
      }),
    ),
  };
}

// The machine is shared: a test that waits on folds and reloads gets two minutes.
describe("console: analytics", { timeout: 120_000 }, () => {
  it("keeps recharts out of the sign-in page", async () => {
    const fresh = await browser.newPage();
    const loaded: string[] = [];
    fresh.on("response", async (r) => {
      if (r.url().endsWith(".js")) loaded.push(await r.text().catch(() => ""));
    });
    await fresh.goto(`${server.url}/login`);
    await fresh.getByRole("button", { name: "Sign in" }).waitFor();
    await fresh.waitForLoadState("networkidle");
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((js) => js.includes(CHART_MARKER))).toHaveLength(0);
    await fresh.close();
  });

  it("shows the demo app's numbers, switches range and keeps it through a reload", async () => {
    await page.goto(`${server.url}/apps/${appId}/brand`);
    await page
      .getByRole("navigation", { name: "App settings" })
      .getByRole("link", { name: "Analytics" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Analytics" }).waitFor();
    // The chart library arrived with the page.
    expect([...scripts.values()].some((js) => js.includes(CHART_MARKER))).toBe(true);

    // Default: the last 30 days.
    await expect.poll(() => page.getByRole("radio", { name: "Last 30 days" }).isChecked()).toBe(true);
    await until(() => headline("Installs").innerText()).toBe(n(total(base30, "installs") + 7));
    expect(await headline("Sign-ins").innerText()).toBe(n(total(base30, "sign_ins") + 3));
    const after30 = await overview(last30.from, last30.to);
    expect(await headline("Unique visitors").innerText()).toBe(n(total(after30, "visitors")));
    expect(await headline("Sign-in failures").innerText()).toBe(n(total(after30, "sign_in_failures")));

    await pick("Last 7 days");
    await until(() => headline("Installs").innerText()).toBe(n(total(base7, "installs") + 3));
    expect(await headline("Sign-ins").innerText()).toBe(n(total(base7, "sign_ins") + 3));
    expect(new URL(page.url()).searchParams.get("range")).toBe("7d");

    await pick("Week");
    await until(() => new URL(page.url()).searchParams.get("interval")).toBe("week");
    await page.reload();
    await until(() => headline("Installs").innerText()).toBe(n(total(base7, "installs") + 3));
    expect(await page.getByRole("radio", { name: "Last 7 days" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Week" }).isChecked()).toBe(true);
    await page.getByRole("table", { name: "Installs per week" }).waitFor();
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });

  it("exports CSV files whose rows are the tables shown", async () => {
    await page.goto(`${server.url}/apps/${appId}/analytics?range=7d`);
    const installs = page
      .getByRole("region", { name: "Installs", exact: true })
      .and(page.locator("section.analytics-metric"));
    const table = installs.getByRole("table", { name: "Installs per day" });
    await until(async () => (await tableTexts(table)).length).toBe(8);
    const shown = await tableTexts(table);
    expect(shown[0]).toEqual(["Day", "Installs"]);
    const csv = await exportCsv(installs);
    expect(csv.bom).toBe("efbbbf");
    expect(csv.name).toBe(`Demo-Motors-Installs-per-day-${last7.from}-${last7.to}.csv`);
    expect(csv.rows).toEqual(shown);

    const signIns = page.locator("section.analytics-metric").filter({
      has: page.getByRole("heading", { level: 2, name: "Sign-ins", exact: true }),
    });
    const byMethod = signIns.getByRole("table", { name: "Sign-ins by method" });
    const methods = await tableTexts(byMethod);
    expect(methods[0]).toEqual(["Method", "This range", "Previous range", "Change"]);
    const after7 = await overview(last7.from, last7.to);
    const email = after7.metrics.find((m) => m.id === "sign_ins")?.breakdown?.find((b) => b.key === "email");
    const emailBase = base7.metrics
      .find((m) => m.id === "sign_ins")
      ?.breakdown?.find((b) => b.key === "email");
    expect(email?.value).toBe((emailBase?.value ?? 0) + 2);
    expect(methods.find((r) => r[0] === email?.label)?.[1]).toBe(n(email?.value ?? -1));
    const methodCsv = await exportCsv(signIns, 1);
    expect(methodCsv.rows).toEqual(methods);
  });

  it("opens a dashboard by type with a chart and its table", async () => {
    await page.goto(`${server.url}/apps/${appId}/analytics?range=7d`);
    await page
      .getByRole("navigation", { name: "Dashboards by type" })
      .getByRole("link", { name: /^Pages/ })
      .click();
    await page.getByRole("heading", { level: 1, name: "Analytics: Pages" }).waitFor();
    expect(new URL(page.url()).searchParams.get("range")).toBe("7d");
    const pages = page.getByRole("table", { name: "Page views by page" });
    await pages.waitFor();
    // The rows are the server's, with the previous range beside them.
    const viewsOf = async (range: { from: string; to: string }) =>
      (await overview(range.from, range.to, "pages")).metrics.find((m) => m.id === "page_views")?.breakdown ??
      [];
    const asRows = (b: { label: string; value: number }[]) => b.map((r) => [r.label, n(r.value)]);
    const week = await viewsOf(last7);
    const month = await viewsOf(last30);
    const count = (b: { key: string; value: number }[], key: string) =>
      b.find((r) => r.key === key)?.value ?? 0;
    const viewsIn = (r: Report) => r.metrics.find((m) => m.id === "page_views")?.breakdown ?? [];
    expect(count(week, "home")).toBe(count(viewsIn(basePages7), "home") + 2);
    // The 20-days-old coupons view counts in the last 30 days, not in the last 7.
    expect(count(week, "coupons")).toBe(count(viewsIn(basePages7), "coupons"));
    expect(count(month, "coupons")).toBe(count(viewsIn(basePages30), "coupons") + 1);
    expect((await tableTexts(pages)).slice(1).map((r) => r.slice(0, 2))).toEqual(asRows(week));
    await pick("Last 30 days");
    await until(async () => (await tableTexts(pages)).slice(1).map((r) => r.slice(0, 2))).toEqual(
      asRows(month),
    );
    await expect(page.getByRole("application", { name: /^Page views per day, / }).count()).resolves.toBe(1);

    // Keyboard: the range is a group of radio buttons; an arrow key moves to the next range.
    await page.getByRole("radio", { name: "Last 30 days" }).focus();
    await page.keyboard.press("ArrowLeft");
    await until(() => new URL(page.url()).searchParams.get("range")).toBe("7d");
    await until(async () => (await tableTexts(pages)).slice(1).map((r) => r.slice(0, 2))).toEqual(
      asRows(week),
    );

    // The platform filter offers the platforms the server saw; picking one keeps it in the URL.
    await page.getByRole("combobox", { name: "Platform" }).click();
    await page.getByRole("option", { name: "Web", exact: true }).click();
    await until(() => new URL(page.url()).searchParams.get("platform")).toBe("Web");
    await until(async () => (await tableTexts(pages)).slice(1).map((r) => r.slice(0, 2))).toEqual(
      asRows(week),
    );
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });

  it("takes a custom range typed into the range picker and keeps it in the URL", async () => {
    await page.goto(`${server.url}/apps/${appId}/analytics?range=7d`);
    await until(() => headline("Installs").innerText()).toBe(n(total(base7, "installs") + 3));
    await pick("Custom range");
    // The custom range starts as the range that was shown.
    await until(() => new URL(page.url()).search).toBe(`?range=custom&from=${last7.from}&to=${last7.to}`);
    const from = addDays(today, -24);
    const to = addDays(today, -2);
    const start = page.getByPlaceholder("Start date");
    await start.click();
    await start.fill(from);
    await start.press("Enter");
    const end = page.getByPlaceholder("End date");
    await end.fill(to);
    await end.press("Enter");
    await until(() => new URL(page.url()).search).toBe(`?range=custom&from=${from}&to=${to}`);
    // Yesterday's three installs and the four of 20 days ago.
    const expected = total(await overview(from, to), "installs");
    expect(expected).toBeGreaterThanOrEqual(7);
    await until(() => headline("Installs").innerText()).toBe(n(expected));
    await page.reload();
    await until(() => headline("Installs").innerText()).toBe(n(expected));
    expect(await page.getByPlaceholder("Start date").inputValue()).toBe(from);
  });

  it("explains how data arrives in an app without signals, and passes axe", async () => {
    const res = await fetch(`${server.url}/api/apps`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ definition: { name: "Quiet Motors", features: [] } }),
    });
    if (!res.ok) throw new Error(`create app: ${await res.text()}`);
    const quiet = ((await res.json()) as { data: { appId: string } }).data.appId;
    await page.goto(`${server.url}/apps/${quiet}/analytics`);
    await page
      .getByText(
        "No installs, visits or sign-ins in this range yet. The numbers come from the widget on the dealer's site: it sends each visit and tap as it happens, and they appear here within a minute or two.",
      )
      .waitFor();
    expect(await headline("Installs").innerText()).toBe("0");
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    // Each dashboard says how its own numbers arrive.
    await page
      .getByRole("navigation", { name: "Dashboards", exact: true })
      .getByRole("link", { name: "Push notifications" })
      .click();
    await page
      .getByText(
        "No push notifications in this range yet. Sent and delivered are counted when a notification from Push goes out; opened when someone taps it on their device.",
      )
      .waitFor();
  });

  it("shows a failed load with a retry", async () => {
    let fail = true;
    await page.route("**/api/apps/*/analytics/overview*", (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "Unavailable", message: "Service unavailable" } }),
          })
        : route.continue(),
    );
    await page.goto(`${server.url}/apps/${appId}/analytics?range=90d`);
    await page.getByText("The numbers could not be loaded: Service unavailable").waitFor({ timeout: 15_000 });
    fail = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await until(() => headline("Installs").innerText()).not.toBe("");
    await page.unroute("**/api/apps/*/analytics/overview*");
  });
});
