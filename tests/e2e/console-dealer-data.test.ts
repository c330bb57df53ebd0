import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { seriousViolations, signUpAndIn, tokenOf } from "./builder-helpers.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The console's dealer data on the built product (issue 16): an inventory CSV is mapped, previewed and
 * imported with its progress; a file with a bad row imports nothing and lists the row; the inventory is
 * searched by make and price and a vehicle opened; an integration key is shown once and its batch appears
 * under Repair orders; in the widget a visitor searches by make and price, opens a vehicle, saves it (the
 * favourites screen lists it) and sends a lead naming it; axe-core finds no serious or critical violations.
 */

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);

let server: RunningServer;
let browser: Browser;
let page: Page;
let appId = "";

const CSV = [
  "Stock #,VIN,Yr,Make,Model,Asking,Miles,Colour,Photo",
  "A1,1FTFW1E50NFA00101,2022,Ford,F-150,38500,12000,Blue,",
  "A2,1FTFW1E50NFA00102,2019,Ford,Escape,17900,54000,White,",
  "A3,2T1BURHE0JC000103,2020,Toyota,Corolla,16500,41000,Silver,",
].join("\n");

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signUpAndIn(page, server.url);
  const token = await tokenOf(page);
  const res = await page.request.post(`${server.url}/api/apps`, {
    headers: { authorization: `Bearer ${token}` },
    data: { definition: { name: "Feed Motors" } },
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
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function importFile(name: string, text: string) {
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Import inventory from CSV" });
  await dialog
    .locator("#dealer-csv-file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  return dialog;
}

describe("inventory", () => {
  it("explains the empty inventory", async () => {
    await page.goto(`${server.url}/apps/${appId}/inventory`);
    await expect.poll(() => page.getByText("No vehicles yet").count(), { timeout: 15_000 }).toBe(1);
  });

  it("maps the columns, previews the first rows and imports the file with its progress", async () => {
    const dialog = await importFile("feed.csv", CSV);
    await dialog.getByText("First 3 of 3 rows").waitFor();
    // Asking and Miles are not guessed: the user maps them with the keyboard.
    await dialog.getByRole("combobox", { name: "Field for Asking" }).fill("Price");
    await page.keyboard.press("Enter");
    await dialog.getByRole("combobox", { name: "Field for Miles" }).fill("Mileage");
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("3 rows: 3 added, 0 updated, 0 unchanged").waitFor({ timeout: 15_000 });
    expect(
      await dialog.getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow"),
    ).toBe("100");
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByText("3 vehicles").waitFor();
  });

  it("imports nothing from a file with a bad row and lists the row", async () => {
    const bad = "VIN,Year,Make,Model,Price\n1FTFW1E50NFA00104,2021,Ford,Ranger,lots\n";
    const dialog = await importFile("bad.csv", bad);
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("1 of 1 rows are invalid; nothing was imported").waitFor({ timeout: 15_000 });
    const errors = dialog.getByRole("table", { name: "Row errors" });
    await expect
      .poll(() => errors.locator("tbody tr").first().innerText())
      .toMatch(/2\s+price\s+Price must be a number/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByText("3 vehicles").waitFor();
  });

  it("searches by make and price and opens a vehicle", async () => {
    await page.getByRole("combobox", { name: "Make", exact: true }).click();
    await page.locator(".ant-select-dropdown:visible").getByTitle("Ford (2)").click();
    await page.keyboard.press("Escape");
    await page.getByRole("spinbutton", { name: "Price to" }).fill("20000");
    await page.getByRole("spinbutton", { name: "Price to" }).press("Tab");
    await page.getByText("1 vehicle", { exact: true }).waitFor();
    await page.getByRole("button", { name: "2019 Ford Escape" }).click();
    const drawer = page.getByRole("dialog", { name: "2019 Ford Escape" });
    await drawer.getByText("1FTFW1E50NFA00102").waitFor();
    expect(await drawer.getByText("$17,900.00").count()).toBe(1);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
    await page.keyboard.press("Escape");
  });
});

describe("dealer data", () => {
  it("shows an integration key once, and its batch under Repair orders", async () => {
    await page.goto(`${server.url}/apps/${appId}/dealer-data`);
    await page.getByText("No Records").first().waitFor({ timeout: 15_000 });
    await page.getByRole("tab", { name: "Integration keys" }).click();
    await page.getByLabel("Key name").fill("DMS nightly");
    await page.getByRole("button", { name: "Create key" }).click();
    const modal = page.getByRole("dialog", { name: "Your new integration key" });
    const key = (await modal.locator("code").innerText()).trim();
    expect(key).toMatch(/^bak_/);
    await modal.getByRole("button", { name: "Done" }).click();
    await modal.waitFor({ state: "hidden" });
    await page.getByRole("table", { name: "Integration keys" }).getByText("DMS nightly").waitFor();
    expect(await page.getByText(key).count()).toBe(0);

    const res = await fetch(`${server.url}/api/integration/repair-orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-integration-key": key },
      body: JSON.stringify({
        records: [
          {
            roNumber: "RO-7001",
            date: "2026-11-20",
            customerName: "Pat Doe",
            lines: [{ description: "Brake pads", labor: 120, parts: 80 }],
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    await page.getByRole("tab", { name: "Repair orders" }).click();
    await page.reload();
    await page.getByRole("button", { name: "RO-7001" }).click();
    const drawer = page.getByRole("dialog", { name: "Repair order RO-7001" });
    await drawer.getByText("Brake pads").waitFor();
    expect(await drawer.getByText("$200.00").count()).toBe(1);
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });
});

describe("the widget's inventory", () => {
  it("a visitor searches by make and price, opens a vehicle, saves it and sends a lead about it", async () => {
    const token = await tokenOf(page);
    const auth = { authorization: `Bearer ${token}` };
    const made = await page.request.post(`${server.url}/api/apps`, {
      headers: auth,
      data: {
        definition: {
          name: "Stock Motors",
          logo: "/api/icon-files/none.svg",
          cover: "/api/icon-files/none.svg",
          features: [
            {
              id: "00000000-0000-4000-8000-0000000000d1",
              type: "ClickToLink",
              title: "Our inventory",
              meta: "inventory",
            },
            {
              id: "00000000-0000-4000-8000-0000000000d2",
              type: "ClickToLink",
              title: "Saved vehicles",
              meta: "inventory_favorites",
            },
          ],
        },
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const stockApp = (await made.json()).data.appId as string;
    const key = (
      await (
        await page.request.post(`${server.url}/api/apps/${stockApp}/integration-keys`, {
          headers: auth,
          data: { name: "Feed" },
        })
      ).json()
    ).data.key as string;
    const fed = await page.request.post(`${server.url}/api/integration/inventory`, {
      headers: { "x-integration-key": key },
      data: {
        records: [
          {
            vin: "1FTFW1E50NFA00201",
            year: 2022,
            make: "Ford",
            model: "F-150",
            price: 38500,
            mileage: 12000,
          },
          {
            vin: "1FTFW1E50NFA00202",
            year: 2019,
            make: "Ford",
            model: "Escape",
            price: 17900,
            mileage: 54000,
          },
          {
            vin: "2T1BURHE0JC000203",
            year: 2020,
            make: "Toyota",
            model: "Corolla",
            price: 16500,
            mileage: 41000,
          },
        ],
      },
    });
    expect(fed.status()).toBe(200);

    const context = await browser.newContext();
    const visitor = await context.newPage();
    visitor.on("pageerror", (e) => console.error("widget page error:", e.message));
    await visitor.goto(`${server.url}/demo/${stockApp}`);
    const w = visitor.locator("brand-app");
    await w.locator(".ba-home").getByRole("button", { name: "Our inventory", exact: true }).click();
    await w.getByText("3 vehicles").waitFor({ timeout: 15_000 });
    await w.getByLabel("Make").selectOption("Ford");
    await w.getByText("2 vehicles").waitFor();
    await w.getByLabel("Max price").fill("20000");
    await w.getByText("1 vehicle", { exact: true }).waitFor();
    await w.getByRole("button", { name: /2019 Ford Escape/ }).click();
    await w.getByRole("heading", { name: "2019 Ford Escape" }).waitFor();
    await w.getByRole("button", { name: "Save vehicle" }).click();
    await w.getByRole("button", { name: "Saved" }).waitFor();
    await w.getByLabel("Name").fill("Robin Visitor");
    await w.getByLabel("Email").fill("robin.visitor@example.com");
    await w.getByLabel("Comments").fill("Is the Escape still available?");
    await w.getByRole("button", { name: "Send" }).click();
    await w.getByText("Thank you! We will contact you soon.").waitFor();
    expect(await seriousViolations(visitor, axeSource)).toEqual([]);
    // Saved on this device: the favourites screen lists it.
    await w.locator(".ba-bar .ba-back").first().click();
    await w.locator(".ba-home").getByRole("button", { name: "Saved vehicles", exact: true }).click();
    await w.getByRole("button", { name: /2019 Ford Escape/ }).waitFor();
    expect(await w.locator(".ba-inv-card").count()).toBe(1);

    const leads = await page.request.get(`${server.url}/api/apps/${stockApp}/leads`, { headers: auth });
    const body = JSON.stringify(await leads.json());
    expect(body).toContain("Robin Visitor");
    expect(body).toContain("1FTFW1E50NFA00202");
    await context.close();
  });
});

describe("the widget's glovebox and contracts", () => {
  it("a visitor sees 'No Records' and Sign In; signed in, the customer sees their contract and adds a document", async () => {
    const token = await tokenOf(page);
    const auth = { authorization: `Bearer ${token}` };
    const made = await page.request.post(`${server.url}/api/apps`, {
      headers: auth,
      data: {
        definition: {
          name: "Glove Motors",
          logo: "/api/icon-files/none.svg",
          cover: "/api/icon-files/none.svg",
          features: [
            {
              id: "00000000-0000-4000-8000-0000000000e1",
              type: "ClickToLink",
              title: "Glovebox",
              meta: "glovebox",
            },
            {
              id: "00000000-0000-4000-8000-0000000000e2",
              type: "ClickToLink",
              title: "My contracts",
              meta: "tca_contracts",
            },
          ],
        },
      },
    });
    const gloveApp = (await made.json()).data.appId as string;
    const email = `glove-${Date.now()}@example.com`;
    const key = (
      await (
        await page.request.post(`${server.url}/api/apps/${gloveApp}/integration-keys`, {
          headers: auth,
          data: { name: "DMS" },
        })
      ).json()
    ).data.key as string;
    const fed = await page.request.post(`${server.url}/api/integration/service-contracts`, {
      headers: { "x-integration-key": key },
      data: {
        records: [{ contractNumber: "SC-1", product: "Tire and wheel protection", provider: "Acme", email }],
      },
    });
    expect(fed.status()).toBe(200);

    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/demo/${gloveApp}`);
    const w = visitor.locator("brand-app");
    await w.locator(".ba-home").getByRole("button", { name: "My contracts", exact: true }).click();
    await w
      .locator("[data-page=tca_contracts] .ba-empty")
      .getByText("No Records")
      .waitFor({ timeout: 15_000 });
    await w.locator("[data-page=tca_contracts]").getByRole("button", { name: "Sign In" }).click();
    await w.getByLabel("Email or phone").fill(email);
    await w.getByRole("button", { name: "Send Code" }).click();
    await w.getByLabel("Code").fill(await codeFromOutbox(email));
    await w.getByRole("button", { name: "Confirm code" }).click();
    await w
      .locator("[data-page=tca_contracts]")
      .getByText("Tire and wheel protection")
      .waitFor({ timeout: 15_000 });
    await w.locator("[data-page=tca_contracts]").getByText("Provider: Acme").waitFor();

    await w.locator(".ba-bar .ba-back").first().click();
    await w.locator(".ba-home").getByRole("button", { name: "Glovebox", exact: true }).click();
    const glovebox = w.locator("[data-page=glovebox]");
    await glovebox.getByText("No Records").waitFor({ timeout: 15_000 });
    await glovebox.getByLabel("Type").selectOption("insurance");
    await glovebox.getByLabel("Title").fill("Insurance card");
    await glovebox.getByLabel("Photo or PDF").setInputFiles({
      name: "card.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    });
    await glovebox.getByRole("button", { name: "Upload" }).click();
    await glovebox.getByText("Document added").waitFor();
    await glovebox.locator(".ba-row").getByText("Insurance card").waitFor();
    expect(await seriousViolations(visitor, axeSource)).toEqual([]);
    await context.close();
  });
});
