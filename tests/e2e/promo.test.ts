import fs from "node:fs";
import { createRequire } from "node:module";
import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

// Enough features that the simulator's screen scrolls inside the phone (checked by axe below).
const { features } = JSON.parse(
  fs.readFileSync(new URL("../../bench/demo-definition.json", import.meta.url), "utf8"),
) as { features: unknown[] };

let browser: Browser;
let page: Page;

/** A new account signed in through the API; returns its session token. */
async function account(label: string): Promise<string> {
  const email = `promo-${label}-${Date.now()}@example.com`;
  const body = JSON.stringify({ email, password: "secret-pass" });
  const headers = { "content-type": "application/json" };
  const up = await fetch(`${baseUrl}/api/accounts/sign-up`, { method: "POST", headers, body });
  if (!up.ok) throw new Error(`sign-up: ${await up.text()}`);
  const res = await fetch(`${baseUrl}/api/accounts/sign-in`, { method: "POST", headers, body });
  return ((await res.json()) as { data: string }).data;
}

async function createApp(token: string, name: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/apps`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ definition: { name, features } }),
  });
  if (!res.ok) throw new Error(`create app: ${await res.text()}`);
  return ((await res.json()) as { data: { appId: string } }).data.appId;
}

/** Opens the promo page as the holder of `token` (the builder's session, kept in localStorage). */
async function openAs(token: string | null, url: string) {
  await page.goto(url);
  await page.evaluate(
    (t) => (t ? localStorage.setItem("token", t) : localStorage.removeItem("token")),
    token,
  );
  await page.reload();
}

/** axe-core's serious and critical findings on the current page. */
async function seriousViolations() {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: any[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  });
  return results
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n: { target: string[] }) => n.target.join(" ")).join(", ")}`);
}

const name = "Promo Drive Motors";
let ownerToken = "";
let strangerToken = "";
let appId = "";
let pageUrl = "";

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  ownerToken = await account("owner");
  strangerToken = await account("stranger");
  appId = await createApp(ownerToken, name);
  pageUrl = `${baseUrl}/promo/${appId}`;
});
afterAll(() => browser?.close());

