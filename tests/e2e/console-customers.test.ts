import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../schemas/messages.ts";
import { launchBrowser } from "./browser.ts";
import { seriousViolations, signUpAndIn, tokenOf } from "./builder-helpers.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The console's customers, leads, team and account pages on the built product (issue 14): a customer found
 * by part of a phone number, a vehicle edited on their page, 'Send push' prefilled with them, leads exported
 * as CSV and deleted after a confirmation, a manager invited and signed up through the e-mailed link, an
 * outside address confirmed and marked external, a password changed; axe-core finds no serious or critical
 * violations. Everything is seeded through the API.
 */

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);
/** Polls longer than vitest's default second: builds share two CPU cores with other work. */
const until = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { timeout: 15_000, message });
const FORM_FEATURE = "00000000-0000-4000-8000-0000000000f1";
const APP_NAME = "Customer Motors";

let server: RunningServer;
let browser: Browser;
let page: Page;
let appId = "";
let token = "";
let ownerEmail = "";
const stamp = Date.now();
const alice = { email: `alice-${stamp}@example.com`, id: "" };
const bob = { email: `bob-${stamp}@example.com`, id: "" };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The newest mail the dev outbox logged to this address whose subject or text matches `pattern` (the server
 * logs every mail as one JSON line, its text's line breaks escaped).
 */
async function mailFromOutbox(to: string, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 10_000;
  const re = new RegExp(`to ${escapeRe(to)}: [^\\n]*?${pattern.source}`, "g");
  for (;;) {
    const hits = [...server.log().matchAll(re)];
    if (hits.length) return hits[hits.length - 1];
    if (Date.now() > deadline) throw new Error(`no such mail to ${to}:\n${server.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An end user of the app, signed up the widget's way (code by e-mail); answers their id. */
async function signUpAppUser(email: string): Promise<string> {
  const headers = { "content-type": "application/json", "x-app": appId };
  const sent = await fetch(`${server.url}/api/mobile/users/auth/email-confirmation`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email }),
  });
  if (!sent.ok) throw new Error(`code: ${sent.status} ${await sent.text()}`);
  const [, code] = await mailFromOutbox(email, /sign-in code: (\d{6})/);
  const signedIn = await fetch(`${server.url}/api/mobile/users/auth/sign-in`, {
    method: "POST",
    headers,
    body: JSON.stringify({ userId: randomUUID(), email, code }),
  });
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  return ((await signedIn.json()) as { data: { userId: string } }).data.userId;
}

/** A console call with the owner's token. */
async function consoleCall(method: string, url: string, body: unknown) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The app's custom form submitted from the widget (it becomes form data and a lead). */
async function submitForm(userId: string, values: Record<string, string>) {
  const res = await fetch(`${server.url}/api/mobile/users/${userId}/form-data`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-app": appId },
    body: JSON.stringify({ featureId: FORM_FEATURE, values }),
  });
  if (!res.ok) throw new Error(`form: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  ownerEmail = await signUpAndIn(page, server.url);
  token = (await tokenOf(page)) ?? "";
  const res = await page.request.post(`${server.url}/api/apps`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      definition: {
        name: APP_NAME,
        logo: "/api/icon-files/none.svg",
        cover: "/api/icon-files/none.svg",
        features: [
          {
            id: FORM_FEATURE,
            type: "Form",
            title: "Service request",
            fields: [
              { name: "Full name", type: "Text" },
              { name: "Email", type: "Email" },
              { name: "Comments", type: "TextArea" },
            ],
          },
        ],
      },
    },
  });
  if (!res.ok()) throw new Error(`app: ${res.status()} ${await res.text()}`);
  appId = (await res.json()).data.appId;

  alice.id = await signUpAppUser(alice.email);
  bob.id = await signUpAppUser(bob.email);
  await consoleCall("PUT", `/apps/${appId}/users/${alice.id}`, {
    name: "Alice Driver",
    email: alice.email,
    phone: "+1 555 123 4567",
  });
  await consoleCall("PUT", `/apps/${appId}/users/${bob.id}`, {
    name: "Bob Walker",
    email: bob.email,
    phone: "+1 555 987 6543",
  });
  await consoleCall("PUT", `/apps/${appId}/users/${alice.id}/vehicles`, [
    { year: 2019, make: "Toyota", model: "Camry", vin: "4T1B11HK5KU000001" },
  ]);
  // A lead whose name a spreadsheet would run as a formula, and one to delete.
  await submitForm(alice.id, { "Full name": "=1+2", Email: alice.email, Comments: "Brakes squeak" });
  await submitForm(bob.id, { "Full name": "Bob Walker", Email: bob.email, Comments: "Oil change" });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const customerNames = () => page.locator(".customers-table tbody .customer-link").allTextContents();

describe("console: customers", () => {
  it("finds a customer by part of a phone number typed with brackets", async () => {
    await page.goto(`${server.url}/apps/${appId}/customers`);
    await until(async () => (await customerNames()).sort()).toEqual(["Alice Driver", "Bob Walker"]);
    await page.getByText("2 customers").waitFor();

    const searched = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/apps/${appId}/users/search`) &&
        (r.request().postDataJSON() as { term?: string }).term === "(555) 12",
    );
    await page.getByRole("searchbox", { name: "Search customers" }).fill("(555) 12");
    expect((await searched).status()).toBe(200);
    await until(customerNames).toEqual(["Alice Driver"]);
    await page.getByText("1 customer", { exact: true }).waitFor();
    // The search is in the URL, so it survives a reload.
    await until(() => new URL(page.url()).searchParams.get("term")).toBe("(555) 12");
    await page.reload();
    await until(customerNames).toEqual(["Alice Driver"]);
    const row = page.locator(".customers-table tbody tr", { hasText: "Alice Driver" });
    await row.getByRole("cell", { name: "+15551234567" }).waitFor();
    await row.getByRole("cell", { name: "Toyota" }).waitFor();
    await row.getByRole("cell", { name: "2019" }).waitFor();

    // A search nobody matches explains itself.
    await page.getByRole("searchbox", { name: "Search customers" }).fill("(444) 99");
    await page.getByText("No customers match this search").waitFor();
  });

  it("'Send push' on the table opens the composer with the search as the audience", async () => {
    await page.goto(`${server.url}/apps/${appId}/customers?term=${encodeURIComponent("(555) 12")}`);
    await until(customerNames).toEqual(["Alice Driver"]);
    await page.getByRole("button", { name: "Send push" }).click();
    await page.waitForURL(`${server.url}/apps/${appId}/push/add?term=${encodeURIComponent("(555) 12")}`);
    await until(() => page.locator("#push-audience-term").inputValue()).toBe("(555) 12");
  });

  it("opens the customer's page and edits a vehicle, which stays after a reload", async () => {
    await page.goto(`${server.url}/apps/${appId}/customers?term=${encodeURIComponent("(555) 12")}`);
    await page.getByRole("link", { name: "Alice Driver" }).click();
    await page.waitForURL(`${server.url}/apps/${appId}/customers/${alice.id}`);
    await page.getByRole("heading", { name: /^Alice Driver/, level: 1 }).waitFor();
    const vehicles = page.locator(".customer-vehicles");
    await vehicles.getByText("2019 Toyota Camry").waitFor();
    // The widget's form became a lead on the customer's page.
    await page.locator(".customer-leads").getByText("Service request").waitFor();

    await vehicles.getByRole("button", { name: "Edit 2019 Toyota Camry" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit vehicle" });
    await expect(dialog.getByLabel("Model").inputValue()).resolves.toBe("Camry");
    await dialog.getByLabel("Model").fill("Corolla");
    await dialog.getByLabel("Mileage").fill("42000");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/users/${alice.id}/vehicles`) && r.request().method() === "PUT",
    );
    await dialog.getByRole("button", { name: "Save" }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual([
      { year: 2019, make: "Toyota", model: "Corolla", vin: "4T1B11HK5KU000001", mileage: 42000 },
    ]);
    await dialog.waitFor({ state: "hidden" });
    await vehicles.getByText("2019 Toyota Corolla").waitFor();

    await page.reload();
    await vehicles.getByText("2019 Toyota Corolla").waitFor();
    await vehicles.getByText("Vehicle Identification Number: 4T1B11HK5KU000001 · 42,000 mi").waitFor();
    await expect(vehicles.getByText("2019 Toyota Camry").count()).resolves.toBe(0);
  });

  it("edits the profile and adds a vehicle from the keyboard; the server's field error shows on its field", async () => {
    await page.goto(`${server.url}/apps/${appId}/customers/${alice.id}`);
    await page.getByRole("button", { name: "Edit profile" }).click();
    const drawer = page.getByRole("dialog", { name: "Edit profile" });
    await expect(drawer.getByLabel("Full Name").inputValue()).resolves.toBe("Alice Driver");
    // The server refuses the number; its message shows under the field, and Enter submits.
    await drawer.getByLabel("Phone").fill("12345");
    const refused = page.waitForResponse(
      (r) => r.url().endsWith(`/users/${alice.id}`) && r.request().method() === "PUT",
    );
    await drawer.getByLabel("Phone").press("Enter");
    expect((await refused).status()).toBe(400);
    await drawer.getByText(messages.phone).waitFor();
    await drawer.getByLabel("Phone").fill("+1 555 123 4567");
    await until(() => drawer.getByText(messages.phone).count()).toBe(0);
    await drawer.getByLabel("Company").fill("Driver Logistics");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/users/${alice.id}`) && r.request().method() === "PUT",
    );
    await drawer.getByLabel("Company").press("Enter");
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      name: "Alice Driver",
      email: alice.email,
      phone: "+1 555 123 4567",
      company: "Driver Logistics",
    });
    await drawer.waitFor({ state: "hidden" });
    await page.locator(".customer-profile").getByText("Driver Logistics").waitFor();

    const vehicles = page.locator(".customer-vehicles");
    await vehicles.getByRole("button", { name: "Add vehicle" }).click();
    const dialog = page.getByRole("dialog", { name: "Add vehicle" });
    await dialog.getByLabel("Vehicle Year").fill("2022");
    await dialog.getByLabel("Make", { exact: true }).fill("Honda");
    await dialog.getByLabel("Vehicle Model").fill("Civic");
    await dialog.getByLabel("Vehicle Model").press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await vehicles.getByText("2022 Honda Civic").waitFor();
    await vehicles.getByText("2019 Toyota Corolla").waitFor();
  });

  it("'Send push' opens the composer prefilled with this customer", async () => {
    await page.goto(`${server.url}/apps/${appId}/customers/${alice.id}`);
    await page.getByRole("button", { name: "Send push" }).click();
    await page.waitForURL(`${server.url}/apps/${appId}/push/add?users=${alice.id}`);
    await page.getByText("Sent to 1 chosen user").waitFor();
  });

  it("a customer of another app, or no customer, is 'Customer not found'", async () => {
    await page.goto(`${server.url}/apps/${appId}/customers/${randomUUID()}`);
    await page.getByText("Customer not found").waitFor();
    await page.getByRole("button", { name: "Back to customers" }).click();
    await page.waitForURL(`${server.url}/apps/${appId}/customers`);
  });
});

const leadNames = () => page.locator(".leads-table tbody tr.ant-table-row td:nth-child(3)").allTextContents();

describe("console: leads", () => {
  it("exports the leads as a CSV with a byte order mark and formulas escaped", async () => {
    await page.goto(`${server.url}/apps/${appId}/leads`);
    await until(async () => (await leadNames()).sort()).toEqual(["=1+2", "Bob Walker"]);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    const day = new Date().toLocaleDateString("en-CA");
    expect(file.suggestedFilename()).toBe(`Customer-Motors-leads-${day}.csv`);
    const bytes = fs.readFileSync((await file.path())!);
    // UTF-8 byte order mark, so spreadsheets read the accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Date,Source,Name,Email,Phone,Comments,Offer,Form,Fields,User id");
    const aliceLine = lines.find((l) => l.includes(alice.id));
    expect(aliceLine).toBeDefined();
    // The formula is a quoted-off text: a leading ' keeps the spreadsheet from running it.
    expect(aliceLine!.split(",")[2]).toBe("'=1+2");
    expect(aliceLine).toContain(`,${alice.email},`);
    expect(aliceLine).toContain(",Brakes squeak,");
    expect(aliceLine).toContain(",Service request,");

    // Searched, the export holds what the list shows.
    await page.getByRole("searchbox", { name: "Search leads" }).fill("squeak");
    await until(leadNames).toEqual(["=1+2"]);
    const narrowed = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export these leads" }).click();
    const rows = fs
      .readFileSync((await (await narrowed).path())!, "utf8")
      .split("\r\n")
      .filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(alice.id);
  });

  it("deletes a lead after the confirmation", async () => {
    await page.goto(`${server.url}/apps/${appId}/leads`);
    await until(async () => (await leadNames()).sort()).toEqual(["=1+2", "Bob Walker"]);
    // From the keyboard: the button takes Enter.
    await page.getByRole("button", { name: "Delete lead Bob Walker" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.locator(".ant-popconfirm:visible");
    await confirm.getByText("Delete the lead from Bob Walker?").waitFor();
    const deleted = page.waitForResponse(
      (r) => r.url().includes(`/api/apps/${appId}/leads/`) && r.request().method() === "DELETE",
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    expect((await deleted).status()).toBe(200);
    await page.getByText("Lead deleted").waitFor();
    await until(leadNames).toEqual(["=1+2"]);
    await page.reload();
    await until(leadNames).toEqual(["=1+2"]);
  });
});

describe("console: form data", () => {
  it("lists the form's submissions with its fields as columns and opens one", async () => {
    await page.goto(`${server.url}/apps/${appId}/leads`);
    await page.getByRole("tab", { name: "Form data" }).click();
    await until(() => new URL(page.url()).searchParams.get("tab")).toBe("forms");
    const table = page.locator(".form-data-table");
    await until(() => table.locator("thead th").allTextContents()).toEqual([
      "Date",
      "Full name",
      "Email",
      "Comments",
      "",
    ]);
    await table.getByRole("cell", { name: "Brakes squeak" }).waitFor();
    // Deleting the lead kept its submission: both are here.
    await table.getByRole("cell", { name: "Oil change" }).waitFor();
    await page.getByText("2 submissions").waitFor();
    const row = table.locator("tbody tr", { hasText: "Brakes squeak" });
    await row.getByRole("button", { name: /^Open submission of / }).click();
    const drawer = page.getByRole("dialog", { name: "Service request" });
    await drawer.getByRole("cell", { name: "=1+2" }).waitFor();
    await drawer.getByRole("link", { name: "Open customer" }).click();
    await page.waitForURL(`${server.url}/apps/${appId}/customers/${alice.id}`);
  });
});

describe("console: team", () => {
  it("invites a manager whose e-mailed link signs them up, and they see the app", async () => {
    const manager = `manager-${stamp}@example.com`;
    await page.goto(`${server.url}/apps/${appId}/team`);
    const team = page.locator(".team-card");
    await team.getByRole("cell", { name: new RegExp(escapeRe(ownerEmail)) }).waitFor();
    await team.getByLabel("E-mail").fill(manager);
    const invited = page.waitForResponse(
      (r) => r.url().endsWith(`/accounts/app/${appId}/managers`) && r.request().method() === "POST",
    );
    await team.getByRole("button", { name: "Invite" }).click();
    expect((await invited).status()).toBe(200);
    await page.getByText(`Invitation sent to ${manager} as Manager`).waitFor();
    const row = team.locator("tbody tr", { hasText: manager });
    await row.getByText("Invited", { exact: true }).waitFor();
    await expect(row.getByText("External", { exact: true }).count()).resolves.toBe(0);

    const [, link] = await mailFromOutbox(manager, /(https?:\/\/[^\s"\\]+\/sign-up\/[A-Za-z0-9_-]+)/);
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const other = await context.newPage();
    await other.goto(`${server.url}${new URL(link).pathname}`);
    await other.getByLabel("Name").fill("Manny Ager");
    await other.getByLabel("Email").fill(manager);
    await other.getByLabel("Password", { exact: true }).fill("manager-pass-1");
    await other.getByLabel("Confirm password").fill("manager-pass-1");
    await other.getByRole("button", { name: "Sign up" }).click();
    await other.waitForURL(`${server.url}/apps`);
    await other.getByRole("link", { name: APP_NAME }).waitFor();
    await other.getByText(/· Manager$/).waitFor();
    await context.close();

    // On the owner's Team page the invitation became a member.
    await page.reload();
    const member = team.locator("tbody tr", { hasText: manager });
    await member.getByText("Manny Ager", { exact: false }).waitFor();
    await expect(member.getByText("Invited", { exact: true }).count()).resolves.toBe(0);

    // The owner changes their role.
    const changed = page.waitForResponse(
      (r) => r.url().endsWith("/role/Service") && r.request().method() === "POST",
    );
    await member.getByRole("combobox", { name: `Role of ${manager}` }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Service"]').click();
    expect((await changed).status()).toBe(200);
    await page.getByText(`${manager} is now Service`).waitFor();
  });

  it("an address outside the owner's domain asks for a confirmation and shows as external", async () => {
    const outsider = `outsider-${stamp}@elsewhere.test`;
    await page.goto(`${server.url}/apps/${appId}/team`);
    const team = page.locator(".team-card");
    await team.getByLabel("E-mail").fill(outsider);
    await team.getByRole("button", { name: "Invite" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite someone outside your organization?" });
    await dialog
      .getByText(
        `${outsider} is at elsewhere.test, outside your team's e-mail domain (example.com). Invite this address anyway?`,
      )
      .waitFor();
    const confirmed = page.waitForResponse(
      (r) => r.url().endsWith(`/accounts/app/${appId}/managers`) && r.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const answer = await confirmed;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ email: outsider, confirmExternal: true });
    await dialog.waitFor({ state: "hidden" });
    const row = team.locator("tbody tr", { hasText: outsider });
    await row.getByText("External", { exact: true }).waitFor();
    await row.getByText("Invited", { exact: true }).waitFor();

    // Withdrawn after a confirmation.
    await row.getByRole("button", { name: `Remove ${outsider}` }).click();
    const confirm = page.locator(".ant-popconfirm:visible");
    await confirm.getByText(`Withdraw the invitation to ${outsider}?`).waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await page.getByText(`Invitation to ${outsider} withdrawn`).waitFor();
    await until(() => team.locator("tbody tr", { hasText: outsider }).count()).toBe(0);
  });

  it("subscribes an address to the weekly insights, sends one now and removes it after a confirmation", async () => {
    const reports = `reports-${stamp}@example.com`;
    await page.goto(`${server.url}/apps/${appId}/team`);
    const card = page.locator(".insights-card");
    await card.getByText("No addresses yet: add one to receive the weekly insights report").waitFor();
    // Required: the shared message on the field, nothing sent.
    await card.getByRole("button", { name: "Add" }).click();
    await card.getByText(messages.required).waitFor();
    await card.getByLabel("E-mail").fill(reports);
    await card.getByLabel("E-mail").press("Enter");
    await page.getByText(`${reports} will receive the weekly insights`).waitFor();
    await card.getByRole("cell", { name: reports, exact: true }).waitFor();
    await card.getByRole("cell", { name: "Never" }).waitFor();
    await expect(card.getByRole("switch", { name: `Weekly report to ${reports}` }).isChecked()).resolves.toBe(
      true,
    );

    await card.getByRole("button", { name: `Send now to ${reports}` }).click();
    await page.getByText(`Insights report sent to ${reports}`).waitFor();
    await mailFromOutbox(reports, new RegExp(`${APP_NAME}: your weekly insights`));
    // The card with a row passes axe too (its buttons' names start with their text).
    expect(await seriousViolations(page, axeSource)).toEqual([]);

    await card.getByRole("button", { name: `Remove ${reports}` }).click();
    const confirm = page.locator(".ant-popconfirm:visible");
    await confirm.getByText(`Stop e-mails to ${reports}?`).waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await card.getByText("No addresses yet: add one to receive the weekly insights report").waitFor();
  });
});

