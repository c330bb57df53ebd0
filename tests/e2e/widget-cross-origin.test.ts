import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { PNG } from "pngjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedSnippet } from "../../core/embed.ts";
import { launchBrowser } from "./browser.ts";
import { type HostSite, type RunningServer, startHostSite, startServer } from "./server.ts";

/**
 * The widget's main use: the snippet pasted into a site of ANOTHER origin than the API. The built product
 * runs on one loopback port, the host site (a bare node http server) on another, and the host page holds the
 * snippet exactly as the builder shows it. Every image and icon the widget draws must come from the API's
 * origin and load, no /api request may go to the host, and links open their own absolute address.
 */
let server: RunningServer;
let host: HostSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let appId: string;
const requests: Request[] = [];
const failed: string[] = [];
const ICON_COLOR = { r: 0xc8, g: 0x10, b: 0x2e };
const LINK = "https://dealer.example/specials?app=[$appId]";

async function api<T>(path: string, init: { body?: unknown; form?: FormData; token?: string } = {}) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.body === undefined && !init.form ? "GET" : "POST",
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

async function upload(token: string, width: number, height: number, rgb: [number, number, number]) {
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "image.png");
  return (await api<{ url: string }>("/images2", { form, token })).url;
}

beforeAll(async () => {
  server = await startServer();
  const email = `cross-${Date.now()}@example.com`;
  await api("/accounts/sign-up", { body: { email, password: "secret-pass" } });
  const token = await api<string>("/accounts/sign-in", { body: { email, password: "secret-pass" } });
  const [logo, cover, couponImage] = [
    await upload(token, 120, 120, [30, 90, 200]),
    await upload(token, 640, 400, [20, 150, 80]),
    await upload(token, 300, 200, [220, 160, 20]),
  ];
  const outline = (await api<string[]>("/gallery/phone")).find((i) => !i.includes("[colorful]"));
  const colorful = (await api<string[]>("/gallery/car")).find((i) => i.includes("[colorful]"));
  if (!outline || !colorful) throw new Error("the icon bank has no outline phone or colourful car icon");
  const created = await api<{ appId: string }>("/apps", {
    token,
    body: {
      definition: {
        name: "Cross Origin Motors",
        logo,
        cover,
        theme: { layout: "LogoAndCover", iconColor: "#c8102e", iconBackgroundColor: "#ffffff" },
        features: [
          {
            id: "0c9a4f1e-1d2b-4c3d-8e4f-5a6b7c8d9e01",
            type: "ClickToCall",
            title: "Call Us",
            icon: outline,
            phone: "(555) 010-2030",
          },
          {
            id: "0c9a4f1e-1d2b-4c3d-8e4f-5a6b7c8d9e02",
            type: "WebLink",
            title: "Specials Online",
            icon: colorful,
            link: LINK,
          },
          { id: "0c9a4f1e-1d2b-4c3d-8e4f-5a6b7c8d9e03", type: "Coupons", title: "Coupons", icon: outline },
        ],
        coupons: [
          {
            id: "0c9a4f1e-1d2b-4c3d-8e4f-5a6b7c8d9e04",
            title: "$25 off any oil change",
            description: "Show this coupon to your service advisor.",
            image: couponImage,
          },
        ],
      },
    },
  });
  appId = created.appId;
  host = await startHostSite(
    `<!doctype html><html><head><meta charset="utf-8"><title>Dealer site</title></head><body><h1>Our dealership</h1>\n${embedSnippet(server.url, appId)}\n</body></html>`,
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 420, height: 1600 } });
  // A missing element fails its step with the locator's message, well before the test's own time limit.
  context.setDefaultTimeout(15_000);
  // The web link's site does not exist; the popup gets a page from here instead of the network.
  await context.route("https://dealer.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Specials</title>" }),
  );
  page = await context.newPage();
  page.on("request", (r) => requests.push(r));
  page.on("requestfailed", (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await server?.stop();
});

const inWidget = (selector: string) => page.locator(`brand-app ${selector}`);
const featureButton = (title: string) => inWidget(".ba-feature-button").filter({ hasText: title });

/** Every <img> of the widget's shadow root: its address, and whether it decoded to real pixels. */
const widgetImages = () =>
  page.evaluate(() =>
    [...(document.querySelector("brand-app")?.shadowRoot?.querySelectorAll("img") ?? [])].map((img) => ({
      src: img.getAttribute("src") ?? "",
      loaded: img.complete && img.naturalWidth > 0,
    })),
  );

/** Pixels of the theme's icon colour in a screenshot: a drawn icon has some, a failed mask none (or all). */
async function iconColourShare(index: number): Promise<number> {
  const png = PNG.sync.read(await inWidget(".ba-icon-mask").nth(index).screenshot());
  let hits = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
    if (Math.abs(r - ICON_COLOR.r) < 40 && Math.abs(g - ICON_COLOR.g) < 40 && Math.abs(b - ICON_COLOR.b) < 40)
      hits++;
  }
  return hits / (png.width * png.height);
}

const hostApiRequests = () =>
  requests.map((r) => new URL(r.url())).filter((u) => u.origin === host.url && u.pathname.startsWith("/api"));

