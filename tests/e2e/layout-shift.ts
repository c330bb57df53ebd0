import type { Browser, BrowserContextOptions } from "playwright-core";
import sharp from "sharp";
import { demoDefinition } from "../../server/db/seed.ts";

/**
 * Layout shift of the widget on the demo host page (/demo/{appId}), as Lighthouse sees it: every
 * `layout-shift` entry without recent input, summed (at least the session-window CLS Lighthouse reports).
 * The app's answer is held back so the data arrives well after the page and the bundle, and images come
 * late too: the widget has to hold its box without them. Shared by tests/e2e/layout-shift.test.ts and
 * bench/layout-shift.ts.
 */

export const VIEWPORTS = {
  desktop: { viewport: { width: 1350, height: 940 } },
  mobile: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  },
} satisfies Record<string, BrowserContextOptions>;

/** How long the app data and the images are held back. */
export const API_DELAY_MS = 1500;
export const IMAGE_DELAY_MS = 800;

async function api<T>(
  base: string,
  path: string,
  body: unknown,
  token?: string,
  form?: FormData,
): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: "POST",
    headers: {
      ...(form ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ?? JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * An app like the seeded 'Demo Motors' (its definition, with a logo and a 1200x750 cover uploaded here),
 * plus two features without an icon. Returns its id.
 */
export async function createDemoApp(base: string, label: string): Promise<string> {
  const email = `cls-${label}-${Date.now()}@example.com`;
  await api(base, "/accounts/sign-up", { email, password: "cls-pass-1" });
  const token = await api<string>(base, "/accounts/sign-in", { email, password: "cls-pass-1" });
  const upload = async (svg: string) => {
    const form = new FormData();
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "image.png");
    return (await api<{ url: string }>(base, "/images2", undefined, token, form)).url;
  };
  const logo = await upload(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="#1f6feb"/></svg>`,
  );
  const cover = await upload(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750"><rect width="1200" height="750" fill="#0b3d91"/></svg>`,
  );
  const definition = demoDefinition(Date.now(), { logo, cover });
  definition.features.push(
    {
      id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a21",
      type: "WebLink",
      title: "Inventory",
      link: "https://dealer.example/inventory",
    } as never,
    {
      id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a22",
      type: "ClickToEmail",
      title: "Write Us",
      email: "sales@dealer.example",
    } as never,
  );
  const app = await api<{ appId: string }>(base, "/apps", { definition }, token);
  return app.appId;
}

const OBSERVER_SCRIPT = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        sources: (e.sources || []).map((s) => {
          const n = s.node;
          const name = n ? (n.nodeName + (n.className && typeof n.className === "string" ? "." + n.className.split(" ").join(".") : "")) : "?";
          return name + " " + JSON.stringify([s.previousRect.y, s.previousRect.height]) + "->" + JSON.stringify([s.currentRect.y, s.currentRect.height]);
        }),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });`;

export interface LayoutShiftResult {
  cls: number;
  shifts: { value: number; at: number; sources: string[] }[];
  /** The widget's box (border-box of <brand-app>) when measured. */
  box: { width: number; height: number };
  /** Height of the cover image as drawn. */
  coverHeight: number;
}

/** Loads the demo page of `appId` in a fresh context and sums its layout shifts once the widget has settled. */
export async function measureLayoutShift(
  browser: Browser,
  baseUrl: string,
  appId: string,
  options: BrowserContextOptions,
): Promise<LayoutShiftResult> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVER_SCRIPT);
    // A slow API: the app data arrives long after the page, the loader and the bundle.
    await page.route("**/api/mobile/app", async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, API_DELAY_MS));
      await route.fulfill({ response });
    });
    await page.route(/\/api\/(images|icon-files)\//, async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, IMAGE_DELAY_MS));
      await route.fulfill({ response });
    });
    await page.goto(`${baseUrl}/demo/${appId}`);
    // Settled: home drawn, every image in the shadow root loaded, the runtime's account bar mounted (it
    // comes after home), no request under way, and two more frames for the last entries to be reported.
    await page.waitForFunction(() => {
      const root = document.querySelector("brand-app")?.shadowRoot;
      if (!root?.querySelector(".ba-feature-button")) return false;
      return Array.from(root.querySelectorAll("img")).every((i) => i.complete);
    });
    await page.waitForLoadState("networkidle");
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    return await page.evaluate(() => {
      const shifts = (window as unknown as { __shifts: LayoutShiftResult["shifts"] }).__shifts;
      const el = document.querySelector("brand-app") as HTMLElement;
      const cover = el.shadowRoot?.querySelector(".ba-cover") as HTMLElement | null;
      return {
        cls: shifts.reduce((sum, s) => sum + s.value, 0),
        shifts,
        box: { width: el.offsetWidth, height: el.offsetHeight },
        coverHeight: cover?.getBoundingClientRect().height ?? 0,
      };
    });
  } finally {
    await context.close();
  }
}
