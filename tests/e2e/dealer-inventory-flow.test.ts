import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedSnippet } from "../../core/embed.ts";
import { launchBrowser } from "./browser.ts";
import { signUpAndIn, tokenOf } from "./builder-helpers.ts";
import { type HostSite, type RunningServer, startHostSite, startServer } from "./server.ts";

/**
 * Issue 16's whole inventory flow on the built product: the dealer imports an inventory CSV in the console;
 * a visitor on the dealer's own site (another origin, the snippet as the builder shows it) searches it by
 * make and price, opens a vehicle, saves it and sends a lead about it; the console then lists the lead and
 * the Inventory page's widget activity counts the view, the save and the lead.
 */
let server: RunningServer;
let host: HostSite;
let browser: Browser;
let console_: Page;
let appId = "";

const CSV = [
  "VIN,Stock number,Year,Make,Model,Price,Mileage,Color",
  "1FTFW1E50NFA00301,F1,2022,Ford,F-150,38500,12000,Blue",
  "1FTFW1E50NFA00302,F2,2019,Ford,Escape,17900,54000,White",
  "2T1BURHE0JC000303,T1,2020,Toyota,Corolla,16500,41000,Silver",
  "1HGCV1F36LA000304,H1,2021,Honda,Accord,24900,30000,Black",
].join("\n");

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  console_ = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  console_.setDefaultTimeout(15_000);
  console_.on("pageerror", (e) => console.error("console page error:", e.message));
  await signUpAndIn(console_, server.url);
  const made = await console_.request.post(`${server.url}/api/apps`, {
    headers: { authorization: `Bearer ${await tokenOf(console_)}` },
    data: {
      definition: {
        name: "Flow Motors",
        logo: "/api/icon-files/none.svg",
        cover: "/api/icon-files/none.svg",
        features: [
          {
            id: "00000000-0000-4000-8000-0000000000f1",
            type: "ClickToLink",
            title: "Our inventory",
            meta: "inventory",
          },
          {
            id: "00000000-0000-4000-8000-0000000000f2",
            type: "ClickToLink",
            title: "Saved vehicles",
            meta: "inventory_favorites",
          },
        ],
      },
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  appId = (await made.json()).data.appId;
  host = await startHostSite(
    `<!doctype html><html><head><meta charset="utf-8"><title>Flow Motors</title></head><body><h1>Flow Motors</h1>\n${embedSnippet(server.url, appId)}\n</body></html>`,
  );
});
afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await server?.stop();
});

describe("dealer inventory, from the console's import to the widget's lead and back", () => {
  it("imports the inventory CSV in the console", async () => {
    await console_.goto(`${server.url}/apps/${appId}/inventory`);
    await console_.getByText("No vehicles yet").waitFor();
    await console_.getByRole("button", { name: "Import CSV" }).first().click();
    const dialog = console_.getByRole("dialog", { name: "Import inventory from CSV" });
    await dialog
      .locator("#dealer-csv-file")
      .setInputFiles({ name: "feed.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await dialog.getByText("First 4 of 4 rows").waitFor();
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("4 rows: 4 added, 0 updated, 0 unchanged").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await console_.getByText("4 vehicles").waitFor();
  });

  it("a visitor on the dealer's site searches by make and price, opens, saves and asks about a vehicle", async () => {
    const context = await browser.newContext({ viewport: { width: 420, height: 1400 } });
    context.setDefaultTimeout(15_000);
    const visitor = await context.newPage();
    visitor.on("pageerror", (e) => console.error("widget page error:", e.message));
    await visitor.goto(host.url);
    const w = visitor.locator("brand-app");
    await w.locator(".ba-home").getByRole("button", { name: "Our inventory", exact: true }).click();
    await w.getByText("4 vehicles").waitFor();
    await w.getByLabel("Make").selectOption("Ford");
    await w.getByText("2 vehicles").waitFor();
    await w.getByLabel("Max price").fill("20000");
    await w.getByText("1 vehicle", { exact: true }).waitFor();
    await w.getByRole("button", { name: /2019 Ford Escape/ }).click();
    await w.getByRole("heading", { name: "2019 Ford Escape" }).waitFor();
    await w.getByRole("button", { name: "Save vehicle" }).click();
    await w.getByRole("button", { name: "Saved" }).waitFor();
    await w.getByLabel("Name").fill("Dana Flow");
    await w.getByLabel("Email").fill("dana.flow@example.com");
    await w.getByLabel("Comments").fill("Can I test drive the Escape on Saturday?");
    await w.getByRole("button", { name: "Send" }).click();
    await w.getByText("Thank you! We will contact you soon.").waitFor();
    // The widget asked the API's origin, never its host, for data.
    expect(host.requests().filter((p) => p.startsWith("/api"))).toEqual([]);
    await context.close();
  });

  it("the console lists the lead and counts the view, the save and the lead", {
    timeout: 180_000,
  }, async () => {
    await console_.goto(`${server.url}/apps/${appId}/leads`);
    await console_.getByText("Dana Flow").waitFor();
    await console_.getByText("dana.flow@example.com").first().waitFor();
    // The counts come from the analytics rollups, folded soon after the signals (at worst the next minute).
    await expect
      .poll(
        async () => {
          await console_.goto(`${server.url}/apps/${appId}/inventory`);
          const section = console_.getByRole("region", { name: "Widget activity" });
          await section.waitFor();
          return (await section.innerText()).replace(/\s+/g, " ");
        },
        { timeout: 150_000, interval: 3_000 },
      )
      .toMatch(/: 1 views, 1 saves, 1 leads .*2019 Ford Escape 1FTFW1E50NFA00302 1 1 1/);
  });
});