describe("the widget pasted into a page of another origin", () => {
  it("serves the snippet from a host whose origin differs from the API's", () => {
    expect(new URL(host.url).origin).not.toBe(new URL(server.url).origin);
  });

  it("draws the logo, the cover and the colourful icon from the API's origin, all loaded", async () => {
    await page.goto(`${host.url}/`);
    await expect
      .poll(() => inWidget(".ba-name").allTextContents(), { timeout: 15_000 })
      .toEqual(["Cross Origin Motors"]);
    // Logo (header and over the cover), cover and the colourful icon.
    await expect.poll(async () => (await widgetImages()).length).toBe(4);
    await expect
      .poll(async () => (await widgetImages()).filter((i) => !i.loaded), { timeout: 15_000 })
      .toEqual([]);
    for (const img of await widgetImages()) expect(new URL(img.src).origin).toBe(server.url);
    expect(await inWidget(".ba-logo").getAttribute("src")).toMatch(
      new RegExp(`^${server.url}/api/images/[0-9a-f-]+\\.png$`),
    );
    expect(await inWidget(".ba-cover").getAttribute("src")).toMatch(
      new RegExp(`^${server.url}/api/images/[0-9a-f-]+\\.png$`),
    );
  });

  it("draws every tinted icon: its mask loads from the API's origin", async () => {
    const masks = inWidget(".ba-icon-mask");
    expect(await masks.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const style = (await masks.nth(i).getAttribute("style")) ?? "";
      expect(style).toContain(`url("${server.url}/api/icon-files/`);
      // A drawn outline icon covers part of its box in the icon colour; a failed mask covers none (or all).
      await expect.poll(() => iconColourShare(i), { timeout: 15_000 }).toBeGreaterThan(0.02);
      expect(await iconColourShare(i)).toBeLessThan(0.8);
    }
  });

  it("shows the coupon's image from the API's origin", async () => {
    await featureButton("Coupons").click();
    await expect.poll(() => page.getByText("$25 off any oil change").count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await widgetImages()).filter((i) => i.src.includes("/api/images/") && !i.loaded))
      .toEqual([]);
    const images = await widgetImages();
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      expect(new URL(img.src).origin).toBe(server.url);
      expect(img.loaded).toBe(true);
    }
    await inWidget(".ba-back").click();
    await expect.poll(() => inWidget(".ba-name").count()).toBe(1);
  });

  it("opens the web link at its own absolute address", async () => {
    await featureButton("Specials Online").click();
    const link = page.getByRole("link", { name: "Open Link In Browser" });
    const expected = `https://dealer.example/specials?app=${encodeURIComponent(appId)}`;
    expect(await link.getAttribute("href")).toBe(expected);
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(expected);
    await popup.close();
  });

  it("sent no /api request to the host's origin and none of its requests failed", async () => {
    expect(hostApiRequests()).toEqual([]);
    expect(host.requests().filter((p) => p.startsWith("/api"))).toEqual([]);
    expect(failed.filter((f) => !f.startsWith(`${host.url}/favicon.ico`))).toEqual([]);
    // The widget did talk to the API: the app, the images and the icons came from there.
    const apiPaths = requests
      .map((r) => new URL(r.url()))
      .filter((u) => u.origin === server.url)
      .map((u) => u.pathname);
    expect(apiPaths).toContain("/api/mobile/app");
    expect(apiPaths.filter((p) => p.startsWith("/api/images/")).length).toBeGreaterThanOrEqual(3);
    expect(apiPaths.filter((p) => p.startsWith("/api/icon-files/")).length).toBeGreaterThanOrEqual(2);
  });

  it("asks for the chunks brand-app.js imports together with it (modulepreload), each fetched once", async () => {
    const bundle = await (await fetch(`${server.url}/sdk/brand-app.js`)).text();
    const imported = [...bundle.matchAll(/(?:^|[;\s}])(?:import|from)\s*"\.\/([\w.-]+\.js)"/g)].map(
      (m) => `${server.url}/sdk/${m[1]}`,
    );
    expect(imported.length).toBeGreaterThan(0);
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
    );
    expect([...preloads].sort()).toEqual([...new Set(imported)].sort());
    for (const url of imported) expect(requests.filter((r) => r.url() === url).length, url).toBe(1);
  });
});

describe("the loader run where it cannot see its own <script> (currentScript is empty)", () => {
  it("still finds the API from its tag's address: a module script on another origin", async () => {
    // Pasted with type="module" (as some site builders do): module scripts have no document.currentScript.
    const snippet = embedSnippet(server.url, appId).replace("<script async", '<script type="module" async');
    const moduleHost = await startHostSite(`<!doctype html><html><body>\n${snippet}\n</body></html>`);
    const modulePage = await context.newPage();
    try {
      await modulePage.goto(`${moduleHost.url}/`);
      const name = modulePage.locator("brand-app .ba-name");
      await expect.poll(() => name.allTextContents(), { timeout: 15_000 }).toEqual(["Cross Origin Motors"]);
      expect(await modulePage.locator("brand-app .ba-logo").getAttribute("src")).toMatch(
        new RegExp(`^${server.url}/api/images/`),
      );
      expect(moduleHost.requests().filter((p) => p.startsWith("/sdk") || p.startsWith("/api"))).toEqual([]);
    } finally {
      await modulePage.close();
      await moduleHost.stop();
    }
  });
});
