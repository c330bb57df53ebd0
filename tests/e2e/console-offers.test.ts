import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { preview, seriousViolations, signUpAndIn, solidPng, tokenOf } from "./builder-helpers.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The console's offers and loyalty pages on the built product (issue 12): a special with an image is
 * created, ordered first by keyboard, shown in the phone preview and deleted after a confirmation; the
 * service desk gives a customer a stamp and points; axe-core finds no serious or critical violations.
 */

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"),
  "utf8",
);
/** Polls longer than vitest's default second: uploads and builds share two CPU cores with other work. */
const until = <T>(fn: () => T | Promise<T>, message?: string) =>
  expect.poll(fn, { timeout: 15_000, message });
const COUPONS_FEATURE = "00000000-0000-4000-8000-0000000000c1";
const LOYALTY_FEATURE = "00000000-0000-4000-8000-0000000000c2";

let server: RunningServer;
let browser: Browser;
let page: Page;
let appId = "";
const customer = `customer-${Date.now()}@example.com`;

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

/** An end user of the app, signed up the widget's way (code by e-mail). */
async function signUpAppUser(email: string) {
  const headers = { "content-type": "application/json", "x-app": appId };
  const sent = await fetch(`${server.url}/api/mobile/users/auth/email-confirmation`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email }),
  });
  if (!sent.ok) throw new Error(`code: ${sent.status} ${await sent.text()}`);
  const code = await codeFromOutbox(email);
  const signedIn = await fetch(`${server.url}/api/mobile/users/auth/sign-in`, {
    method: "POST",
    headers,
    body: JSON.stringify({ userId: randomUUID(), email, code }),
  });
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, reducedMotion: "reduce" });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signUpAndIn(page, server.url);
  const token = await tokenOf(page);
  const res = await page.request.post(`${server.url}/api/apps`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      definition: {
        name: "Offer Motors",
        // The preview draws an app only with a logo and a cover.
        logo: "/api/icon-files/none.svg",
        cover: "/api/icon-files/none.svg",
        features: [
          { id: COUPONS_FEATURE, type: "Coupons", title: "Specials" },
          { id: LOYALTY_FEATURE, type: "Loyalty", title: "Oil stamps", stampNumber: 5, code: "12345" },
        ],
      },
    },
  });
  appId = (await res.json()).data.appId;
  await signUpAppUser(customer);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The titles of the table's rows, top to bottom. */
const rowTitles = () => page.locator(".offers-table tbody .offer-title").allTextContents();

