import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

/**
 * Issue 11.2 on the built product: a visitor of the widget on the demo host page never reads the builder's
 * 'PREVIEW IS NOT AVAILABLE'; a web link opens a new tab to its normalised, sanitised address; an i360
 * without the app's integration is not on home; the chosen dealership is remembered across reloads.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;
let page: Page;
let appId = "";

const WEB_LINK = "7b0c9a1e-2f3d-4c5b-8a6e-1d2c3b4a5f60";
const I360 = "7b0c9a1e-2f3d-4c5b-8a6e-1d2c3b4a5f61";
const LOCATIONS = "7b0c9a1e-2f3d-4c5b-8a6e-1d2c3b4a5f62";
const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

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
  const email = `visitor-${Date.now()}@example.com`;
  await api("/accounts/sign-up", { email, password: "secret-pass" });
  const token = await api<string>("/accounts/sign-in", { email, password: "secret-pass" });
  const definition = {
    name: "Visitor Motors",
    logo: png,
    cover: png,
    features: [
      { id: WEB_LINK, type: "WebLink", title: "Our Shop", link: "shop.example/?app=[$appId]&at=[$location]" },
      { id: I360, type: "ClickToLink", title: "Fleet i360", meta: "i360", link: "https://i360.example" },
      {
        id: LOCATIONS,
        type: "DealershipSelector",
        title: "Locations",
        dealerships: [{ name: "North Store" }, { name: "South Store" }],
      },
    ],
  };
  appId = (await api<{ appId: string }>("/apps", { definition }, token)).appId;
  context = await browser.newContext();
  // The shop is outside: its tab gets an empty page instead of reaching the network.
  await context.route("http://shop.example/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>shop</title>" }),
  );
  page = await context.newPage();
});
afterAll(() => browser?.close());

const widget = () => page.locator("brand-app");

describe("the widget for visitors", () => {
  it("a web link opens a new tab to the sanitised address, without the preview text", async () => {
    await page.goto(`${baseUrl}/demo/${appId}`);
    await widget().getByRole("button", { name: "Our Shop" }).click();
    const open = widget().getByRole("link", { name: "Open Link In Browser" });
    await open.waitFor();
    expect(await widget().innerText()).not.toContain("PREVIEW IS NOT AVAILABLE");
    expect(await widget().locator(".ba-note").innerText()).toBe("The page opens in a new browser tab.");
    const [tab] = await Promise.all([context.waitForEvent("page"), open.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`http://shop.example/?app=${appId}&at=`);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toBe(`${baseUrl}/demo/${appId}`);
    await tab.close();
  });

  it("an i360 entry without the app's integration is not on home", async () => {
    await page.goto(`${baseUrl}/demo/${appId}`);
    await widget().getByRole("button", { name: "Locations" }).waitFor();
    expect(await widget().getByRole("button", { name: "Fleet i360" }).count()).toBe(0);
  });

  it("the chosen dealership is shown and remembered after a reload", async () => {
    await page.goto(`${baseUrl}/demo/${appId}`);
    await widget().getByRole("button", { name: "Locations" }).click();
    await widget().getByRole("button", { name: "Select South Store" }).click();
    await expect
      .poll(() => widget().locator(".ba-note[role=status]").innerText())
      .toBe("Your dealership: South Store");
    await page.reload();
    await widget().getByRole("button", { name: "Locations" }).click();
    await widget().getByRole("button", { name: "Selected: South Store" }).waitFor();
    expect(
      await widget().getByRole("button", { name: "Selected: South Store" }).getAttribute("aria-pressed"),
    ).toBe("true");
  });
});
