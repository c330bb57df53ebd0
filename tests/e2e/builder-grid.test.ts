import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { signUpAndIn, tokenOf } from "./builder-helpers.ts";

/** Issue 19, the feature grid with the mouse: a drop shifts the others, the remove badges show whole. */
const baseUrl = inject("baseUrl");
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const feature = (n: number, title: string) => ({
  id: `00000000-0000-4000-8000-00000000d0${n}0`,
  type: "ClickToCall",
  title,
  phone: "(555) 010-2030",
});
let browser: Browser;
let page: Page;
let appId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  await signUpAndIn(page, baseUrl);
  const res = await page.request.post(`${baseUrl}/api/apps`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: {
      definition: {
        name: "Grid Motors",
        features: [feature(1, "Alpha"), feature(2, "Bravo"), feature(3, "Charlie"), feature(4, "Delta")],
      },
    },
  });
  if (!res.ok()) throw new Error(`create failed: ${await res.text()}`);
  appId = (await res.json()).data.appId;
});
afterAll(() => browser?.close());

const titles = () => page.locator(".feature-grid .feature-title").allInnerTexts();

describe("feature grid with the mouse", () => {
  it("dropping the first feature on the third inserts it there and shifts the others", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/features`);
    await until(titles).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    const tiles = page.locator(".feature-grid .feature-open");
    const from = (await tiles.nth(0).boundingBox())!;
    const to = (await tiles.nth(2).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
    // Straight onto the third, as a quick hand does: gridstack swapped the two (Charlie, Bravo, Alpha, Delta).
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2);
    await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2);
    await page.mouse.up();
    await until(titles).toEqual(["Bravo", "Charlie", "Alpha", "Delta"]);
    // The drag entered editing mode, and no editor opened.
    await until(() => page.locator(".feature-grid.editing").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(`/apps/${appId}/features`);
  });

  it("shows every remove badge whole: inside each clipping container and on top where it is", async () => {
    const badges = page.getByRole("button", { name: /^Remove / });
    await until(() => badges.count()).toBe(4);
    const grid = (await page.locator(".feature-grid ul").boundingBox())!;
    for (const badge of await badges.all()) {
      const box = (await badge.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(20);
      expect(box.x).toBeGreaterThanOrEqual(grid.x);
      expect(box.y).toBeGreaterThanOrEqual(grid.y);
      expect(box.x + box.width).toBeLessThanOrEqual(grid.x + grid.width);
      expect(box.y + box.height).toBeLessThanOrEqual(grid.y + grid.height);
      const report = await badge.evaluate((el) => {
        const r = el.getBoundingClientRect();
        // Every ancestor that clips (overflow other than visible) holds the whole badge.
        const clippedBy: string[] = [];
        for (let a = el.parentElement; a; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === "visible" && s.overflowY === "visible") continue;
          const c = a.getBoundingClientRect();
          if (r.left < c.left || r.top < c.top || r.right > c.right || r.bottom > c.bottom)
            clippedBy.push(a.className || a.tagName);
        }
        // The badge is what is hit at its centre and near its top, bottom, left and right edges.
        const points = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.left + r.width / 2, r.top + 2],
          [r.left + r.width / 2, r.bottom - 2],
          [r.left + 2, r.top + r.height / 2],
          [r.right - 2, r.top + r.height / 2],
        ];
        const covered = points.filter(([x, y]) => {
          const hit = document.elementFromPoint(x, y);
          return !(hit && (hit === el || el.contains(hit)));
        });
        return { clippedBy, covered };
      });
      expect(report).toEqual({ clippedBy: [], covered: [] });
    }
  });
});