async function createSpecial(title: string, image?: Buffer) {
  await page.getByRole("button", { name: "New special" }).first().click();
  const drawer = page.getByRole("dialog", { name: "New special" });
  await drawer.locator("#offer_title").fill(title);
  if (image) {
    await drawer
      .locator("#offer_image")
      .setInputFiles({ name: "special.png", mimeType: "image/png", buffer: image });
    await drawer.getByRole("img", { name: "Image preview" }).waitFor({ timeout: 15_000 });
  }
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/apps/${appId}/coupons`) && r.request().method() === "POST",
  );
  await drawer.getByRole("button", { name: "Save" }).click();
  expect((await saved).status()).toBe(200);
  await drawer.waitFor({ state: "hidden" });
}

/**
 * Moves a row one place up with the keyboard, each key after dnd-kit announced the previous one (its
 * keyboard sensor listens from the next task on, so keys pressed at once would be lost).
 */
async function moveUpByKeyboard(title: string) {
  const live = () => page.locator("[id^=DndLiveRegion]").textContent();
  await page.getByRole("button", { name: `Move ${title}` }).focus();
  await page.keyboard.press("Space");
  // Picked up: the announcement says so, then where it is over (its own place).
  await until(live).toMatch(new RegExp(`^(Picked up ${title}|${title} moved to position 2 of 2)`));
  // The sensor may not listen yet: the arrow is pressed again until the row has moved (at the top it
  // cannot move further, so a second press changes nothing).
  const moved = `${title} moved to position 1 of 2.`;
  await until(async () => {
    const said = await live();
    if (said !== moved) await page.keyboard.press("ArrowUp");
    return said;
  }).toBe(moved);
  await page.keyboard.press("Space");
  await until(live).toBe(`${title} dropped at position 1 of 2.`);
}

describe("console: specials", () => {
  it("creates a special with an image, orders it first by keyboard, shows it in the preview, deletes it after a confirmation", async () => {
    await page.goto(`${server.url}/apps/${appId}/specials?id=${COUPONS_FEATURE}`);
    await page.getByText("No specials yet").waitFor();

    // A title is required: the schema's message on the field, and nothing is sent.
    await page.getByRole("button", { name: "New special" }).click();
    const drawer = page.getByRole("dialog", { name: "New special" });
    await drawer.getByRole("button", { name: "Save" }).click();
    await drawer.getByText("value can't be empty").waitFor();
    await drawer.getByRole("button", { name: "Cancel" }).click();
    await drawer.waitFor({ state: "hidden" });

    await createSpecial("Oil change special", await solidPng(640, 400, 200, 40, 40));
    await createSpecial("Tire rotation");
    // The newest is placed first (the server's rule); the thumbnail shows the uploaded image.
    await until(rowTitles).toEqual(["Tire rotation", "Oil change special"]);
    await expect(page.locator(".offers-table tbody img.offer-thumb").count()).resolves.toBe(1);
    await expect(page.locator(".offers-table tbody .ant-tag").first().textContent()).resolves.toBe("Active");

    // Keyboard order: pick up the handle with Space, one row up, drop with Space.
    const ordered = page.waitForResponse(
      (r) => r.url().endsWith("/coupons/order") && r.request().method() === "PUT",
    );
    await moveUpByKeyboard("Oil change special");
    const answer = await ordered;
    expect(answer.status()).toBe(200);
    expect(((await answer.request().postDataJSON()) as { order: string[] }).order).toHaveLength(2);
    await until(rowTitles).toEqual(["Oil change special", "Tire rotation"]);

    // The preview (its Coupons screen is open, ?id=) shows the specials in the new order without a reload.
    const phone = preview(page);
    const top = async (title: string) =>
      (await phone.getByText(title, { exact: true }).first().boundingBox())?.y;
    await phone.getByText("Tire rotation", { exact: true }).first().waitFor();
    await until(
      async () => ((await top("Oil change special")) ?? 1e9) < ((await top("Tire rotation")) ?? 0),
    ).toBe(true);

    // The order is the server's: it survives a reload.
    await page.reload();
    await until(rowTitles).toEqual(["Oil change special", "Tire rotation"]);

    // The mouse drags a row by its handle too.
    const from = (await page.getByRole("button", { name: "Move Tire rotation" }).boundingBox())!;
    const to = (await page.getByRole("button", { name: "Move Oil change special" }).boundingBox())!;
    const dragged = page.waitForResponse(
      (r) => r.url().endsWith("/coupons/order") && r.request().method() === "PUT",
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 10 });
    await page.mouse.up();
    expect((await dragged).status()).toBe(200);
    await until(rowTitles).toEqual(["Tire rotation", "Oil change special"]);

    // Delete asks first, naming the special.
    await page.getByRole("button", { name: "Delete Tire rotation" }).click();
    const confirm = page.locator(".ant-popconfirm:visible");
    await confirm.getByText('Delete "Tire rotation"?').waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await until(rowTitles).toEqual(["Oil change special"]);
    await until(() => phone.getByText("Tire rotation", { exact: true }).count()).toBe(0);

    // A failed order save puts the previous order back and says so.
    await createSpecial("Brake check");
    await until(rowTitles).toEqual(["Brake check", "Oil change special"]);
    await page.route("**/coupons/order", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { message: "Service unavailable", code: "Unavailable" } }),
      }),
    );
    await moveUpByKeyboard("Oil change special");
    await page.getByText("The new order was not saved: Service unavailable").waitFor();
    await until(rowTitles).toEqual(["Brake check", "Oil change special"]);
    await page.unroute("**/coupons/order");
  });

  it("records a redemption for a customer at the desk; the count follows", async () => {
    await page.goto(`${server.url}/apps/${appId}/specials`);
    await page.getByRole("button", { name: "Redemptions of Oil change special: 0" }).click();
    const drawer = page.getByRole("dialog", { name: 'Redemptions of "Oil change special"' });
    await drawer.getByText("No redemptions yet").waitFor();
    await drawer.getByRole("combobox", { name: "Customer" }).fill(customer.slice(0, 12));
    await page.locator(".ant-select-dropdown:visible").getByText(customer, { exact: false }).click();
    await drawer.getByRole("button", { name: "Record redemption" }).click();
    await drawer.getByRole("cell", { name: "Service desk" }).waitFor();
    await drawer.getByRole("cell", { name: customer }).waitFor();
    await drawer.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Redemptions of Oil change special: 1" }).waitFor();
  });
});

describe("console: promotions", () => {
  it("creates a promotion with its More Info link and hidden dates through the same page", async () => {
    await page.goto(`${server.url}/apps/${appId}/promotions`);
    await page.getByText("No promotions yet").waitFor();
    await page.getByRole("button", { name: "New promotion" }).click();
    const drawer = page.getByRole("dialog", { name: "New promotion" });
    await drawer.locator("#offer_title").fill("Summer sales event");
    await drawer.locator("#offer_link").fill("https://dealer.example/summer");
    await drawer.locator("#offer_hideDates").click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/apps/${appId}/events`) && r.request().method() === "POST",
    );
    await drawer.getByRole("button", { name: "Save" }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({
      title: "Summer sales event",
      link: "https://dealer.example/summer",
      hideDates: true,
    });
    await until(() => page.locator(".offers-table tbody .offer-title").allTextContents()).toEqual([
      "Summer sales event",
    ]);
    await page.getByText("Dates hidden").waitFor();
  });
});

