import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { seriousViolations, tokenOf } from "./builder-helpers.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The admin console on the built product as the demo admin (issue 18): an app found by name on page 2 of
 * the admin list, its metadata edited through the diff, released, its brand locked and unlocked; a
 * make-model CSV with two bad rows shown and nothing applied, then fixed and imported; sign in as an Owner
 * and 'Back to admin' to the same admin page; axe-core on the admin pages.
 */

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);
const until = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { timeout: 15_000, message });

let server: RunningServer;
let browser: Browser;
let page: Page;
let adminToken = "";
const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
let ownerId = "";
/** The first of 25 apps: the list shows the newest first, so it is on page 2 of the search. */
const target = "Zed Paging Motors 00";
let targetId = "";

/** The demo admin's one-time password, from the first start's log line (printed before /health answers). */
function demoAdminPassword(): string {
  const found = server.log().match(/sign in as admin@demo\.local with password (\S+) \(printed only once\)/);
  if (!found) throw new Error(`no demo admin line in the log:\n${server.log().slice(-2000)}`);
  return found[1];
}

const confirm = () => page.locator(".ant-popconfirm:visible");

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  page.on("pageerror", (e) => console.error("page error:", e.message));

  // An Owner with 25 apps, made through the API.
  const signUp = await fetch(`${server.url}/api/accounts/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ownerEmail, password: "owner-pass" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const signIn = await fetch(`${server.url}/api/accounts/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ownerEmail, password: "owner-pass" }),
  });
  const ownerToken = (await signIn.json()).data as string;
  const me = await fetch(`${server.url}/api/accounts/me`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  ownerId = (await me.json()).data.id;
  for (let i = 0; i < 25; i++) {
    const res = await fetch(`${server.url}/api/apps`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ownerToken}` },
      body: JSON.stringify({ definition: { name: `Zed Paging Motors ${String(i).padStart(2, "0")}` } }),
    });
    if (!res.ok) throw new Error(`app ${i}: ${res.status} ${await res.text()}`);
    if (i === 0) targetId = (await res.json()).data.appId;
  }

  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill("admin@demo.local");
  await page.getByLabel("Password").fill(demoAdminPassword());
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/apps`);
  adminToken = (await tokenOf(page)) ?? "";
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const apiGet = async (url: string) =>
  (
    await (
      await fetch(`${server.url}/api${url}`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()
  ).data;

describe("console: admin apps", () => {
  it("finds an app by name on page 2 from the app list's Admin entry", async () => {
    await page.getByRole("link", { name: "Admin" }).click();
    await page.waitForURL(`${server.url}/admin/apps`);
    await page.getByRole("searchbox", { name: "Search apps by name" }).fill("Zed Paging");
    await until(() => page.getByText("25 apps · page 1 of 2").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: target, exact: true }).count()).toBe(0);
    const pager = page.getByRole("navigation", { name: "App list pages" });
    await pager.getByRole("button", { name: "Page 2" }).click();
    await until(() => page.getByText("25 apps · page 2 of 2").isVisible()).toBe(true);
    expect(await pager.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    const row = page.getByRole("row", { name: new RegExp(target) });
    expect(await row.textContent()).toContain(ownerEmail);
    expect(await page.locator("tbody tr").count()).toBe(5);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    await page.getByRole("link", { name: target, exact: true }).click();
    await page.waitForURL(`${server.url}/admin/apps/${targetId}`);
    await page.getByRole("heading", { name: new RegExp(target) }).waitFor();
  });

  it("edits metadata through a diff shown before saving", async () => {
    await page.getByRole("tab", { name: "Metadata" }).click();
    await page.getByLabel("iOS version").fill("2.4.0");
    await page.getByLabel("Apple bundle id").fill("com.example.zed");
    await page.getByRole("button", { name: "Review changes" }).click();
    const dialog = page.getByRole("dialog", { name: "Save these metadata changes?" });
    await dialog.waitFor();
    const rows = await dialog.locator("tbody tr").allTextContents();
    expect(rows).toEqual(["appleBundleId(empty)com.example.zed", "iosVersion(empty)2.4.0"]);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/apps/${targetId}/metadata`) && r.request().method() === "PUT",
    );
    await dialog.getByRole("button", { name: "Save" }).click();
    const body = (await (await saved).json()).data;
    expect(body).toMatchObject({
      iosVersion: "2.4.0",
      appleBundleId: "com.example.zed",
      androidVersion: null,
    });
    await dialog.waitFor({ state: "hidden" });
    // The PUT carried only what changed.
    expect(await apiGet(`/admin/apps/${targetId}/metadata`)).toMatchObject({ iosVersion: "2.4.0" });
  });

  it("releases the app and locks then unlocks its brand, each after a confirmation", async () => {
    await page.getByRole("tab", { name: "Overview" }).click();
    await page.getByRole("button", { name: "Release", exact: true }).click();
    await confirm().getByRole("button", { name: "Release" }).click();
    await page.getByText("Released version 1").waitFor();
    await until(() => page.getByText(/^Version 1, /).isVisible()).toBe(true);
    expect((await apiGet(`/admin/apps/${targetId}`)).lastRelease).toMatchObject({
      version: 1,
      fullUpdate: false,
    });

    await page.getByRole("button", { name: "Lock brand" }).click();
    await confirm().getByRole("button", { name: "Lock brand" }).click();
    await page.getByText("Brand locked", { exact: true }).first().waitFor();
    await until(async () => (await apiGet(`/admin/apps/${targetId}`)).brandLocked).toBe(true);
    await page.getByRole("button", { name: "Unlock brand" }).click();
    await confirm().getByRole("button", { name: "Unlock brand" }).click();
    await page.getByText("Brand unlocked", { exact: true }).first().waitFor();
    expect((await apiGet(`/admin/apps/${targetId}`)).brandLocked).toBe(false);
    expect(await seriousViolations(page, axeSource)).toEqual([]);

    // Every action is in the audit log, newest first.
    await page.goto(`${server.url}/admin/audit?appId=${targetId}`);
    await until(async () => page.locator("tbody tr.ant-table-row td:nth-child(4)").allTextContents()).toEqual(
      ["app.brandUnlock", "app.metadata", "app.release", "app.metadata"],
    );
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });
});

describe("console: loot", () => {
  it("collects the app bundle as a task and lists it among the app-user files, deleted after a confirmation", async () => {
    const slug = (await apiGet(`/admin/apps/${targetId}`)).slug;
    const name = `${slug}-loot-${new Date().toISOString().slice(0, 10)}.json`;
    await page.goto(`${server.url}/admin/apps/${targetId}`);
    await page.getByRole("tab", { name: "App-user files" }).click();
    await page
      .getByText("No files: files the app's users send (vehicle lists, documents) appear here.")
      .waitFor();
    await page.getByRole("button", { name: "Collect app bundle" }).click();
    await page.getByText("Bundle: done (4/4)").waitFor();
    await page.getByRole("button", { name: `Open ${name}` }).waitFor();
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await confirm().getByRole("button", { name: "Delete" }).click();
    await page
      .getByText("No files: files the app's users send (vehicle lists, documents) appear here.")
      .waitFor();
    expect(await apiGet(`/admin/apps/app-users/files?appId=${targetId}`)).toEqual([]);
  });
});

describe("console: multiapps and client relations", () => {
  it("creates a group with its downloads app, then deletes it after a confirmation", async () => {
    await page.goto(`${server.url}/admin/multiapps`);
    await page.getByText("No multi-app groups: a group puts several apps under one downloads app.").waitFor();
    await page.getByRole("button", { name: "New group" }).click();
    const dialog = page.getByRole("dialog", { name: "New group" });
    await dialog.getByLabel("Name").fill("Zed Group");
    for (const name of ["Zed Paging Motors 01", "Zed Paging Motors 02"]) {
      await dialog.getByLabel("Apps").fill(name);
      await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
    }
    await page.keyboard.press("Escape");
    await dialog.locator(".ant-form-item", { hasText: "Downloads app" }).locator(".ant-select").click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="Zed Paging Motors 02"]')
      .click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row", { name: /Zed Group/ });
    await until(() => row.textContent()).toMatch(
      /Zed Paging Motors 01Zed Paging Motors 02Zed Paging Motors 02/,
    );
    const [group] = await apiGet("/admin/multiapps");
    expect(group).toMatchObject({ name: "Zed Group" });
    expect(group.appIds).toHaveLength(2);
    expect(group.downloadsAppId).toBe(group.appIds[1]);
    await page.getByRole("button", { name: "Delete Zed Group" }).click();
    await confirm().getByRole("button", { name: "Delete" }).click();
    await page.getByText("No multi-app groups: a group puts several apps under one downloads app.").waitFor();
    expect(await apiGet("/admin/multiapps")).toEqual([]);
  });

  it("notes client info of an app, with the server's error on its field", async () => {
    await page.goto(`${server.url}/admin/client-relations?name=${encodeURIComponent(target)}`);
    await page.getByRole("button", { name: `Edit client info of ${target}` }).click();
    const dialog = page.getByRole("dialog", { name: `Client info of ${target}` });
    await dialog.getByLabel("Company").fill("Zed Holdings");
    await dialog.getByLabel("Contact e-mail").fill("not-an-email");
    await dialog.getByRole("button", { name: "Save" }).click();
    await until(() => dialog.locator(".ant-form-item-explain-error").allTextContents()).toEqual([
      expect.stringMatching(/e-?mail/i),
    ]);
    await dialog.getByLabel("Contact e-mail").fill("zed@example.com");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await until(() => page.getByRole("row", { name: new RegExp(target) }).textContent()).toContain(
      "Zed Holdings · zed@example.com",
    );
  });
});

describe("console: catalogs", () => {
  it("shows a make-model CSV's two bad rows and applies nothing, then imports the fixed file", async () => {
    await page.goto(`${server.url}/admin/catalogs`);
    await page.getByText("Import make-models from CSV").waitFor();
    const bad = "type,make,model\nCar,Qbrand,Alpha\nCar,,Beta\nCar,Qbrand,Gamma\nBoat,Qbrand,Delta\n";
    const input = page.locator('input[type="file"]').first();
    await input.setInputFiles({ name: "models.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page
      .getByText("2 rows cannot be imported. Nothing was imported: fix these rows and choose the file again.")
      .waitFor();
    const errors = page.getByRole("table", { name: "Row errors" });
    expect(await errors.locator("tbody tr td:first-child").allTextContents()).toEqual(["3", "5"]);
    expect(await page.getByRole("button", { name: /^Import \d/ }).count()).toBe(0);
    expect(await apiGet("/admin/make-models?make=Qbrand")).toEqual([]);
    expect(await seriousViolations(page, axeSource)).toEqual([]);

    const good = "type,make,model\nCar,Qbrand,Alpha\nCar,Qbrand,Beta\nCar,Qbrand,Gamma\nTruck,Qbrand,Delta\n";
    await input.setInputFiles({ name: "models-fixed.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByText("4 rows would be added, 0 rows are already in the catalog.").waitFor();
    expect(await apiGet("/admin/make-models?make=Qbrand")).toEqual([]);
    await page.getByRole("button", { name: "Import 4 rows" }).click();
    await page.getByText("Imported: 4 rows added, 0 rows already in the catalog.").waitFor();
    expect((await apiGet("/admin/make-models?make=Qbrand")).map((m: { model: string }) => m.model)).toEqual([
      "Alpha",
      "Beta",
      "Gamma",
      "Delta",
    ]);
    await until(() => page.getByRole("cell", { name: "Gamma", exact: true }).isVisible()).toBe(true);
  });
});

describe("console: sign in as", () => {
  it("signs in as an Owner, shows the Owner's apps, and comes back to the same admin page", async () => {
    await page.goto(`${server.url}/admin/accounts`);
    await page.getByRole("searchbox", { name: "Search accounts by name or e-mail" }).fill(ownerEmail);
    await page.getByRole("link", { name: ownerEmail }).click();
    const adminPage = `${server.url}/admin/accounts/${ownerId}`;
    await page.waitForURL(adminPage);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    await page.getByRole("button", { name: "Sign in as", exact: true }).click();
    await confirm().getByRole("button", { name: "Sign in as" }).click();
    await page.waitForURL(`${server.url}/apps`);
    await page.getByText("Signed in as").waitFor();
    await until(() => page.locator(".shell-user").textContent()).toContain(ownerEmail);
    await page.getByRole("link", { name: target, exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Sign in" }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("secondaryToken"))).toBe(adminToken);

    await page.getByRole("button", { name: "Back to admin" }).click();
    await page.waitForURL(adminPage);
    await page.getByRole("heading", { name: new RegExp(ownerEmail) }).waitFor();
    await until(() => page.locator(".shell-user").textContent()).toContain("admin@demo.local");
    expect(await page.evaluate(() => localStorage.getItem("secondaryToken"))).toBeNull();
    expect(await tokenOf(page)).toBe(adminToken);
  });

  it("keeps the other admin pages free of serious accessibility violations", async () => {
    for (const [url, heading] of [
      ["/admin/multiapps", "Multiapps"],
      ["/admin/client-relations", "Client relations"],
      ["/admin/catalogs", "Catalogs"],
    ] as const) {
      await page.goto(`${server.url}${url}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await page
        .locator(".ant-skeleton")
        .first()
        .waitFor({ state: "detached" })
        .catch(() => undefined);
      expect({ url, violations: await seriousViolations(page, axeSource) }).toEqual({ url, violations: [] });
    }
  });
});
