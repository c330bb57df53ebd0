import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { seriousViolations, signUpAndIn, solidPng, tokenOf } from "./builder-helpers.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The console's Staff page on the built product (issue 14): a 50-row CSV with two bad rows is imported as
 * a task (pg-boss under npm start), the two row errors are shown and nobody is added; the fixed file adds
 * all 50; the export downloads them as CSV. A member is added with an uploaded photo, made the default and
 * deleted after a confirmation.
 */

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);
/** Polls longer than vitest's default second: the job queue and builds share two CPU cores. */
const until = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { timeout: 20_000, message });

let server: RunningServer;
let browser: Browser;
let page: Page;
let appId = "";
let token = "";

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  page = await browser.newPage({
    viewport: { width: 1400, height: 1000 },
    reducedMotion: "reduce",
    acceptDownloads: true,
  });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signUpAndIn(page, server.url);
  token = (await tokenOf(page)) ?? "";
  const res = await page.request.post(`${server.url}/api/apps`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      definition: {
        name: "Staff Motors",
        logo: "/api/icon-files/none.svg",
        cover: "/api/icon-files/none.svg",
        features: [
          {
            id: randomUUID(),
            type: "ContactUs",
            title: "Contact Us",
            groups: [{ name: "Sales", methods: [{ type: "PhoneNumber", value: "(555) 010-2030" }] }],
          },
        ],
      },
    },
  });
  appId = (await res.json()).data.appId;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The newest sign-in code the dev outbox mailed to this address (the server logs every mail). */