describe("axe-core: no serious or critical violations on the customers, leads and team pages", () => {
  // ":user" stands for the customer's id, known once the seed ran.
  it.each([
    ["customers", "customers", ".customers-table tbody .customer-link"],
    ["customer page", "customers/:user", "text=2019 Toyota Corolla"],
    ["leads", "leads", ".leads-table tbody tr.ant-table-row"],
    ["form data", "leads?tab=forms", ".form-data-table tbody tr.ant-table-row"],
    ["team", "team", ".team-table tbody tr"],
  ] as const)("%s", async (_name, section, ready) => {
    await page.goto(`${server.url}/apps/${appId}/${section.replace(":user", alice.id)}`);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });
});

describe("account: change password", () => {
  it("changes the password from the account menu; the new one signs in and the old one is refused", async () => {
    await page.goto(`${server.url}/apps`);
    await page.getByRole("link", { name: "Change password" }).click();
    await page.waitForURL(`${server.url}/account/password`);
    // A wrong current password shows on its field.
    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm new password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The current password is incorrect").waitFor();

    await page.getByLabel("Current password").fill("secret-pass");
    const changed = page.waitForResponse(
      (r) => r.url().endsWith("/api/accounts/change-password") && r.request().method() === "PUT",
    );
    await page.getByRole("button", { name: "Change password" }).click();
    expect((await changed).status()).toBe(200);
    await page.getByText("Your password was changed. Other sessions were signed out.").waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel("Email").fill(ownerEmail);
    await page.getByLabel("Password").fill("secret-pass");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Invalid email or password").waitFor();
    expect(page.url()).toBe(`${server.url}/login`);

    await page.getByLabel("Password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/apps`);
    await page.getByRole("link", { name: APP_NAME }).waitFor();
  });
});
