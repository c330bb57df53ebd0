import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedSnippet } from "../../core/embed.ts";
// @ts-expect-error the package is plain JavaScript without declarations: its estimate rule is the one the screen shows
import { estimate } from "../../packages/trade-in-value/screen.js";
import { openDatabase } from "../../server/db/connect.ts";
import { launchBrowser } from "./browser.ts";
import { preview, signUpAndIn, tokenOf } from "./builder-helpers.ts";
import { type HostSite, type RunningServer, startHostSite, startServer } from "./server.ts";

/**
 * A partner's feature package (issue 20) end to end. The built product starts with
 * FEATURE_PACKAGES=trade-in-value (packages/trade-in-value): a business user adds the partner's feature
 * from the add-feature list, fills its editor (generated from the package's schema) and sees the partner's
 * screen in the preview; an end user values a car with it in the widget on another origin. Then the same
 * data starts without the package: the feature shows 'No Preview Available' and its data survives a save.
 * Partner screens run in a sandboxed frame of the API's origin: a test-only hostile package
 * (tests/e2e/hostile-partner) shows that its screen reaches neither the page nor any storage.
 */
const until = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { timeout: 20_000, message });

// One data folder for both starts, on PGlite: the second server reads what the first saved.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partner-package-e2e-"));
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
let server: RunningServer;
let host: HostSite | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let email = "";
let appId = "";
let feature: Record<string, unknown> = {};

const PROVIDER = "Kelley Blue Book";
const LINK = "https://valuation.example/instant-offer";

