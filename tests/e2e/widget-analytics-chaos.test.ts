import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

/**
 * The analytics buffer under chaos: the events endpoint answers 500 half the time (sometimes after the
 * server stored the batch, so the answer is what gets lost), and the page reloads while a flush is in
 * flight. Every event the widget made must be stored exactly once: the ids the server newly stored add up to
 * the number of events, and that is the number the visitor's actions produced.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let appId: string;

const FEATURES = ["Specials", "Contact", "Events"].map((title, i) => ({
  id: `5a0c8a1e-7c1b-4b8e-9f00-00000000000${i}`,
  type: ["Coupons", "ContactUs", "Events"][i],
  title,
}));

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const email = `chaos-${Date.now()}@example.com`;
  await api("/accounts/sign-up", { email, password: "secret-pass" });
  const token = await api<string>("/accounts/sign-in", { email, password: "secret-pass" });
  appId = (
    await api<{ appId: string }>("/apps", { definition: { name: "Chaos Motors", features: FEATURES } }, token)
  ).appId;
});
afterAll(() => browser?.close());

/** A small seeded generator, so a failing run can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The analytics records and install flag the widget saved for the app in this page's IndexedDB (the
 * widget's own "brand-app" database; read without creating it when it is not there yet).
 */
async function saved(page: Page): Promise<{ events: number; installed: boolean }> {
  return page.evaluate(async (appId) => {
    const none = { events: 0, installed: false };
    if (!(await indexedDB.databases()).some((d) => d.name === "brand-app")) return none;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open("brand-app");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!db.objectStoreNames.contains("keyval")) return none;
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const req = db.transaction("keyval", "readonly").objectStore("keyval").getAllKeys();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const prefix = `brand-app:${appId}:`;
      const mine = keys.map(String).filter((k) => k.startsWith(prefix));
      return {
        events: mine.filter((k) => k.startsWith(`${prefix}analytics:`)).length,
        installed: mine.includes(`${prefix}installed`),
      };
    } finally {
      db.close();
    }
  }, appId);
}

/** Opens features one after another and comes back home each time; answers the page_views that makes. */
async function visitFeatures(page: Page, clicks: number): Promise<number> {
  const w = page.locator("brand-app");
  for (let i = 0; i < clicks; i++) {
    await w
      .locator(".ba-feature-button")
      .nth(i % FEATURES.length)
      .click();
    await w.locator(".ba-back").click();
    await w.locator(".ba-name").waitFor();
  }
  return 2 * clicks; // page_view of the feature, then of home
}

