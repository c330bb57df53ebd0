import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { seriousViolations, signUpAndIn, tokenOf } from "./builder-helpers.ts";

/** Issue 19, the builder as a finished tool: errors that lead to the fix. */
const baseUrl = inject("baseUrl");
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);
const LOYALTY_ID = "00000000-0000-4000-8000-0000000000c1";
let browser: Browser;
let page: Page;
let appId = "";
let auth: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  await signUpAndIn(page, baseUrl);
  auth = { authorization: `Bearer ${await tokenOf(page)}` };
  const res = await page.request.post(`${baseUrl}/api/apps`, {
    headers: auth,
    data: {
      definition: {
        name: "Finish Motors",
        logo: "/api/icon-files/none.svg",
        cover: "/api/icon-files/none.svg",
        features: [
          {
            id: "00000000-0000-4000-8000-0000000000c0",
            type: "ClickToCall",
            title: "Call us",
            phone: "(555) 010-2030",
          },
          { id: LOYALTY_ID, type: "Loyalty", title: "Stamps", code: "12345", stampNumber: 10 },
        ],
      },
    },
  });
  if (!res.ok()) throw new Error(`create failed: ${await res.text()}`);
  appId = (await res.json()).data.appId;
});
afterAll(() => browser?.close());

const saved = async () =>
  (await (await page.request.get(`${baseUrl}/api/apps/${appId}`, { headers: auth })).json()).data;

describe("builder finish: a failed save leads to the fix", () => {
  it("names the feature and the field, marks the tile and opens the editor at the field", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/features/loyalty?id=${LOYALTY_ID}`);
    await page.locator("#root_code").fill("12");
    await page.getByRole("link", { name: "All features" }).click();
    await page.waitForURL(new RegExp(`/apps/${appId}/features(\\?|$)`));
    await page.locator(`[data-feature-id="${LOYALTY_ID}"]`).waitFor();
    await page.getByRole("button", { name: "Save App" }).click();
    await until(() =>
      page.getByText("Loyalty card, Code: value should be minimum 5 characters", { exact: true }).count(),
    ).toBe(1);
    // The editor of that feature, at the field: focused, with the error on it.
    await page.waitForURL(/\/features\/loyalty\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("id")).toBe(LOYALTY_ID);
    expect(url.searchParams.get("field")).toBe("/code");
    await until(() => page.evaluate(() => document.activeElement?.id)).toBe("root_code");
    expect(await page.getByText("value should be minimum 5 characters", { exact: true }).count()).toBe(1);
    expect((await saved()).definition.features[1].code).toBe("12345");
    // Back on the grid, the tile of the feature in error is marked.
    await page.getByRole("link", { name: "All features" }).click();
    const tile = page.locator(`[data-feature-id="${LOYALTY_ID}"]`);
    await until(() => tile.getAttribute("class")).toBe("feature-tile feature-tile-invalid");
    expect(await tile.getByText("Needs a fix", { exact: true }).count()).toBe(1);
    const other = page.locator(`[data-feature-id="00000000-0000-4000-8000-0000000000c0"]`);
    expect(await other.getAttribute("class")).toBe("feature-tile");
    // axe once the notice over the page has gone (it covers what it lies on).
    await until(() => page.locator(".ant-message-notice").count()).toBe(0);
    // The pointer rests where the link was, over "Add feature": axe reads the resting state.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });

  it("once fixed, the save goes through and the mark is gone", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/features/loyalty?id=${LOYALTY_ID}`);
    await page.locator("#root_code").fill("54321");
    await page.getByRole("button", { name: "Save App" }).click();
    await until(() => page.getByText("App updated").count()).toBeGreaterThan(0);
    expect((await saved()).definition.features[1].code).toBe("54321");
    await page.getByRole("link", { name: "All features" }).click();
    const tile = page.locator(`[data-feature-id="${LOYALTY_ID}"]`);
    await until(() => tile.getAttribute("class")).toBe("feature-tile");
    expect(await tile.getByText("Needs a fix", { exact: true }).count()).toBe(0);
  });
});