async function codeFromOutbox(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = [
      ...server
        .log()
        .matchAll(new RegExp(`to ${email.replace(/[.+]/g, "\\$&")}: [^\\n]*sign-in code: (\\d{6})`, "g")),
    ];
    if (codes.length) return codes[codes.length - 1][1];
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}:\n${server.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A staff CSV of 50 rows; `bad` replaces rows (0-based) with other lines. */
function staffCsv(bad: Record<number, string> = {}) {
  const lines = ["Name,Title,Department,Email,Phone"];
  for (let i = 0; i < 50; i++)
    lines.push(
      bad[i] ??
        `Advisor ${i + 1},Service Advisor,${i % 2 ? "Service" : "Sales"},advisor${i + 1}@example.com,+1 555 010 ${String(i).padStart(4, "0")}`,
    );
  return `${lines.join("\r\n")}\r\n`;
}

const memberCount = async () => {
  const res = await page.request.get(`${server.url}/api/apps/${appId}/staff-members?take=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data.total as number;
};

async function importFile(text: string) {
  const dialog = page.getByRole("dialog", { name: "Import staff from CSV" });
  await dialog.waitFor();
  await dialog
    .locator("#staff-csv-file")
    .setInputFiles({ name: "staff.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
  return dialog;
}

describe("console: staff", () => {
  it("imports 50 staff from a CSV: two bad rows are shown and nothing is added; the fixed file adds 50; exports CSV", async () => {
    await page.goto(`${server.url}/apps/${appId}/staff`);
    await page.getByRole("heading", { level: 1, name: "Staff", exact: true }).waitFor();
    await page.getByText("No staff members yet", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Import CSV" }).first().click();
    const dialog = await importFile(
      staffCsv({
        4: "Advisor 5,Service Advisor,Sales,not-an-email,+1 555 010 0004",
        29: ",Service Advisor,Service,advisor30@example.com,+1 555 010 0029",
      }),
    );
    await dialog.getByText("2 of 50 rows are invalid; nothing was imported").waitFor({ timeout: 20_000 });
    const errorRows = dialog.locator(".ant-table-tbody tr.ant-table-row");
    await until(() => errorRows.allInnerTexts()).toEqual([
      "6\tEmail\tinvalid email",
      "31\tName\tvalue can't be empty",
    ]);
    expect(await memberCount()).toBe(0);
    expect(await seriousViolations(page, axeSource)).toEqual([]);

    // Fixed: all 50 come in, and the table behind the dialog lists them.
    await importFile(staffCsv());
    await dialog.getByText("50 staff members imported").waitFor({ timeout: 20_000 });
    expect(await errorRows.count()).toBe(0);
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("50 staff members", { exact: true }).waitFor();
    expect(await memberCount()).toBe(50);
    const firstRow = page.locator(".staff-table .ant-table-tbody tr.ant-table-row").first();
    await expect.poll(() => firstRow.innerText()).toContain("Advisor 1\tService Advisor\tSales");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^staff-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path()) as string, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe("Name,Title,Department,Email,Phone,Photo,Locations,Default");
    expect(lines).toHaveLength(51);
    // A leading + is escaped like a formula (an import takes the quote off again).
    expect(lines[1]).toBe("Advisor 1,Service Advisor,Sales,advisor1@example.com,'+1 555 010 0000,,,");
  });

  it("adds a member with an uploaded photo, makes them the default and deletes them after a confirmation", async () => {
    const before = await memberCount();
    await page.goto(`${server.url}/apps/${appId}/staff`);
    await page.getByRole("button", { name: "New staff member" }).first().click();
    const drawer = page.getByRole("dialog", { name: "New staff member" });
    await drawer.locator("#staff_name").fill("Zoe Photo");
    await drawer.locator("#staff_email").fill("zoe@");
    await drawer.getByRole("button", { name: "Save" }).click();
    await drawer.getByText("invalid email").waitFor();
    await drawer.locator("#staff_email").fill("zoe@example.com");
    await drawer
      .locator("#staff_image")
      .setInputFiles({ name: "zoe.png", mimeType: "image/png", buffer: await solidPng(40, 40, 200, 80, 20) });
    await drawer.getByRole("img", { name: "Photo preview" }).waitFor({ timeout: 15_000 });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/apps/${appId}/staff-members`) && r.request().method() === "POST",
    );
    await drawer.getByRole("button", { name: "Save" }).click();
    const body = await (await saved).json();
    expect(body.data).toMatchObject({ name: "Zoe Photo", email: "zoe@example.com", isDefault: false });
    expect(body.data.image).toMatch(/^\/api\/images\//);
    await drawer.waitFor({ state: "hidden" });

    await page.getByRole("searchbox", { name: "Search staff" }).fill("zoe");
    const row = page.locator(".staff-table .ant-table-tbody tr.ant-table-row");
    await until(() => row.count()).toBe(1);
    const toggle = page.getByRole("switch", { name: "Default advisor: Zoe Photo" });
    await toggle.click();
    await until(() => toggle.getAttribute("aria-checked")).toBe("true");

    await page.getByRole("button", { name: "Delete Zoe Photo" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
    await page.getByText('No staff member matches "zoe"').waitFor();
    expect(await memberCount()).toBe(before);
  });

  it("the widget's Contact us lists the staff; a customer signs in and picks an advisor; the tally counts them and its e-mail is set", async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    visitor.on("pageerror", (e) => console.error("widget page error:", e.message));
    await visitor.goto(`${server.url}/demo/${appId}`);
    const w: Locator = visitor.locator("brand-app");
    await w.locator(".ba-home").getByRole("button", { name: "Contact Us", exact: true }).click();
    const staff = w.locator(".ba-staff");
    await staff.getByRole("heading", { name: "Our team" }).waitFor();
    await expect.poll(() => staff.locator(".ba-staff-member").count()).toBe(50);
    await expect
      .poll(() => staff.locator(".ba-staff-member .ba-row-text").first().textContent())
      .toBe("Advisor 1Service Advisor · Sales");
    await staff.getByRole("button", { name: "Sign in to choose your advisor" }).click();
    const email = `staff-customer-${Date.now()}@example.com`;
    await w.getByLabel("Email or phone").fill(email);
    await w.getByRole("button", { name: "Send Code" }).click();
    await w.getByLabel("Code").fill(await codeFromOutbox(email));
    await w.getByRole("button", { name: "Confirm code" }).click();
    // Signed in, back on Contact us: the customer picks Advisor 2.
    await staff.getByRole("button", { name: "Choose as my advisor: Advisor 2", exact: true }).click();
    await staff.getByRole("status").filter({ hasText: "Advisor 2 is now your advisor" }).waitFor();
    await expect
      .poll(() => staff.locator(".ba-staff-chosen .ba-staff-name").allTextContents())
      .toEqual(["Advisor 2"]);
    await context.close();

    // The console's tally (the last 30 days by default) counts the customer for Advisor 2.
    await page.goto(`${server.url}/apps/${appId}/staff`);
    const cardTitled = (title: string) =>
      page
        .locator(".ant-card")
        .filter({ has: page.locator(".ant-card-head-title", { hasText: new RegExp(`^${title}$`) }) });
    const tally = cardTitled("Tally");
    const advisor2 = tally
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "Advisor 2", exact: true }) });
    await expect.poll(() => advisor2.innerText(), { timeout: 15_000 }).toBe("Advisor 2\t1\t0\t0");

    // The tally e-mail: on, monthly, two recipients; a reload shows them saved.
    const card = cardTitled("Tally e-mail");
    await card.getByRole("switch", { name: "Send the tally by e-mail" }).click();
    await card.getByText("Monthly (the 1st)").click();
    const recipients = card.getByRole("combobox", { name: "Recipients" });
    await recipients.fill("gm@example.com");
    await recipients.press("Enter");
    await recipients.fill("owner@example.com");
    await recipients.press("Enter");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/staff-members/tally-notification") && r.request().method() === "PUT",
    );
    await card.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText("Tally e-mail saved").waitFor();
    await page.reload();
    await card.getByText("owner@example.com").waitFor();
    await expect
      .poll(() => card.getByRole("switch", { name: "Send the tally by e-mail" }).getAttribute("aria-checked"))
      .toBe("true");
    await expect.poll(() => card.getByRole("radio", { name: "Monthly (the 1st)" }).isChecked()).toBe(true);
  });
});