describe("console: feature editors", () => {
  it("the Coupons feature editor links to the Specials page", async () => {
    await page.goto(`${server.url}/apps/${appId}/features/coupons?id=${COUPONS_FEATURE}`);
    await page.getByRole("link", { name: "Manage specials" }).click();
    await page.waitForURL(`${server.url}/apps/${appId}/specials?id=${COUPONS_FEATURE}`);
    await page.getByRole("heading", { name: "Specials", level: 1 }).waitFor();
  });
});

describe("console: personalized specials and server errors", () => {
  it("assigns a personalized special to a customer, from the picker and from a list with row errors, and removes them", async () => {
    await page.goto(`${server.url}/apps/${appId}/specials`);
    await page.getByRole("button", { name: "Edit Oil change special" }).click();
    const edit = page.getByRole("dialog", { name: "Edit special" });
    await edit.locator("#offer_personalized").click();
    const saved = page.waitForResponse(
      (r) => r.url().includes("/coupons/") && r.request().method() === "PUT",
    );
    await edit.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole("button", { name: "Assigned users of Oil change special" }).click();

    const drawer = page.getByRole("dialog", { name: 'Assigned users of "Oil change special"' });
    await drawer.getByText("Nobody is assigned yet").waitFor();
    await drawer.getByRole("combobox", { name: "Add a user" }).fill(customer.slice(0, 12));
    await page.locator(".ant-select-dropdown:visible").getByText(customer).click();
    await drawer.getByRole("button", { name: "Assign", exact: true }).click();
    await drawer.getByRole("cell", { name: customer, exact: true }).waitFor();

    await drawer.getByLabel("E-mails or phones, one a line").fill(`nobody@example.com\n${customer}`);
    await drawer.getByRole("button", { name: "Assign from list" }).click();
    await drawer.getByText("Added 0, already assigned 1, not found 1").waitFor();
    await drawer.getByRole("cell", { name: "No app user with this e-mail or phone" }).waitFor();
    await drawer.getByRole("cell", { name: "nobody@example.com", exact: true }).waitFor();

    await drawer.getByRole("button", { name: `Remove ${customer}` }).click();
    const confirm = page.locator(".ant-popconfirm:visible");
    await confirm.getByText(`Remove ${customer}?`).waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await drawer.getByText("Nobody is assigned yet").waitFor();
  });

  it("shows the server's field error on its field and keeps what was typed", async () => {
    await page.goto(`${server.url}/apps/${appId}/specials`);
    await page.route(`**/api/apps/${appId}/coupons`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              error: {
                message: "This title is taken",
                code: "Validation",
                details: [{ path: "/title", message: "This title is taken" }],
              },
            }),
          })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "New special" }).click();
    const drawer = page.getByRole("dialog", { name: "New special" });
    await drawer.locator("#offer_title").fill("Winter tires");
    await drawer.locator("#offer_description").fill("Mounted and balanced");
    await drawer.getByRole("button", { name: "Save" }).click();
    await drawer.getByText("This title is taken").waitFor();
    await expect(drawer.locator("#offer_title").inputValue()).resolves.toBe("Winter tires");
    await expect(drawer.locator("#offer_description").inputValue()).resolves.toBe("Mounted and balanced");
    // Changing the field takes the server's error away.
    await drawer.locator("#offer_title").fill("Winter tire deal");
    await until(() => drawer.getByText("This title is taken").count()).toBe(0);
    await page.unroute(`**/api/apps/${appId}/coupons`);
    await drawer.getByRole("button", { name: "Cancel" }).click();
  });
});