describe("builder finish: nothing lost", () => {
  it("leaving with unsaved changes asks first, and a reload offers the draft back", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/brand`);
    await page.locator("#root_name").fill("Unsaved Motors");
    // The draft reaches IndexedDB a moment after typing pauses.
    await until(() =>
      page.evaluate(
        (key) =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open("keyval-store");
            open.onsuccess = () => {
              const get = open.result.transaction("keyval").objectStore("keyval").get(key);
              get.onsuccess = () =>
                resolve((get.result as { definition?: { name?: string } })?.definition?.name);
              get.onerror = () => resolve(undefined);
            };
            open.onerror = () => resolve(undefined);
          }),
        `brand-apps:draft:${appId}`,
      ),
    ).toBe("Unsaved Motors");
    const dialogs: string[] = [];
    page.once("dialog", (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(["beforeunload"]);
    await page.getByRole("button", { name: "Restore changes" }).waitFor();
    expect(await page.locator("#root_name").inputValue()).toBe("Finish Motors");
    expect(await page.getByText(/^You have unsaved changes from /).count()).toBe(1);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    await page.getByRole("button", { name: "Restore changes" }).click();
    await until(() => page.locator("#root_name").inputValue()).toBe("Unsaved Motors");
    expect(await page.getByRole("button", { name: "Restore changes" }).count()).toBe(0);
    // Saved, nothing is kept: the next reload offers nothing and does not ask.
    await page.getByRole("button", { name: "Save App" }).click();
    await until(() => page.getByText("App updated").count()).toBeGreaterThan(0);
    expect((await saved()).definition.name).toBe("Unsaved Motors");
    await page.reload();
    await page.locator("#root_name").waitFor();
    expect(await page.locator("#root_name").inputValue()).toBe("Unsaved Motors");
    expect(await page.getByRole("button", { name: "Restore changes" }).count()).toBe(0);
  });
});

describe("builder finish: uploads checked before sending", () => {
  it("a 20 MB image is refused with a clear message and no request", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/brand`);
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/images2")) uploads.push(r.url());
    });
    const input = page.locator("input[type=file]").first();
    await input.waitFor({ state: "attached" });
    await input.setInputFiles({
      name: "huge-logo.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(20 * 1024 * 1024, 1),
    });
    await until(() =>
      page
        .getByText("The image is larger than 10 MB (this one is 20.0 MB): choose a smaller image", {
          exact: true,
        })
        .count(),
    ).toBe(1);
    await input.setInputFiles({
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7"),
    });
    await until(() =>
      page
        .getByText(
          "This file is not an image the app can use: choose a PNG, JPEG, GIF, WebP, SVG or AVIF file",
          {
            exact: true,
          },
        )
        .count(),
    ).toBe(1);
    expect(uploads).toEqual([]);
  });
});

