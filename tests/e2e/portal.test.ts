import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { seriousViolations, solidPng } from "./builder-helpers.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The customer portal on the built product (issue 17), on a phone (390x844) and a desktop viewport: the
 * passwordless sign-in with its exact messages and a code from the dev outbox, My Portal's greeting, a repair
 * and a purchase with every deal-sheet heading, a special's detail (Print, Save Offer, Redeem with its
 * confirmation), More Info only on a promotion with a link, Our App's banner and QR code, Additional
 * Products, a vehicle added and removed on My Profile, Spanish, the sign-out confirmation, every empty
 * state by its text on an app and a customer with nothing; axe on every screen, nothing wider than the page.
 */
const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);
const until = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { timeout: 15_000, message });

let server: RunningServer;
let browser: Browser;
let token = "";
let appId = "";
let emptyAppId = "";
const stamp = Date.now();

async function api<T>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api${p}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/** The newest sign-in code the dev outbox mailed to this address (the server logs every mail). */
async function codeFromOutbox(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const codes = [
      ...server
        .log()
        .matchAll(new RegExp(`to ${email.replace(/[.+]/g, "\\$&")}: [^\\n]*sign-in code: (\\d{6})`, "g")),
    ];
    if (codes.length > after) return codes[codes.length - 1][1];
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}:\n${server.log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const codesSent = (email: string) =>
  [...server.log().matchAll(new RegExp(`to ${email.replace(/[.+]/g, "\\$&")}: [^\\n]*sign-in code`, "g"))]
    .length;

/** Nothing reaches past the viewport's right edge, and the page does not scroll sideways. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      // Inside a box that scrolls on its own (the section tabs, a table) is not the page's overflow.
      if (el.closest(".pt-tabs,.pt-table-wrap")) continue;
      const r = el.getBoundingClientRect();
      if (r.width && r.right > width + 1) wide.push(`${el.tagName}.${el.className} ${Math.round(r.right)}`);
    }
    return { scroll: document.documentElement.scrollWidth > width, wide: wide.slice(0, 5) };
  });
}
async function clean(page: Page) {
  expect(await seriousViolations(page, axeSource)).toEqual([]);
  expect(await overflow(page)).toEqual({ scroll: false, wide: [] });
}

const DEAL_HEADINGS = [
  "Term",
  "Monthly payment",
  "Paid",
  "Amount financed",
  "Down payment",
  "Total down",
  "Sales price",
  "Total back sales",
  "Total pickup payments",
  "Aftermarket sale",
  "Total trade actual cash value",
  "Total",
  "Description",
  "Quantity",
  "Warranty",
  "Internal",
];

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  const owner = `owner-portal-${stamp}@example.com`;
  await api("POST", "/accounts/sign-up", { email: owner, password: "secret-pass" });
  token = await api<string>("POST", "/accounts/sign-in", { email: owner, password: "secret-pass" });
  appId = (
    await api<{ appId: string }>("POST", "/apps", {
      definition: {
        name: "Portal Motors",
        features: [{ id: crypto.randomUUID(), type: "Coupons", title: "Specials" }],
      },
    })
  ).appId;
  emptyAppId = (
    await api<{ appId: string }>("POST", "/apps", { definition: { name: "Quiet Motors", features: [] } })
  ).appId;
  const oil = await api<{ id: string }>("POST", `/apps/${appId}/coupons`, {
    title: "Oil change $19.99",
    description: "Show this coupon to your service advisor.",
  });
  const tires = await api<{ id: string }>("POST", `/apps/${appId}/coupons`, {
    title: "Tire rotation",
    description: "Four tires rotated and balanced.",
  });
  await api("POST", `/apps/${appId}/events`, {
    title: "Summer sale",
    description: "Every sedan on the lot.",
    link: "https://example.com/summer",
  });
  await api("POST", `/apps/${appId}/events`, { title: "Open house", description: "Coffee and test drives." });
  await api("POST", `/apps/${appId}/special-packages`, {
    title: "Care bundle",
    description: "Oil change and tire rotation together.",
    couponIds: [oil.id, tires.id],
  });
  await api("PUT", `/apps/${appId}/points-program`, {
    enabled: true,
    conversionRate: 1,
    expiryDays: 365,
    maxPerVisit: 500,
    milestones: [{ id: crypto.randomUUID(), points: 100, title: "Silver status" }],
    rewards: [{ id: crypto.randomUUID(), title: "Free wash", points: 100 }],
    terms: "Points have no cash value.",
  });
  const key = (await api<{ key: string }>("POST", `/apps/${appId}/integration-keys`, { name: "DMS" })).key;
  // The dealer's stock for the Inventory section (the widget's inventory views).
  await api(
    "POST",
    "/integration/inventory",
    {
      records: [
        { vin: "1FTFW1E50NFA00301", year: 2022, make: "Ford", model: "F-150", price: 38500, mileage: 12000 },
        {
          vin: "2T1BURHE0JC000302",
          year: 2020,
          make: "Toyota",
          model: "Corolla",
          price: 16500,
          mileage: 41000,
          description: "One owner, every service at our shop.",
        },
      ],
    },
    { "x-integration-key": key },
  );
  for (const viewport of ["phone", "desktop"]) {
    const email = `customer-${viewport}-${stamp}@example.com`;
    const integration = { "x-integration-key": key };
    await api(
      "POST",
      "/integration/repair-orders",
      {
        records: [
          {
            roNumber: `RO-${viewport}`,
            date: "2026-10-02",
            email,
            customerName: "Pat Doe",
            mileage: 42000,
            advisor: "Sam Advisor",
            lines: [{ description: "Brake pads", labor: 120, parts: 80 }],
          },
        ],
      },
      integration,
    );
    await api(
      "POST",
      "/integration/deals",
      {
        records: [
          {
            dealNumber: `D-${viewport}`,
            date: "2026-09-15",
            email,
            year: 2024,
            make: "Ford",
            model: "Escape",
            term: 60,
            monthlyPayment: 450,
            paid: 900,
            amountFinanced: 24000,
            downPayment: 3000,
            totalDown: 3500,
            salesPrice: 28000,
            totalBackSales: 1500,
            totalPickupPayments: 500,
            aftermarketSale: 700,
            tradeActualCashValue: 6000,
            total: 29500,
            products: [{ description: "Extended warranty", quantity: 1, warranty: true }],
          },
        ],
      },
      integration,
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs in on the portal's Sign In screen, checking the spec's messages on the way. */
async function signIn(page: Page, email: string, checkMessages: boolean) {
  await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Sign In" }).waitFor();
  const before = codesSent(email);
  await page.getByLabel("Email or phone").fill(email);
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = await codeFromOutbox(email, before);
  await page.getByLabel("Code", { exact: true }).waitFor();
  expect(await page.getByRole("status").first().textContent()).toContain(email);
  if (checkMessages) {
    await page.getByRole("button", { name: "Confirm code" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Code is required");
    await clean(page);
    await page.getByLabel("Code", { exact: true }).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirm code" }).click();
    await until(() => page.getByRole("alert").textContent()).toBe("The code must be invalid :(");
  }
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Confirm code" }).click();
  await page.getByRole("heading", { level: 1, name: "My Portal" }).waitFor();
}

const section = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Portal sections" }).getByRole("link", { name, exact: true }).click();

describe.each([
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
])("the customer portal on a $name", ({ name, viewport }) => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const email = `customer-${name}-${stamp}@example.com`;

  beforeAll(async () => {
    context = await browser.newContext({ viewport, locale: "en-US" });
    page = await context.newPage();
    page.on("pageerror", (e) => errors.push(String(e)));
  });
  afterAll(async () => {
    await context?.close();
    // No script error on any screen of this viewport.
    expect(errors).toEqual([]);
  });

  it("signs in with the mailed code and greets the customer with today's date and the unread count", async () => {
    await page.goto(`${server.url}/portal/${appId}`);
    await page.getByRole("heading", { level: 1, name: "My Portal" }).waitFor();
    expect(await page.locator(".pt-hello").textContent()).toBe("Sign in for special offers");
    // Repairs need a signed-in customer.
    await page.getByText("Sign in to see your repairs, purchases and saved offers.").waitFor();
    await clean(page);
    await signIn(page, email, name === "phone");
    expect(await page.locator(".pt-hello").textContent()).toBe(`Hello, ${email}`);
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat("en", { dateStyle: "full" }).format(new Date()),
    );
    expect(await page.locator(".pt-today").textContent()).toBe(today);
    await until(() => page.locator(".pt-unread").textContent()).toBe("Unread notifications: 0");
    expect(await page.locator(".pt-greeting .pt-empty").textContent()).toBe("No Notifications Yet");
    await clean(page);
  });

  it("counts the customer's real notifications from the console's push, and reading them lowers the count", async () => {
    const stored = await page.evaluate(
      (id) =>
        JSON.parse(localStorage.getItem(`brand-app:${id}:user`) ?? "{}") as { userId: string; token: string },
      appId,
    );
    // The customer's browser as the widget subscribes it (the fallback token of a browser without Web Push).
    await api(
      "POST",
      "/mobile/app/push-notifications/subscribe3",
      { userId: stored.userId, platform: "Web", token: `web-${stored.userId}` },
      { "x-app": appId },
    );
    // Two pushes sent now from the console's API to this customer; the server's sender writes the inbox.
    const messages = [`Your ${name} car is ready`, `Your ${name} invoice is paid`];
    for (const message of messages)
      await api("POST", `/apps/${appId}/push-notifications`, {
        apps: [appId],
        message,
        scheduleTime: new Date().toISOString(),
        userIds: [stored.userId],
      });
    await until(
      async () =>
        (
          await api<{ unread: number }>("GET", `/mobile/users/${stored.userId}/notifications`, undefined, {
            "x-app": appId,
            authorization: `Bearer ${stored.token}`,
          })
        ).unread,
      "the sender wrote both inbox entries",
    ).toBe(2);
    await page.reload();
    await until(() => page.locator(".pt-unread").textContent()).toBe("Unread notifications: 2");
    expect((await page.locator(".pt-notes li").allTextContents()).sort()).toEqual([...messages].sort());
    expect(await page.locator(".pt-notes .pt-unread-item").count()).toBe(2);
    await clean(page);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await until(() => page.locator(".pt-unread").textContent()).toBe("Unread notifications: 0");
    expect(await page.locator(".pt-notes .pt-unread-item").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Mark all as read" }).count()).toBe(0);
  });

  it("opens a repair and a purchase whose deal sheet has every heading", async () => {
    await section(page, "Repairs");
    await page.getByRole("heading", { name: "Repair History" }).waitFor();
    await page.getByRole("button", { name: new RegExp(`Repair order RO-${name}`) }).click();
    await page.getByRole("heading", { name: `Repair order RO-${name}` }).waitFor();
    await page.getByRole("cell", { name: "Brake pads" }).waitFor();
    expect(await page.locator(".pt-totals .pt-fact").last().textContent()).toBe("Total$200.00");
    await clean(page);
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Purchases" }).waitFor();
    await page.getByRole("button", { name: /2024 Ford Escape/ }).click();
    await page.getByRole("heading", { name: "2024 Ford Escape" }).waitFor();
    const labels = [
      ...(await page.locator(".pt-deal-sheet dt").allTextContents()),
      ...(await page.locator(".pt-detail th").allTextContents()),
    ];
    expect(labels).toEqual(DEAL_HEADINGS);
    expect(await page.locator(".pt-deal-sheet .pt-fact").first().textContent()).toBe("Term60 months");
    expect(await page.locator(".pt-detail tbody tr").first().locator("td").allTextContents()).toEqual([
      "Extended warranty",
      "1",
      "Yes",
      "No",
    ]);
    await clean(page);
    await page.getByRole("button", { name: "Back" }).click();
  });

  it("shows a special with Print and Save Offer, and redeems it after the confirmation", async () => {
    await section(page, "Coupons");
    await page.getByRole("heading", { name: "All Coupons" }).waitFor();
    await page.getByRole("button", { name: "Oil change $19.99" }).click();
    await page.getByRole("heading", { name: "Oil change $19.99" }).waitFor();
    // A coupon has no link: no More Info.
    expect(await page.getByRole("link", { name: "More Info" }).count()).toBe(0);
    await page.getByRole("button", { name: "Print" }).waitFor();
    await page.getByRole("button", { name: "Save Offer" }).click();
    await page.getByRole("button", { name: "Saved", pressed: true }).waitFor();
    await page.getByRole("button", { name: "Redeem", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Redeem this special?" });
    await confirm.waitFor();
    expect(await confirm.locator("#pt-confirm-text").textContent()).toBe(
      "Show this special to your service advisor. Are you ready to redeem it now?",
    );
    // Keyboard: the confirmation's Redeem has the focus.
    // (The dialog moves the focus in an effect after it is drawn, so this waits for it.)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Redeem");
    await clean(page);
    await page.keyboard.press("Enter");
    await until(() => page.locator(".pt-redeemed strong").textContent()).toBe("Redeemed");
    // The print stylesheet keeps the offer, its code and the dealer, and drops the page's chrome.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".pt-header").isVisible()).toBe(false);
    expect(await page.locator(".pt-print-only").innerText()).toContain("Portal Motors");
    await page.emulateMedia({ media: "screen" });
    // Saved for this customer: still saved after a reload.
    await page.reload();
    await section(page, "Coupons");
    await page.getByRole("button", { name: "Oil change $19.99" }).click();
    await page.getByRole("button", { name: "Saved", pressed: true }).waitFor();
    await until(() => page.locator(".pt-redeemed strong").textContent()).toBe("Redeemed");
  });

  it("keeps Save Offer on the server: another browser sees it saved and lists it under Saved Offers", async () => {
    const stored = await page.evaluate((id) => localStorage.getItem(`brand-app:${id}:user`) ?? "", appId);
    const other = await browser.newContext({ viewport, locale: "en-US" });
    // Only the sign-in travels to the new browser: nothing about saved offers is kept in the browser.
    await other.addInitScript(([k, v]) => localStorage.setItem(k, v), [
      `brand-app:${appId}:user`,
      stored,
    ] as const);
    const fresh = await other.newPage();
    fresh.on("pageerror", (e) => errors.push(String(e)));
    await fresh.goto(`${server.url}/portal/${appId}#coupons`);
    await fresh.getByRole("heading", { name: "All Coupons" }).waitFor();
    const savedFilter = fresh.getByRole("button", { name: "Saved Offers (1)" });
    await savedFilter.waitFor();
    await savedFilter.click();
    await fresh.getByRole("heading", { name: "Saved Offers" }).waitFor();
    expect(await fresh.locator(".pt-offers .pt-row-title").allTextContents()).toEqual(["Oil change $19.99"]);
    await clean(fresh);
    // Forgotten here, on the server: the first browser's list has it no more after a reload.
    await fresh.getByRole("button", { name: /Oil change \$19\.99/ }).click();
    await fresh.getByRole("button", { name: "Saved", pressed: true }).click();
    await fresh.getByRole("button", { name: "Save Offer", pressed: false }).waitFor();
    await fresh.getByRole("button", { name: "Back" }).click();
    await fresh.getByRole("button", { name: "Saved Offers (0)" }).click();
    await fresh
      .getByText("No saved offers yet. Open an offer and choose Save Offer to keep it here.")
      .waitFor();
    await other.close();
    await page.reload();
    await section(page, "Coupons");
    await page.getByRole("button", { name: "Oil change $19.99" }).click();
    await page.getByRole("button", { name: "Save Offer", pressed: false }).waitFor();
    // Saved again for the steps after this one.
    await page.getByRole("button", { name: "Save Offer" }).click();
    await page.getByRole("button", { name: "Saved", pressed: true }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
  });

  it("sends an offer by e-mail, and takes the customer's information about it", async () => {
    await section(page, "Coupons");
    await page.getByRole("button", { name: "Tire rotation" }).click();
    await page.getByRole("heading", { name: "Tire rotation" }).waitFor();
    await page.getByRole("button", { name: "Send Offer" }).click();
    const send = page.getByRole("form", { name: "Send Offer" });
    // By text first: the international placeholder and the rates notice.
    expect(await send.getByLabel("Phone").getAttribute("placeholder")).toBe("+1 555 123 4567");
    await send.getByText("Message and data rates may apply.").waitFor();
    await clean(page);
    await send.getByLabel("Email", { exact: true }).check();
    await send.getByRole("button", { name: "Send" }).click();
    expect(await send.locator(".pt-error").textContent()).toBe("Email is required");
    const friend = `friend-${name}-${stamp}@example.com`;
    await send.getByRole("textbox", { name: "Email" }).fill(friend);
    await send.getByRole("button", { name: "Send" }).click();
    await page.getByText("Your offer is on its way. It will arrive soon.").waitFor();
    await until(() =>
      server
        .log()
        .includes(`mail (dev outbox) to ${friend}: A special offer from “Portal Motors”: “Tire rotation”`),
    ).toBe(true);
    await page.getByRole("button", { name: "Close", exact: true }).click();

    await page.getByRole("button", { name: "I'm interested" }).click();
    const info = page.getByRole("form", { name: "Please Provide Your Information" });
    // Filled in from the profile: the e-mail is there, Name and Phone are asked for.
    expect(await info.getByLabel("Email").inputValue()).toBe(email);
    await info.getByRole("button", { name: "Submit" }).click();
    expect(await info.locator(".pt-error").allTextContents()).toEqual([
      "Name is required",
      "Phone is required",
    ]);
    await clean(page);
    await info.getByLabel("Name").fill(`Lee ${name}`);
    await info.getByLabel("Phone").fill("+1 555 010 2030");
    await info.getByLabel("Comments (optional)").fill("Saturday morning?");
    await info.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Thank you! We will contact you soon.").waitFor();
    await clean(page);
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("button", { name: "Back", exact: true }).click();
  });

  it("gives More Info only to a promotion with a link", async () => {
    await section(page, "Promotions");
    await page.getByRole("heading", { name: "All Promotions" }).waitFor();
    await page.getByRole("button", { name: "Summer sale" }).click();
    expect(await page.getByRole("link", { name: "More Info" }).getAttribute("href")).toBe(
      "https://example.com/summer",
    );
    await clean(page);
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Open house" }).click();
    await page.getByRole("heading", { name: "Open house" }).waitFor();
    expect(await page.getByRole("link", { name: "More Info" }).count()).toBe(0);
    await page.getByRole("button", { name: "Back" }).click();
  });

  it("shows the loyalty screen: points, value, Earn and Spend, history, milestones, terms", async () => {
    await section(page, "Loyalty");
    const points = page.locator(".pt-fact", { hasText: "Current Points" });
    await until(() => points.locator("dd").textContent()).toBe("0");
    expect(await page.locator(".pt-fact", { hasText: "Current Value" }).locator("dd").textContent()).toBe(
      "$0.00",
    );
    await page.getByText("Points expire after 365 days").waitFor();
    await page.getByRole("tab", { name: "Spend" }).click();
    await page.getByRole("tabpanel").getByText("Free wash").waitFor();
    // Keyboard: the arrow moves between Earn and Spend.
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("tab", { name: "Earn", selected: true }).waitFor();
    await page.getByText("Silver status").waitFor();
    await page.getByText("Points have no cash value.").waitFor();
    expect(await page.getByRole("link", { name: "Install" }).getAttribute("href")).toBe(`/promo/${appId}`);
    await clean(page);
  });

  it("shows Our App's banner and QR code, and the special packages under Additional Products", async () => {
    await section(page, "Our App");
    await page.getByText("Download the free app for exclusive specials.").first().waitFor();
    await page.getByRole("img", { name: "QR code to download the Portal Motors app" }).waitFor();
    await clean(page);
    await section(page, "Additional Products");
    await page.getByRole("button", { name: /Care bundle/ }).click();
    expect(await page.locator(".pt-bullets li").allTextContents()).toEqual([
      "Oil change $19.99",
      "Tire rotation",
    ]);
    await clean(page);
    await page.getByRole("button", { name: "Back" }).click();
  });

  it("adds a vehicle on My Profile and removes it", async () => {
    await page.getByRole("button", { name: "My Profile" }).click();
    await page.getByRole("heading", { level: 1, name: "My Profile" }).waitFor();
    await page.getByText("No Vehicles").waitFor();
    await page.getByLabel("Vehicle Make").fill("Ford");
    await page.getByLabel("Vehicle Model").fill("Escape");
    await page.getByLabel("Vehicle Year").fill("2024");
    await page.getByRole("button", { name: "Add vehicle" }).click();
    await page.getByText("Vehicle added").waitFor();
    await clean(page);
    await page.getByRole("button", { name: "Remove" }).click();
    await page.getByText("No Vehicles").waitFor();
    // Upload Vehicles: a CSV adds to My Vehicles, a photo of a registration goes to the glovebox.
    const file = page.getByLabel("Choose a file");
    await file.setInputFiles({
      name: "vehicles.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Make,Model,Year,VIN\nToyota,Camry,2019,4T1BF1FK5CU123456\nHonda,Civic,2021,\n"),
    });
    await page.getByText("2 vehicles added").waitFor();
    await page.getByText("Toyota", { exact: false }).first().waitFor();
    expect(await page.getByText("No Vehicles").count()).toBe(0);
    await file.setInputFiles({
      name: "registration.png",
      mimeType: "image/png",
      buffer: await solidPng(16, 16, 20, 90, 200),
    });
    await page.getByText("Registration saved to your glovebox").waitFor();
    expect(await page.locator(".pt-upload .pt-bullets li").allTextContents()).toEqual(["registration.png"]);
    await clean(page);
    await page.getByRole("button", { name: "Remove" }).first().click();
    await until(() => page.getByRole("button", { name: "Remove" }).count()).toBe(1);
    await page.getByRole("button", { name: "Remove" }).click();
    await page.getByText("No Vehicles").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { level: 1, name: "My Portal" }).waitFor();
  });

  it("searches the Inventory section with the widget's views, opens a vehicle by keyboard and saves it", async () => {
    await section(page, "Inventory");
    await page.getByRole("heading", { level: 2, name: "Inventory" }).waitFor();
    await page.getByText("2 vehicles").waitFor();
    await clean(page);
    await page.getByRole("searchbox", { name: "Search" }).fill("Corolla");
    await page.keyboard.press("Enter");
    await page.getByText("1 vehicle", { exact: true }).waitFor();
    expect(await page.locator(".ba-inv-title").allTextContents()).toEqual(["2020 Toyota Corolla"]);
    await page.getByRole("button", { name: /2020 Toyota Corolla/ }).focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { name: "2020 Toyota Corolla" });
    await heading.waitFor();
    // The keyboard lands on the vehicle that opened.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("2020 Toyota Corolla");
    await page.getByText("One owner, every service at our shop.").waitFor();
    expect(await page.locator(".ba-inv-specs dd").first().textContent()).toBe("$16,500");
    await page.getByRole("button", { name: "Save vehicle" }).click();
    await page.getByRole("button", { name: "Saved", pressed: true }).waitFor();
    await clean(page);
    await page.getByRole("button", { name: "Back to results" }).click();
    await page.getByText("1 vehicle", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Saved Vehicles" }).click();
    await until(() => page.locator(".ba-inv-title").allTextContents()).toEqual(["2020 Toyota Corolla"]);
    await clean(page);
    await page.getByRole("button", { name: "All Vehicles" }).click();
    await page.getByText("2 vehicles").waitFor();
  });

  it("speaks Spanish when chosen, and signs out after the confirmation", async () => {
    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("heading", { level: 1, name: "Mi Portal" }).waitFor();
    await until(() => page.evaluate(() => document.documentElement.lang)).toBe("es");
    await clean(page);
    await page.getByLabel("Idioma").selectOption("en");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByText("Are you sure you want to sign out?").waitFor();
    await clean(page);
    await page.getByRole("button", { name: "Not Now" }).click();
    await page.getByRole("heading", { level: 1, name: "My Portal" }).waitFor();
    expect(await page.locator(".pt-hello").textContent()).toBe(`Hello, ${email}`);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("button", { name: "Ok" }).click();
    await until(() => page.locator(".pt-hello").textContent()).toBe("Sign in for special offers");
  });
});

describe("the console", () => {
  it("lists the information forms' leads with their offer", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => localStorage.setItem("token", t), token);
    const page = await context.newPage();
    await page.goto(`${server.url}/apps/${appId}/leads`);
    for (const who of ["Lee phone", "Lee desktop"]) await page.getByText(who, { exact: true }).waitFor();
    expect(await page.getByText("Tire rotation").count()).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});

describe("the portal's empty states", () => {
  it("says 'Specials Coming Soon', 'Promotions Coming Soon', 'No Records' and 'No Notifications Yet'", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/portal/${emptyAppId}#coupons`);
    await page.getByText("Specials Coming Soon").waitFor();
    await section(page, "Promotions");
    await page.getByText("Promotions Coming Soon").waitFor();
    await section(page, "Additional Products");
    await page.getByText("No Records", { exact: true }).waitFor();
    await page.getByText("No records available at this time.").waitFor();
    await clean(page);
    // An app without vehicles: the widget's inventory view says 'No Records', at 360 px wide too.
    await section(page, "Inventory");
    await page.locator(".pt-inventory .ba-empty").getByText("No Records", { exact: true }).waitFor();
    await clean(page);
    await signIn(page, `nobody-${stamp}@example.com`, false);
    await page.getByText("No Notifications Yet").waitFor();
    await section(page, "Repairs");
    await until(() => page.getByText("No Records", { exact: true }).count()).toBe(2);
    expect(await page.getByText("No records available at this time.").count()).toBe(2);
    await clean(page);
    await context.close();
  });
});