describe("analytics buffer chaos", () => {
  it("stores every event exactly once through 500s and reloads mid-flush", async () => {
    const seed = Number(process.env.CHAOS_SEED ?? 20261121);
    const random = mulberry32(seed);
    const page: Page = await browser.newPage();
    const seen = new Set<string>();
    let stored = 0;
    let chaos = true;
    let failures = 0;
    let lostAnswers = 0;
    let holdNext: { arrived: () => void; release: Promise<void> } | null = null;
    // What the page's buffer is doing: batches in flight, and failed answers in a row since its last success.
    let inFlight = 0;
    let failedInARow = 0;

    const forward = async (route: Route) => {
      const res = await route.fetch();
      const json = await res.json();
      stored += json.data.stored;
      return { res, json };
    };
    await page.route("**/api/mobile/analytics/events", async (route) => {
      for (const e of JSON.parse(route.request().postData() ?? "[]")) seen.add(e.id);
      inFlight++;
      try {
        if (holdNext) {
          // This batch reaches the server, but the page reloads before the answer arrives.
          const hold = holdNext;
          holdNext = null;
          await forward(route);
          hold.arrived();
          await hold.release;
          await route.fulfill({ status: 200, json: {} }).catch(() => {});
          return;
        }
        if (chaos && random() < 0.5) {
          failures++;
          failedInARow++;
          if (random() < 0.5) {
            lostAnswers++;
            await forward(route);
          }
          return await route.fulfill({
            status: 500,
            json: { error: { message: "chaos", code: "Internal" } },
          });
        }
        const { res, json } = await forward(route);
        failedInARow = 0;
        await route.fulfill({ response: res, json });
      } catch {
        /* the page went away while this request was open */
      } finally {
        inFlight--;
      }
    });

    let expected = 1; // the install signal, once
    const w = page.locator("brand-app");
    const load = async (reload: boolean) => {
      failedInARow = 0; // a new page starts with fresh retries
      if (reload) await page.reload();
      else await page.goto(`${baseUrl}/demo/${appId}`);
      await w.locator(".ba-account-menu").waitFor();
      expected++; // page_view of home on every load
    };
    const browse = async (clicks: number) => {
      expected += await visitFeatures(page, clicks);
    };
    // After three failures in a row the buffer rests until the next load (spec §4), so a held flush may
    // not come: then the page reloads anyway (which restarts the buffer) and tries again.
    let midFlushReloads = 0;
    const reloadMidFlush = async () => {
      for (let attempt = 0; attempt < 6; attempt++) {
        let arrived!: () => void;
        let release!: () => void;
        const inFlight = new Promise<boolean>((r) => (arrived = () => r(true)));
        holdNext = { arrived, release: new Promise<void>((r) => (release = r)) };
        await browse(3);
        const held = await Promise.race([
          inFlight,
          new Promise<boolean>((r) => setTimeout(() => r(false), 3000)),
        ]);
        if (!held) holdNext = null;
        await load(true);
        release();
        if (held) return void midFlushReloads++;
      }
    };

    await load(false);
    await browse(8);
    await reloadMidFlush();
    await browse(10);
    await reloadMidFlush();
    await browse(6);
    // The buffer has played out: nothing in flight, and either everything was stored (nothing left saved)
    // or its retries ran out (3 failures in a row: it rests until the next load).
    await expect
      .poll(async () => inFlight === 0 && (failedInARow >= 3 || (await saved(page)).events === 0), {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true);

    // Calm: the server answers again, and a last load sends whatever the exhausted retries left saved.
    chaos = false;
    await load(true);
    await expect.poll(() => stored, { timeout: 20_000, interval: 200 }).toBe(expected);
    expect(seen.size).toBe(expected);
    expect(midFlushReloads, "reloads while a flush was in flight").toBe(2);
    expect(failures, "the chaos did happen").toBeGreaterThan(0);
    expect(lostAnswers, "some stored batches lost their answer").toBeGreaterThan(0);
    await page.close();
  }, 180_000);

  it("two tabs of one app keep each other's saved events, even when one closes before sending", async () => {
    const context = await browser.newContext();
    let down = true;
    let stored = 0;
    const seen = new Set<string>();
    await context.route("**/api/mobile/analytics/events", async (route) => {
      try {
        if (down)
          return await route.fulfill({ status: 500, json: { error: { message: "down", code: "Internal" } } });
        for (const e of JSON.parse(route.request().postData() ?? "[]")) seen.add(e.id);
        const res = await route.fetch();
        const json = await res.json();
        stored += json.data.stored;
        await route.fulfill({ response: res, json });
      } catch {
        /* the page went away while this request was open */
      }
    });
    const open = async () => {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/demo/${appId}`);
      await page.locator("brand-app .ba-account-menu").waitFor();
      return page;
    };
    /** Waits until the app's saved queue (both tabs share it) holds `events` signals and the install flag. */
    const savedQueue = (page: Page, events: number) =>
      expect.poll(() => saved(page), { timeout: 15_000, interval: 100 }).toEqual({ events, installed: true });

    // The install flag is saved after the first tab queued its install signal, so the second finds it.
    const a = await open();
    await savedQueue(a, 2); // install + home
    const b = await open();
    await visitFeatures(a, 3);
    await visitFeatures(b, 2);
    await savedQueue(b, 2 + 1 + 2 * (3 + 2));
    // Tab A closes with its signals unsent; B goes on saving its own afterwards.
    await a.close();
    await visitFeatures(b, 2);
    await savedQueue(b, 2 + 1 + 2 * (3 + 2 + 2));

    // The server is back: a new tab sends what both saved, and B's copy of its own signals is deduplicated.
    down = false;
    const c = await open();
    // install + 3 home page_views + 2 per click (the feature's page_view, then home's) in A and B.
    const expected = 1 + 3 + 2 * (3 + 2 + 2);
    await expect.poll(() => stored, { timeout: 20_000, interval: 200 }).toBe(expected);
    expect(seen.size).toBe(expected);
    await c.close();
    await context.close();
  }, 120_000);

  it("keeps the page views a visitor makes before the runtime has loaded", async () => {
    const page = await browser.newPage();
    const names: string[] = [];
    await page.route("**/api/mobile/analytics/events", async (route) => {
      for (const e of JSON.parse(route.request().postData() ?? "[]"))
        names.push(e.name === "page_view" ? `page_view:${e.data.page}` : e.name);
      await route.continue();
    });
    // The runtime (analytics, account, push) loads after home; held here, as a slow phone would.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route("**/sdk/runtime-*.js", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl}/demo/${appId}`);
    const w = page.locator("brand-app");
    await w.locator(".ba-feature-button").nth(1).click();
    await w.locator(".ba-back").click();
    await w.locator(".ba-name").waitFor();
    release();
    await expect
      .poll(() => names.filter((n) => n.startsWith("page_view")), { timeout: 15_000, interval: 100 })
      .toEqual(["page_view:home", "page_view:contactUs", "page_view:home"]);
    await page.close();
  });
});