describe("builder finish: keyboard reorder", () => {
  it("Space picks a feature up, an arrow moves it (the others shift), Space drops it; each step announced", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/features`);
    const tiles = () =>
      page
        .locator(".feature-grid [data-feature-id]")
        .evaluateAll((els) => els.map((e) => e.querySelector(".feature-title")?.textContent));
    await until(tiles).toEqual(["Call us", "Stamps"]);
    // One <main> per page (issue 19: no nested main elements).
    expect(await page.locator("main").count()).toBe(1);
    await page.locator('[data-feature-id="00000000-0000-4000-8000-0000000000c0"] .feature-open').focus();
    const status = page.locator(".feature-grid [role=status]");
    await page.keyboard.press("Space");
    await until(() => status.textContent()).toBe(
      "Call us picked up, position 1 of 2. Use the arrow keys to move it, Space to drop it, Escape to cancel.",
    );
    await page.keyboard.press("ArrowRight");
    await until(tiles).toEqual(["Stamps", "Call us"]);
    await until(() => status.textContent()).toBe("Call us moved to position 2 of 2.");
    await until(() =>
      page.evaluate(() =>
        document.activeElement?.closest("[data-feature-id]")?.getAttribute("data-feature-id"),
      ),
    ).toBe("00000000-0000-4000-8000-0000000000c0");
    await page.keyboard.press("Space");
    await until(() => status.textContent()).toBe("Call us dropped at position 2 of 2.");
    expect(new URL(page.url()).pathname).toBe(`/apps/${appId}/features`);
    // Escape puts a picked-up feature back.
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowLeft");
    await until(tiles).toEqual(["Call us", "Stamps"]);
    await page.keyboard.press("Escape");
    await until(tiles).toEqual(["Stamps", "Call us"]);
    await until(() => status.textContent()).toBe("Reorder cancelled. Call us is back in its place.");
    await page.getByRole("button", { name: "Save App" }).click();
    await until(() => page.getByText("App updated").count()).toBeGreaterThan(0);
    expect((await saved()).definition.features.map((f: { title: string }) => f.title)).toEqual([
      "Stamps",
      "Call us",
    ]);
    await until(() => page.locator(".ant-message-notice").count()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });
});

describe("builder finish: forms that look designed", () => {
  it("a feature is picked by searching the picker; it starts with its type's icon", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/features`);
    await page.locator(".feature-grid [data-feature-id]").first().waitFor();
    const before = await page.locator(".feature-grid [data-feature-id]").count();
    await page.getByRole("button", { name: "Add feature" }).click();
    const search = page.getByRole("textbox", { name: "Search features" });
    await until(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Search features",
    );
    const picker = page.locator(".ant-dropdown:not(.ant-dropdown-hidden)");
    // Every type, each with what it does.
    expect(await picker.getByRole("menuitem").count()).toBeGreaterThanOrEqual(22);
    const call = picker.getByRole("menuitem", { name: "Click to call", exact: true });
    expect(await call.getByText("Calls your business in one tap", { exact: true }).count()).toBe(1);
    await search.fill("coup");
    await until(() => picker.getByRole("menuitem").count()).toBe(1);
    expect(await picker.getByRole("menuitem", { name: "Coupons", exact: true }).count()).toBe(1);
    // Found by what it does, not only by its name.
    await search.fill("tow roadside");
    await until(() => picker.getByRole("menuitem").count()).toBe(0);
    await search.fill("roadside");
    await until(() => picker.getByRole("menuitem").count()).toBe(1);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    // Down goes into the list, Enter takes the entry.
    await search.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/features\/branded-roadside-assistance\?/);
    await page.locator("#root_title").waitFor();
    await page.getByRole("link", { name: "All features" }).click();
    const tiles = page.locator(".feature-grid [data-feature-id]");
    await until(() => tiles.count()).toBe(before + 1);
    expect(await tiles.last().locator("img.feature-icon").getAttribute("src")).toBe(
      "/api/icon-files/truck.svg",
    );
    await page.keyboard.press("Control+z");
    await until(() => tiles.count()).toBe(before);
  });

  it("an optional block sits behind a switch; its required field is asked for only once it is on", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/cover`);
    const toggle = page.getByRole("switch", { name: "Add a cover video" });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByLabel("Video URL").count()).toBe(0);
    // Labels above their fields, without a colon.
    expect(await page.locator("form.rjsf").getByText(/:\s*$/).count()).toBe(0);
    await toggle.click();
    await page.getByLabel("Video URL").waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Save App" }).click();
    await until(() => page.locator("#root_coverVideo").getByText("value can't be empty").count()).toBe(1);
    expect((await saved()).definition.coverVideo).toBeUndefined();
    await page.getByLabel("Video URL").fill("https://cdn.example.com/cover.mp4");
    await page.getByRole("button", { name: "Save App" }).click();
    await until(async () => (await saved()).definition.coverVideo).toEqual({
      url: "https://cdn.example.com/cover.mp4",
      muted: true,
    });
    await until(() => page.locator(".ant-message-notice").count()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    // Switched off, the block and its value are gone.
    await toggle.click();
    await until(() => page.getByLabel("Video URL").count()).toBe(0);
    await page.getByRole("button", { name: "Save App" }).click();
    await until(async () => (await saved()).definition.coverVideo).toBeUndefined();
  });

  it("the layout is picked from pictures with the arrow keys", async () => {
    await page.goto(`${baseUrl}/apps/${appId}/theme`);
    const group = page.getByRole("radiogroup", { name: "Layout" });
    await group.waitFor();
    const names = await group
      .getByRole("radio")
      .evaluateAll((els) =>
        els.map((e) => document.getElementById(e.getAttribute("aria-labelledby") ?? "")?.textContent),
      );
    expect(names).toEqual(["Single row", "Tiles", "Cover only", "Logo and cover"]);
    expect(await group.locator("svg").count()).toBe(4);
    const checked = () =>
      page.evaluate(() => (document.querySelector("#root_layout input:checked") as HTMLInputElement)?.value);
    expect(await checked()).toBe("CoverOnly");
    await group.getByRole("radio", { name: "Cover only" }).focus();
    await page.keyboard.press("ArrowRight");
    await until(checked).toBe("LogoAndCover");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await until(checked).toBe("Tiles");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("Tiles");
    await page.getByRole("button", { name: "Save App" }).click();
    await until(async () => (await saved()).definition.theme?.layout).toBe("Tiles");
    await until(() => page.locator(".ant-message-notice").count()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });
});