describe("console: special packages", () => {
  it("bundles specials in a package and deletes it after a confirmation", async () => {
    await page.goto(`${server.url}/apps/${appId}/specials`);
    await page.getByText("No special packages yet").waitFor();
    await page.getByRole("button", { name: "New package" }).click();
    const drawer = page.getByRole("dialog", { name: "New package" });
    await drawer.locator("#package_title").fill("Service bundle");
    await drawer.locator(".ant-select", { has: page.locator("#package-specials") }).click();
    await page
      .locator(".ant-select-dropdown:visible")
      .getByText("Oil change special", { exact: true })
      .click();
    // A multiple select stays open over the buttons: leaving it closes it.
    await drawer.locator("#package_title").click();
    await page.locator(".ant-select-dropdown:visible").waitFor({ state: "hidden" });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/apps/${appId}/special-packages`) && r.request().method() === "POST",
    );
    await drawer.getByRole("button", { name: "Save" }).click();
    expect((await saved).status()).toBe(200);
    const packages = page.getByRole("region", { name: "Special packages" });
    await packages.getByRole("cell", { name: "Service bundle", exact: true }).waitFor();
    await packages.getByRole("cell", { name: "Oil change special", exact: true }).waitFor();

    await packages.getByRole("button", { name: "Delete Service bundle" }).click();
    const confirm = page.locator(".ant-popconfirm:visible");
    await confirm.getByText('Delete "Service bundle"?').waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await packages.getByText("No special packages yet").waitFor();
  });
});

describe("console: loyalty", () => {
  it("turns the points program on, adds a stamp and awards and redeems points for a customer", async () => {
    await page.goto(`${server.url}/apps/${appId}/loyalty`);
    await page.getByLabel("Points program on").click();
    await page.getByRole("button", { name: "Add reward" }).click();
    await page.getByLabel("Reward 1", { exact: true }).fill("Car wash");
    await page.getByLabel("Points 1", { exact: true }).fill("20");
    const savedProgram = page.waitForResponse(
      (r) => r.url().endsWith("/points-program") && r.request().method() === "PUT",
    );
    await page.getByRole("button", { name: "Save program" }).click();
    const program = await savedProgram;
    expect(program.status()).toBe(200);
    expect(program.request().postDataJSON()).toMatchObject({
      enabled: true,
      rewards: [{ title: "Car wash", points: 20, id: expect.any(String) }],
    });

    await page.getByRole("combobox", { name: "Find a customer" }).fill(customer.slice(0, 12));
    await page.locator(".ant-select-dropdown:visible").getByText(customer, { exact: false }).click();
    await page.getByText("No stamp cards yet").waitFor();
    await page.getByRole("button", { name: "Add stamp: Oil stamps" }).click();
    await page.getByRole("img", { name: "1 of 5 stamps" }).waitFor();
    await expect(page.locator(".stamp-circle.filled").count()).resolves.toBe(1);
    await expect(page.locator(".stamp-circle").count()).resolves.toBe(5);
    await page.locator(".stamp-card").getByRole("cell", { name: "Staff", exact: true }).waitFor();

    await page.locator("#points-earn-amount").fill("50");
    await page.getByRole("button", { name: "Award points" }).click();
    await until(() => page.locator(".points-balance").textContent()).toBe("50");
    // More than the balance: the server's 409 message, and the balance stays.
    await page.locator("#points-spend-amount").fill("80");
    await page.getByRole("button", { name: "Redeem points" }).click();
    await page.getByRole("alert").filter({ hasText: "Not enough points for this" }).waitFor();
    await expect(page.locator(".points-balance").textContent()).resolves.toBe("50");
    // Picking a reward fills in its points.
    await page.locator(".ant-select", { has: page.locator("#points-spend-reward") }).click();
    await page.locator(".ant-select-dropdown:visible").getByText("Car wash (20 points)").click();
    await expect(page.locator("#points-spend-amount").inputValue()).resolves.toBe("20");
    await page.getByRole("button", { name: "Redeem points" }).click();
    await until(() => page.locator(".points-balance").textContent()).toBe("30");
  });
});

describe("axe-core: no serious or critical violations on the offers and loyalty pages", () => {
  it.each([
    ["specials", "specials", "text=Oil change special"],
    ["promotions", "promotions", "text=Summer sales event"],
    ["loyalty", "loyalty", "text=Points program"],
  ] as const)("%s", async (_name, section, ready) => {
    await page.goto(`${server.url}/apps/${appId}/${section}`);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });

  it("the special drawer", async () => {
    await page.goto(`${server.url}/apps/${appId}/specials`);
    await page.getByRole("button", { name: "Edit Oil change special" }).click();
    await page.getByRole("dialog", { name: "Edit special" }).locator("#offer_title").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page, axeSource)).toEqual([]);
  });
});