describe("promo page", () => {
  it("shows an anonymous visitor the default promo, a QR code that decodes to the app's link, and the app", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await openAs(null, pageUrl);
    expect(await page.locator(".promo-brand h1").innerText()).toBe(name);
    expect(await page.locator("h2.promo-title").innerText()).toBe(`Download the ${name} app`);
    expect(await page.getByText(`Download ${name} app for exclusive specials.`).count()).toBe(1);
    expect(await page.locator(".promo-item").count()).toBe(6);
    expect(await page.locator(".promo-item h3").first().innerText()).toBe("Service");

    const src = await page.locator('img[alt^="QR code"]').getAttribute("src");
    const png = PNG.sync.read(Buffer.from(src!.split(",")[1], "base64"));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(pageUrl);

    // The simulator draws the widget's own views in its shadow root.
    await expect.poll(() => page.locator("[data-testid=promo-simulator] .ba-root").count()).toBe(1);
    // Loading ends 2000 ms after the icons have loaded.
    await page.waitForSelector("#promo-root[data-loading-end]", { state: "attached", timeout: 15000 });
    expect(await page.getByRole("button", { name: "Edit title" }).count()).toBe(0);
    expect(errors).toEqual([]);
    // Nothing moved while images, the hydration script and the simulator arrived (cumulative layout shift).
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) sum += (e as unknown as { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(sum), 100);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });

  it("wraps the simulator's labels between words or ends them in an ellipsis, never inside a word", async () => {
    // Long single words in narrow tiles: before, 'overflow-wrap: break-word' split them ('Specia ls').
    const titles = ["Specials", "Roadside Assistance", "Vehicleregistrationrenewals", "Certifications"];
    const res = await fetch(`${baseUrl}/api/apps`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ownerToken}` },
      body: JSON.stringify({
        definition: {
          name: "Label Motors",
          theme: { layout: "LogoAndCover" },
          features: titles.map((title, i) => ({
            id: `00000000-0000-4000-8000-00000000010${i}`,
            type: "ClickToCall",
            title,
            phone: "(555) 010-2030",
          })),
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const labelsApp = ((await res.json()) as { data: { appId: string } }).data.appId;
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/promo/${labelsApp}`);
      await expect
        .poll(() => page.locator("[data-testid=promo-simulator] .ba-feature-title").count())
        .toBe(titles.length);
      // Each word of each label lies on one line: a Range over its letters has its boxes at one height.
      const measured = await page.evaluate(() => {
        const root = document.querySelector("[data-testid=promo-simulator]")?.shadowRoot;
        const labels = [...(root?.querySelectorAll(".ba-feature-title") ?? [])];
        const split: string[] = [];
        for (const label of labels) {
          const node = label.firstChild;
          if (!node || node.nodeType !== Node.TEXT_NODE) continue;
          for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set(
              [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
            );
            if (lines.size > 1) split.push(`${word[0]} (${lines.size} lines)`);
          }
        }
        return { labels: labels.map((l) => l.textContent), split };
      });
      expect(measured.labels, `${viewport.width}px`).toEqual(titles);
      expect(measured.split, `${viewport.width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it("serves the hashed script chunks for good and the entry script briefly", async () => {
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((n) => n.includes("/promo-assets/")),
    );
    const chunk = scripts.find((n) => /SimulatorScreen-[\w-]{8}\.js$/.test(n));
    expect(chunk).toBeDefined();
    expect((await fetch(chunk!)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const entry = await fetch(`${baseUrl}/promo-assets/client.js`);
    expect(entry.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("has no serious or critical axe-core violations", async () => {
    expect(await seriousViolations()).toEqual([]);
  });

  it("speaks Spanish with ?lang=es", async () => {
    await page.goto(`${pageUrl}?lang=es`);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.getByText(`Descarga la app ${name} para obtener ofertas exclusivas.`).count()).toBe(1);
  });

  it("lets the owner edit the title (Escape cancels, Enter keeps) and one item, kept after a reload", async () => {
    await openAs(ownerToken, pageUrl);
    const editTitle = page.getByRole("button", { name: "Edit title" });
    await editTitle.waitFor();

    await editTitle.click();
    await page.getByLabel("Promo title").fill("Never saved");
    await page.getByLabel("Promo title").press("Escape");
    expect(await page.locator("h2.promo-title").innerText()).toBe(`Download the ${name} app`);

    await editTitle.click();
    await page.getByLabel("Promo title").fill("Get Promo Drive in your pocket");
    await page.getByLabel("Promo title").press("Enter");
    await expect.poll(() => page.getByRole("status").innerText()).toBe("Saved");

    await page.getByRole("button", { name: "Edit Service", exact: true }).click();
    const editor = page.locator(".promo-item-editor");
    await editor.getByLabel("Title", { exact: true }).fill("Service Center");
    await editor.getByLabel("Subtitle").fill("Book your next oil change in two taps");
    await editor.getByRole("button", { name: "Change icon" }).click();
    const dialog = page.getByRole("dialog", { name: "Change button icon" });
    await dialog.locator(".promo-icon-choice").first().waitFor();
    // The picker's backdrop lies over the whole page, the phone frame included: what is at the simulator's
    // centre is the backdrop (or the dialog on it), not the simulator showing through.
    const simulator = page.locator("[data-testid=promo-simulator]");
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await simulator.evaluate((el) => el.scrollIntoView({ block: "center" }));
      const box = (await simulator.boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => {
          const el = document.elementFromPoint(x, y);
          return {
            inBackdrop: !!el?.closest("[data-testid=promo-modal-backdrop]"),
            what: el ? `${el.tagName.toLowerCase()}.${el.className}` : "nothing",
          };
        },
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit.inBackdrop, `${viewport.width}px: ${hit.what}`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    const chosen = await dialog.locator(".promo-icon-choice img").first().getAttribute("src");
    await dialog.locator(".promo-icon-choice").first().click();
    await dialog.getByRole("button", { name: "Change" }).click();
    await editor.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator(".promo-item-editor").count()).toBe(0);

    await page.reload();
    expect(await page.locator("h2.promo-title").innerText()).toBe("Get Promo Drive in your pocket");
    const first = page.locator(".promo-item").first();
    expect(await first.locator("h3").innerText()).toBe("Service Center");
    expect(await first.locator("p").innerText()).toBe("Book your next oil change in two taps");
    expect(await first.locator(".promo-icon").getAttribute("data-icon")).toBe(chosen);
  });

  it("shows the server's validation message and keeps the old title when the owner saves a blank one", async () => {
    await page.getByRole("button", { name: "Edit title" }).click();
    await page.getByLabel("Promo title").fill("  ");
    await page.getByLabel("Promo title").blur();
    await expect
      .poll(() => page.locator(".promo-title-row [role=alert]").innerText())
      .toBe("value can't be empty");
    expect(await page.locator("h2.promo-title").innerText()).toBe("Get Promo Drive in your pocket");
  });

  it("has no serious or critical axe-core violations in editable mode, with the item editor open", async () => {
    await page.getByRole("button", { name: "Edit Service Center", exact: true }).click();
    expect(await seriousViolations()).toEqual([]);
  });

  it("refuses a stranger's edit and offers them no editor", async () => {
    await openAs(strangerToken, pageUrl);
    await page.waitForSelector("#promo-root[data-loading-end]", { state: "attached", timeout: 15000 });
    expect(await page.getByRole("button", { name: "Edit title" }).count()).toBe(0);
    const res = await page.request.put(`${baseUrl}/api/apps/${appId}/promo`, {
      headers: { authorization: `Bearer ${strangerToken}` },
      data: { title: "Taken over", items: [] },
    });
    expect([403, 404]).toContain(res.status());
    await page.reload();
    expect(await page.locator("h2.promo-title").innerText()).toBe("Get Promo Drive in your pocket");
  });
});
