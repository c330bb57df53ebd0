import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * Offers and loyalty in the widget, end to end on the built product (issue 12): an end user presses Redeem
 * signed out, signs in with the mailed code on the app's Sign In screen and comes back to the confirmation,
 * redeems a special once (a second try from another tab is refused with the message), sees a special
 * assigned to them, collects stamps with the counter code to a full card, and reads their points.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let server: RunningServer;
let browser: Browser;
let token: string;
let appId: string;

const COUPONS = crypto.randomUUID();
const LOYALTY = crypto.randomUUID();
const LOYALTY2 = crypto.randomUUID();
const definition = {
  name: "Offers Motors",
  theme: { layout: "SingleRow", rowFeatureCount: 4 },
  features: [
    { id: COUPONS, type: "Coupons", title: "Specials" },
    {
      id: LOYALTY,
      type: "Loyalty",
      title: "Stamp Club",
      description: "Free car wash",
      stampNumber: 3,
      code: "COUNTER7",
    },
    {
      id: LOYALTY2,
      type: "Loyalty2",
      title: "Rewards",
      programs: [{ id: crypto.randomUUID(), title: "Gold", description: "Earn on every visit" }],
    },
  ],
};

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/** The newest code the dev outbox mailed to this address. */
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

/** axe-core's serious and critical findings inside the widget. */
async function seriousViolations(page: Page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: any[] }> } }).axe.run({
      include: [["brand-app"]],
    }),
  );
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n: { target: string[] }) => n.target.join(" ")).join(", ")})`,
    );
}

let oilChange: string;
let vip: string;
let ownerEmail: string;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  const email = `owner-offers-${Date.now()}@example.com`;
  ownerEmail = email;
  token = "";
  await api("POST", "/accounts/sign-up", { email, password: "secret-pass" });
  token = await api<string>("POST", "/accounts/sign-in", { email, password: "secret-pass" });
  appId = (await api<{ appId: string }>("POST", "/apps", { definition })).appId;
  oilChange = (
    await api<{ id: string }>("POST", `/apps/${appId}/coupons`, {
      title: "Oil change $19.99",
      description: "Show this coupon to your service advisor.",
    })
  ).id;
  vip = (
    await api<{ id: string }>("POST", `/apps/${appId}/coupons`, {
      title: "VIP detailing",
      description: "Only for you",
      personalized: true,
    })
  ).id;
  await api("PUT", `/apps/${appId}/points-program`, {
    enabled: true,
    conversionRate: 1,
    expiryDays: 365,
    maxPerVisit: 500,
    milestones: [{ id: crypto.randomUUID(), points: 100, title: "Silver status" }],
    rewards: [{ id: crypto.randomUUID(), title: "Free wash", points: 100 }],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const widget = (page: Page) => page.locator("brand-app");
const screenOf = (w: Locator) =>
  w.locator(".ba-root > .ba-home, .ba-root > .ba-surface > .ba-screen, .ba-root > .ba-screen").first();

async function openFeature(w: Locator, title: string) {
  await w.locator(".ba-home").getByRole("button", { name: title, exact: true }).click();
}
async function home(w: Locator) {
  while (!(await w.locator(".ba-home").count())) await w.locator(".ba-bar .ba-back").first().click();
}
async function openCoupon(w: Locator, title: string) {
  await openFeature(w, "Specials");
  await w.locator(".ba-card", { hasText: title }).click();
  await w.locator(".ba-detail-title", { hasText: title }).waitFor();
}

describe("widget offers and loyalty", () => {
  let context: BrowserContext;
  let page: Page;
  let userId: string;
  let userEmail: string;

  it("Redeem signed out: Sign In, back to the confirmation, redeemed once; a second try is refused", async () => {
    context = await browser.newContext();
    page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${server.url}/demo/${appId}`);
    const w = widget(page);
    await w.locator(".ba-name").waitFor();
    // A visitor never sees the personalized special.
    await openFeature(w, "Specials");
    await w.locator(".ba-card").first().waitFor();
    await expect(w.locator(".ba-card-title").allTextContents()).resolves.toEqual(["Oil change $19.99"]);
    await w.locator(".ba-card").click();
    await w.getByRole("button", { name: "Redeem", exact: true }).click();
    // The app's Sign In screen replaces the detail.
    await expect(screenOf(w).getAttribute("data-page")).resolves.toBe("signIn");
    const email = `end-user-offers-${Date.now()}@example.com`;
    userEmail = email;
    await w.getByLabel("Email or phone").fill(email);
    await w.getByRole("button", { name: "Send Code" }).click();
    await w.getByLabel("Code").fill(await codeFromOutbox(email));
    await w.getByRole("button", { name: "Confirm code" }).click();
    // Signed in: back on the special, asking the spec's confirmation.
    await w.locator(".ba-confirm-title", { hasText: "Redeem this special?" }).waitFor();
    await expect(w.locator(".ba-detail-title").textContent()).resolves.toBe("Oil change $19.99");
    await expect(w.locator(".ba-confirm p").textContent()).resolves.toBe(
      "Show this special to your service advisor. Are you ready to redeem it now?",
    );
    expect(await seriousViolations(page)).toEqual([]);
    userId = await page.evaluate(
      (id) => JSON.parse(localStorage.getItem(`brand-app:${id}:user`) ?? "{}").userId as string,
      appId,
    );

    // A second tab of the same user opens the same special before the first redeems it.
    const other = await context.newPage();
    await other.goto(`${server.url}/demo/${appId}`);
    const w2 = widget(other);
    await w2.locator(".ba-name").waitFor();
    await w2.getByRole("button", { name: "My Profile" }).waitFor();
    await openCoupon(w2, "Oil change $19.99");
    await w2.getByRole("button", { name: "Redeem", exact: true }).click();
    await w2.locator(".ba-confirm-title", { hasText: "Redeem this special?" }).waitFor();

    // The first tab redeems: 'Redeemed' with its time.
    await w.locator(".ba-confirm").getByRole("button", { name: "Redeem", exact: true }).click();
    await expect(w.locator(".ba-redeemed strong").textContent()).resolves.toBe("Redeemed");
    await expect(w.locator(".ba-redeemed-at").textContent()).resolves.toMatch(
      /^Redeemed on [A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4} at \d{2}:\d{2}(am|pm)$/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    // The second tab's try is refused by the server, with the message.
    await w2.locator(".ba-confirm").getByRole("button", { name: "Redeem", exact: true }).click();
    await expect(w2.locator(".ba-redeemed[role=alert]").textContent()).resolves.toBe(
      "You have already redeemed this special.",
    );
    await other.close();

    // The service desk sees one redemption by this user.
    const redemptions = await api<{ appUser: { id: string }; channel: string }[]>(
      "GET",
      `/apps/${appId}/coupons/${oilChange}/redemptions`,
    );
    expect(redemptions.map((r) => [r.appUser.id, r.channel])).toEqual([[userId, "widget"]]);

    // Opened again: 'Redeemed', no Redeem button.
    await home(w);
    await openCoupon(w, "Oil change $19.99");
    await expect(w.locator(".ba-redeemed").textContent()).resolves.toBe("Redeemed ");
    await expect(w.locator(".ba-actions button").allTextContents()).resolves.toEqual(["Share"]);
    expect(errors).toEqual([]);
  });

  it("a special assigned to the user shows 'Just for you' and redeems with its assignment", async () => {
    await api("PUT", `/apps/${appId}/personalized-specials`, { offerId: vip, appUserIds: [userId] });
    const w = widget(page);
    await home(w);
    await openFeature(w, "Specials");
    await w.locator(".ba-card", { hasText: "VIP detailing" }).waitFor();
    await expect(
      w.locator(".ba-card", { hasText: "VIP detailing" }).locator(".ba-tag").textContent(),
    ).resolves.toBe("Just for you");
    await w.locator(".ba-card", { hasText: "VIP detailing" }).click();
    await w.getByRole("button", { name: "Redeem", exact: true }).click();
    await w.locator(".ba-confirm").getByRole("button", { name: "Redeem", exact: true }).click();
    await expect(w.locator(".ba-redeemed strong").textContent()).resolves.toBe("Redeemed");
    const assigned = await api<{ appUser: { id: string }; redeemedAt?: string }[]>(
      "GET",
      `/apps/${appId}/personalized-specials?offerId=${vip}`,
    );
    expect(assigned.map((a) => [a.appUser.id, typeof a.redeemedAt])).toEqual([[userId, "string"]]);
  });

  it("collects stamps with the counter code to a full card, then a new card", async () => {
    const w = widget(page);
    await home(w);
    await openFeature(w, "Stamp Club");
    const note = w.locator(".ba-note");
    await expect(note.textContent()).resolves.toBe("0 of 3 stamps");
    const stamp = async (code: string) => {
      await w.getByLabel("Code", { exact: true }).fill(code);
      await w.getByRole("button", { name: "Stamp card" }).click();
    };
    await stamp("WRONG77");
    await expect(w.locator(".ba-message-danger .ba-message-title").textContent()).resolves.toBe(
      "That code is not right. Ask the staff for the counter code.",
    );
    // The code the business set on the feature (read back from the app it created).
    const app = await api<{ definition: typeof definition }>("GET", `/apps/${appId}`);
    const code = app.definition.features.find((f) => f.id === LOYALTY)?.code as string;
    for (const n of [1, 2]) {
      await stamp(code);
      await w.locator(".ba-note", { hasText: `${n} of 3 stamps` }).waitFor();
      await expect(w.locator(".ba-stamp-done").count()).resolves.toBe(n);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await stamp(code);
    await expect(w.locator(".ba-message-success .ba-message-title").textContent()).resolves.toBe(
      "Card complete! Your reward: Free car wash",
    );
    await expect(w.locator(".ba-stamp-done").count()).resolves.toBe(3);
    await w.locator(".ba-message").getByRole("button", { name: "Dismiss" }).click();
    await expect(note.textContent()).resolves.toBe("0 of 3 stamps");
    // The service desk sees the full card with its three code stamps.
    const cards = await api<{ stamps: number; completedAt?: string; log: { method: string }[] }[]>(
      "GET",
      `/apps/${appId}/loyalty-cards?appUserId=${userId}`,
    );
    const full = cards.find((c) => c.completedAt);
    expect(full?.stamps).toBe(3);
    expect(full?.log.map((l) => l.method)).toEqual(["code", "code", "code"]);
  });

  it("reads the points ledger: balance, value, expiry, history and rewards", async () => {
    await api("POST", `/apps/${appId}/points/earn`, { appUserId: userId, amount: 150, note: "Oil change" });
    const w = widget(page);
    await home(w);
    await openFeature(w, "Rewards");
    await w.locator(".ba-stats").waitFor();
    const stats = await w
      .locator(".ba-stats div")
      .evaluateAll((els) =>
        els.map((d) => [d.querySelector("dt")?.textContent, d.querySelector("dd")?.textContent]),
      );
    expect(stats).toEqual([
      ["Current Points", "150"],
      ["Current Value", "$1.50"],
    ]);
    await expect(w.locator(".ba-note").first().textContent()).resolves.toBe("Points expire after 365 days");
    await w.getByRole("tab", { name: "Spend" }).click();
    await expect(w.locator("[role=tabpanel]").textContent()).resolves.toBe(
      "Spend RewardsFree wash100 points",
    );
    await w.getByRole("button", { name: "History" }).click();
    await expect(w.locator(".ba-collapse .ba-row").first().textContent()).resolves.toMatch(
      /^Earned · .+ · expires on .+150 points$/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
  it("the console shows the widget's redemption in the Specials table and the user's full card on Loyalty", async () => {
    const desk = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    desk.on("pageerror", (e) => errors.push(String(e)));
    await desk.goto(`${server.url}/login`);
    await desk.getByLabel("Email").fill(ownerEmail);
    await desk.getByLabel("Password").fill("secret-pass");
    await desk.getByRole("button", { name: "Sign in" }).click();
    await desk.waitForURL(`${server.url}/apps`);

    await desk.goto(`${server.url}/apps/${appId}/specials`);
    // The end user's one redemption from the widget (the refused second try is not counted).
    await desk.getByRole("button", { name: "Redemptions of Oil change $19.99: 1", exact: true }).waitFor();
    await desk.getByRole("button", { name: "Redemptions of VIP detailing: 1", exact: true }).waitFor();

    await desk.goto(`${server.url}/apps/${appId}/loyalty`);
    await desk.getByRole("combobox", { name: "Find a customer" }).fill(userEmail.slice(0, 16));
    await desk.locator(".ant-select-dropdown:visible").getByText(userEmail, { exact: false }).click();
    // The card the counter code filled: three stamps of three, completed, each logged as a counter code.
    const full = desk.locator(".stamp-card", { has: desk.getByRole("img", { name: "3 of 3 stamps" }) });
    await full.waitFor();
    await expect(full.locator(".ant-card-head-title").textContent()).resolves.toBe("Stamp Club");
    await expect(full.locator(".stamp-circle.filled").count()).resolves.toBe(3);
    await expect(full.getByText(/^Completed /).count()).resolves.toBe(1);
    await expect(full.getByRole("cell", { name: "Counter code", exact: true }).count()).resolves.toBe(3);
    expect(errors).toEqual([]);
    await desk.close();
  });

  it("a special package shows on the demo page as one offer that lists its specials", async () => {
    await api("POST", `/apps/${appId}/special-packages`, {
      title: "Service bundle",
      description: "An oil change and a VIP detailing at one visit.",
      couponIds: [oilChange, vip],
    });
    const visitor = await browser.newPage();
    const errors: string[] = [];
    visitor.on("pageerror", (e) => errors.push(String(e)));
    await visitor.goto(`${server.url}/demo/${appId}`);
    const w = widget(visitor);
    await w.locator(".ba-name").waitFor();
    await openFeature(w, "Specials");
    await w.locator(".ba-card").first().waitFor();
    await expect(w.locator(".ba-card-title").allTextContents()).resolves.toEqual([
      "Service bundle",
      "Oil change $19.99",
    ]);
    const entry = w.locator(".ba-card", { hasText: "Service bundle" });
    await expect(entry.locator(".ba-tag").textContent()).resolves.toBe("Package");
    await entry.click();
    await w.locator(".ba-detail-title", { hasText: "Service bundle" }).waitFor();
    await expect(w.locator(".ba-detail-desc").textContent()).resolves.toBe(
      "An oil change and a VIP detailing at one visit.",
    );
    // The personalized special is never listed to a visitor, not even through a package.
    await expect(w.locator(".ba-detail .ba-card-title").allTextContents()).resolves.toEqual([
      "Oil change $19.99",
    ]);
    expect(await seriousViolations(visitor)).toEqual([]);
    await w.locator(".ba-detail .ba-card").click();
    await w.locator(".ba-detail-title", { hasText: "Oil change $19.99" }).waitFor();
    await w.getByRole("button", { name: "Redeem", exact: true }).waitFor();
    expect(errors).toEqual([]);
    await visitor.close();
  });
});