async function api<T>(
  p: string,
  init: { method?: string; body?: unknown; form?: FormData; token?: string } = {},
) {
  const res = await fetch(`${server.url}/api${p}`, {
    method: init.method ?? (init.body === undefined && !init.form ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

async function upload(token: string, width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "image.png");
  return (await api<{ url: string }>("/images2", { form, token })).url;
}

const savedApp = async () =>
  api<{ definition: { name: string; features: any[] } }>(`/apps/${appId}`, {
    token: (await tokenOf(page)) ?? "",
  });

beforeAll(async () => {
  // The folder's database is created and migrated here first: startServer waits 90 s for a server, and
  // migrating a fresh PGlite folder on a busy machine can take longer than that.
  await (await openDatabase({ dataDir: path.join(dataDir, "pglite") })).close();
  server = await startServer({ ...env, FEATURE_PACKAGES: "trade-in-value,./tests/e2e/hostile-partner" });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  // The valuation provider's page is not on the internet in tests: the popup gets a stand-in.
  await context.route(`${LINK}**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Instant offer</title>" }),
  );
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on("pageerror", (e) => console.error("page error:", e.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("with the example package configured", () => {
  it("a business user adds the partner feature, edits it with its generated editor and sees it in the preview", async () => {
    email = await signUpAndIn(page, server.url);
    const token = (await tokenOf(page)) ?? "";
    const [logo, cover] = [await upload(token, 120, 120), await upload(token, 640, 400)];
    ({ appId } = await api<{ appId: string }>("/apps", {
      token,
      body: {
        definition: {
          name: "Partner Motors",
          logo,
          cover,
          features: [
            {
              id: "0c9a4f1e-1d2b-4c3d-8e4f-5a6b7c8d9e01",
              type: "ClickToCall",
              title: "Call Us",
              phone: "(555) 010-2030",
            },
          ],
        },
      },
    }));
    await page.goto(`${server.url}/apps/${appId}/features`);
    await page.getByRole("button", { name: "Add feature" }).click();
    await page
      .locator(".ant-dropdown:not(.ant-dropdown-hidden)")
      .getByRole("menuitem", { name: "Trade-in value", exact: true })
      .click();
    await page.waitForURL(/\/features\/trade-in-value\?id=/);
    // The editor is generated from the package's schema: its own fields with their titles and defaults.
    await page.locator("#root_title").waitFor();
    expect(await page.locator("#root_title").inputValue()).toBe("Trade-In");
    expect(await page.locator("#root_baseValue").inputValue()).toBe("30000");
    await page.getByLabel("Valuation provider").fill("K");
    await page.getByLabel("Valuation page").focus();
    await until(() => page.getByText("value should be minimum 2 characters").count()).toBe(1);
    await page.getByLabel("Valuation provider").fill(PROVIDER);
    await page.getByLabel("Valuation page").fill(LINK);
    await page.locator("#root_baseValue").fill("32000");
    await page.locator("#root_disclaimer").fill("Estimates are not offers.");
    await page.locator("#root_title").focus();

    // The preview draws the partner's screen in a sandboxed frame (no allow-same-origin: an opaque origin).
    const phone = preview(page);
    expect(await phone.locator(".ba-partner").getAttribute("data-package")).toBe("trade-in-value@1.0.0");
    expect(await phone.locator(".ba-partner iframe").getAttribute("sandbox")).toBe(
      "allow-scripts allow-forms",
    );
    const screen = phone.frameLocator(".ba-partner iframe");
    await until(() =>
      screen.getByText(`Tell us about your vehicle for an instant estimate from ${PROVIDER}.`).count(),
    ).toBe(1);
    await screen.getByLabel("Model year").fill("2020");
    await screen.getByLabel("Mileage").fill("40000");
    await screen.getByRole("button", { name: "Get my estimate" }).click();
    const { low, high } = estimate({ baseValue: 32000, year: 2020, mileage: 40000, condition: "good" });
    const usd = (n: number) => `$${n.toLocaleString("en-US")}`;
    await until(() => screen.getByText(`Estimated trade-in value: ${usd(low)} – ${usd(high)}`).count()).toBe(
      1,
    );

    await page.getByRole("button", { name: "Save App" }).click();
    await until(async () => (await savedApp()).definition.features.map((f) => f.type)).toEqual([
      "ClickToCall",
      "TradeInValue",
    ]);
    feature = (await savedApp()).definition.features[1];
    expect(feature).toMatchObject({
      type: "TradeInValue",
      title: "Trade-In",
      provider: PROVIDER,
      link: LINK,
      baseValue: 32000,
      disclaimer: "Estimates are not offers.",
    });
  }, 180_000);

  it("an end user values a car with it in the widget on another origin", async () => {
    host = await startHostSite(
      `<!doctype html><html><head><meta charset="utf-8"><title>Dealer site</title></head><body><h1>Our dealership</h1>\n${embedSnippet(server.url, appId)}\n</body></html>`,
    );
    const visitor = await context.newPage();
    visitor.setDefaultTimeout(20_000);
    const modules: { url: string; cache?: string; cors?: string }[] = [];
    visitor.on("response", (r) => {
      if (r.url().includes("/partner/"))
        modules.push({
          url: r.url(),
          cache: r.headers()["cache-control"],
          cors: r.headers()["access-control-allow-origin"],
        });
    });
    await visitor.goto(`${host.url}/`);
    const app = visitor.locator("brand-app");
    // The entry shows once the partner's screen is registered (loaded because the app uses the type).
    await app.getByRole("button", { name: "Trade-In" }).click();
    const screen = app.frameLocator(".ba-partner iframe");
    await screen.getByText(`Tell us about your vehicle for an instant estimate from ${PROVIDER}.`).waitFor();
    await screen.getByLabel("Model year").fill("2019");
    await screen.getByLabel("Mileage").fill("abc");
    await screen.getByRole("button", { name: "Get my estimate" }).click();
    await screen.getByText("Enter the mileage as a whole number").waitFor();
    await screen.getByLabel("Mileage").fill("62,500");
    await screen.getByLabel("Condition").selectOption("excellent");
    await screen.getByRole("button", { name: "Get my estimate" }).click();
    const { low, high } = estimate({ baseValue: 32000, year: 2019, mileage: 62500, condition: "excellent" });
    const usd = (n: number) => `$${n.toLocaleString("en-US")}`;
    await screen.getByText(`Estimated trade-in value: ${usd(low)} – ${usd(high)}`).waitFor();
    expect(await screen.getByText("Estimates are not offers.").count()).toBe(1);
    // The documented openLink callback opens the provider's page through the widget's link policy.
    const [popup] = await Promise.all([
      visitor.waitForEvent("popup"),
      screen.getByRole("button", { name: `Get an exact offer from ${PROVIDER}` }).click(),
    ]);
    expect(popup.url()).toBe(LINK);
    await popup.close();
    // The frame, its bootstrap, the module and its strings came from the API's origin; the package's files
    // versioned and cached for a year, the frame's (the product's) briefly; all open to other sites.
    expect(modules.map((m) => new URL(m.url).pathname).sort()).toEqual([
      "/partner/frame.css",
      "/partner/frame.js",
      "/partner/trade-in-value@1.0.0/frame.html",
      "/partner/trade-in-value@1.0.0/locales/en.json",
      "/partner/trade-in-value@1.0.0/screen.js",
    ]);
    for (const m of modules) {
      expect(new URL(m.url).origin).toBe(server.url);
      expect(m.cache).toBe(
        /\/(screen\.js|locales\/)/.test(m.url)
          ? "public, max-age=31536000, immutable"
          : "public, max-age=300",
      );
      expect(m.cors).toBe("*");
    }
    // Nothing was asked of the host site but its page.
    expect(host.requests()).toEqual(["/"]);
    await visitor.close();
  }, 120_000);
});

describe("a hostile partner screen", () => {
  it("runs in a sandboxed frame with an opaque origin and reaches neither the page, its storage nor the network", async () => {
    // The builder's page keeps the business user's token in its storage: what a partner must never read.
    const token = (await tokenOf(page)) ?? "";
    expect(token).not.toBe("");
    const app = await api<{ version: number; slug: string; definition: { features: unknown[] } }>(
      `/apps/${appId}`,
      { token },
    );
    await api(`/apps/${appId}`, {
      method: "PUT",
      token,
      body: {
        version: app.version,
        slug: app.slug,
        definition: {
          ...app.definition,
          features: [
            ...app.definition.features,
            {
              id: "0c9a4f1e-1d2b-4c3d-8e4f-5a6b7c8d9e02",
              type: "HostileProbe",
              title: "Probe",
              note: "probe",
            },
          ],
        },
      },
    });
    await page.goto(`${server.url}/apps/${appId}/features`);
    const phone = preview(page);
    await phone.getByRole("button", { name: "Probe" }).click();
    expect(await phone.locator(".ba-partner").getAttribute("data-package")).toBe("hostile-partner@0.0.1");
    const probes = phone.frameLocator(".ba-partner iframe").getByRole("list", { name: "Probes" });
    await probes.getByText("done").waitFor();
    expect(await probes.getByRole("listitem").allTextContents()).toEqual([
      "origin: null",
      // The documented props only: no token, no storage, no access to the app's other features.
      "props: appId,back,feature,lang,mode,openLink,t",
      "parent.document: blocked (SecurityError)",
      "top.localStorage: blocked (SecurityError)",
      "localStorage: blocked (SecurityError)",
      "sessionStorage: blocked (SecurityError)",
      "document.cookie: blocked (SecurityError)",
      "indexedDB.open: blocked (SecurityError)",
      "fetch: blocked (TypeError)",
      "done",
    ]);
  }, 120_000);
});

describe("without the package configured", () => {
  it("the same app shows 'No Preview Available' for the feature and keeps its data when saved", async () => {
    await server.stop();
    server = await startServer(env);
    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("secret-pass");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/apps`);
    await page.goto(`${server.url}/apps/${appId}/features`);
    // The add-feature list no longer offers the type.
    await page.getByRole("button", { name: "Add feature" }).click();
    const menu = page.locator(".ant-dropdown:not(.ant-dropdown-hidden)");
    await menu.getByRole("menuitem", { name: "Click to call", exact: true }).waitFor();
    expect(await menu.getByRole("menuitem", { name: "Trade-in value", exact: true }).count()).toBe(0);
    await page.keyboard.press("Escape");
    const phone = preview(page);
    await phone.getByRole("button", { name: "Trade-In" }).click();
    await until(() => phone.getByText("No Preview Available").count()).toBe(1);

    // Another change saves, and the partner's feature is kept exactly as it was.
    await page.getByRole("link", { name: "Brand" }).click();
    await page.getByLabel("App name").fill("Partner Motors Renamed");
    await page.getByRole("button", { name: "Save App" }).click();
    await until(async () => (await savedApp()).definition.name).toBe("Partner Motors Renamed");
    expect((await savedApp()).definition.features[1]).toEqual(feature);
  }, 180_000);
});
