import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featureExamples } from "../../schemas/features/examples.ts";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The widget in English and Spanish on the built product: axe-core on every screen (home, each registered
 * feature type's screen, sign-in, My Profile, notifications) with no serious or critical violation; a Spanish
 * app says the send limit and the vehicle labels in Spanish; a French host page gets the French
 * app-download banner.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let server: RunningServer;
let browser: Browser;
const apps: Record<"en" | "es", string> = { en: "", es: "" };

const WORDS = {
  en: {
    more: "More",
    signIn: "Sign In",
    contact: "Email or phone",
    sendCode: "Send Code",
    startOver: "Start over",
    code: "Code",
    confirm: "Confirm code",
    profile: "My Profile",
    sent: /We sent a code to .* by email or text/,
    tooSoon: "Please wait a minute before asking for another code",
    make: "Vehicle Make",
    model: "Vehicle Model",
    year: "Vehicle Year",
    vin: "Vehicle Identification Number",
    banner: "Download the free app for exclusive specials.",
  },
  es: {
    more: "Más",
    signIn: "Iniciar sesión",
    contact: "Correo electrónico o teléfono",
    sendCode: "Enviar código",
    startOver: "Empezar de nuevo",
    code: "Código",
    confirm: "Confirmar código",
    profile: "Mi perfil",
    sent: /Enviamos un código a .* por correo electrónico o mensaje de texto/,
    tooSoon: "Espera un minuto antes de pedir otro código",
    make: "Marca del vehículo",
    model: "Modelo del vehículo",
    year: "Año del vehículo",
    vin: "Número de identificación del vehículo",
    banner: "Descarga la aplicación gratuita para ofertas exclusivas.",
  },
} as const;

async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
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

/** Every built-in feature type's valid example, titled after its type so its home entry can be found. */
const features = Object.entries(featureExamples).map(([type, ex]) => ({
  ...ex.valid,
  title: `${type}`.slice(0, 30),
}));

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  browser = await launchBrowser();
  const email = `owner-i18n-${Date.now()}@example.com`;
  await api("/accounts/sign-up", { email, password: "secret-pass" });
  const token = await api<string>("/accounts/sign-in", { email, password: "secret-pass" });
  for (const lang of ["en", "es"] as const) {
    const definition = {
      name: `Languages ${lang} Motors`,
      theme: { layout: "SingleRow" },
      features,
      coupons: [
        {
          id: crypto.randomUUID(),
          title: "Oil change",
          description: "Synthetic",
          from: "2030-11-22T15:00:00Z",
        },
      ],
      events: [
        {
          id: crypto.randomUUID(),
          title: "Tent sale",
          description: "All week",
          link: "https://dealer.example",
        },
      ],
    };
    apps[lang] = (await api<{ appId: string }>("/apps", { lang, definition }, token)).appId;
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const widget = (page: Page) => page.locator("brand-app");
const pageId = (page: Page) => widget(page).locator(".ba-root [data-page]").first().getAttribute("data-page");

/** axe-core's serious and critical findings inside the widget, once its animations have finished. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    const root = document.querySelector("brand-app")?.shadowRoot;
    const finite = (root?.getAnimations?.() ?? []).filter(
      (a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
    );
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
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

/** The demo page, or with `hostLang` a host page of that language carrying the same embed snippet. */
async function openWidget(lang: "en" | "es", hostLang?: string): Promise<Page> {
  const page = await browser.newPage({ reducedMotion: "reduce" });
  if (hostLang) {
    const host = `${server.url}/host-${hostLang}.html`;
    await page.route(host, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="${hostLang}"><head><title>Site</title></head><body><main><div id="brand-app" data-app-id="${apps[lang]}"></div></main><script async src="${server.url}/sdk/embed.js"></script></body></html>`,
      }),
    );
    await page.goto(host);
  } else await page.goto(`${server.url}/demo/${apps[lang]}`);
  await widget(page).locator("[data-page=home]").waitFor();
  return page;
}

/** The app's PopUp feature opens over home on arrival: checked with axe when asked, then closed. */
async function closePopup(page: Page, lang: "en" | "es", audit = false) {
  const dialog = widget(page).locator("[data-page=popup]");
  await dialog.waitFor();
  if (audit) expect(await seriousViolations(page), `PopUp (${lang})`).toEqual([]);
  await dialog.getByRole("button", { name: lang === "es" ? "Cerrar" : "Close", exact: true }).click();
  await expect(dialog.count()).resolves.toBe(0);
}

/** Back to home from any screen: the frame's back bar (or Cancel on the screens that have one). */
async function home(page: Page) {
  const w = widget(page);
  for (let i = 0; i < 3 && (await w.locator("[data-page=home]").count()) === 0; i++) {
    const back = w.locator(".ba-back").first();
    if (await back.count()) await back.click();
    else
      await w
        .getByRole("button", { name: /^(Cancel|Cancelar)$/ })
        .first()
        .click();
  }
  await w.locator("[data-page=home]").waitFor();
}

describe.each(["en", "es"] as const)("the widget in %s", (lang) => {
  const words = WORDS[lang];

  it("home and every registered feature type's screen pass axe", async () => {
    const page = await openWidget(lang);
    const w = widget(page);
    await closePopup(page, lang, true);
    expect(await seriousViolations(page)).toEqual([]);
    const opened: string[] = ["popup"];
    const stayed: string[] = [];
    const buttons = w.locator(".ba-home .ba-feature-button");
    const more = w.locator(".ba-home").getByRole("button", { name: words.more, exact: true });
    /** Home with every entry drawn: the overflow behind 'More' opened when it is closed. */
    const allEntries = async () => {
      if ((await more.count()) && (await more.getAttribute("aria-expanded")) !== "true") await more.click();
      return buttons.count();
    };
    const count = await allEntries();
    expect(count).toBeGreaterThanOrEqual(features.length - 4);
    for (let i = 0; i < count; i++) {
      // Each entry from a freshly loaded home, so no screen's state leaks into the next.
      await page.reload();
      await closePopup(page, lang);
      await allEntries();
      const entry = buttons.nth(i);
      const name = (await entry.textContent()) ?? String(i);
      // Entries that only act (a call, an external link) stay on home; screens replace it.
      const popup = page.waitForEvent("popup", { timeout: 1500 }).catch(() => null);
      await entry.click();
      const left = await w
        .locator(".ba-root [data-page]:not([data-page=home])")
        .first()
        .waitFor({ timeout: 3000 })
        .then(() => true)
        .catch(() => false);
      await (await popup)?.close();
      expect(await seriousViolations(page), `${name} (${lang})`).toEqual([]);
      if (left) opened.push(String(await pageId(page)));
      else stayed.push(name);
    }
    // Most types open a screen of their own.
    expect(opened.length, `opened ${opened}; stayed on home: ${stayed}`).toBeGreaterThanOrEqual(12);
    await page.close();
  }, 300_000);

  it("notifications, sign-in (with the send limit's message) and My Profile pass axe, in the app's language", async () => {
    const page = await openWidget(lang);
    const w = widget(page);
    await closePopup(page, lang);
    await w.locator(".ba-bell").click();
    await w.locator("[data-page=notifications]").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await home(page);

    await w.getByRole("button", { name: words.signIn, exact: true }).first().click();
    await w.locator("[data-page=signIn]").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // A second code for the same address within the minute: the server's 429, said in the app's language.
    const first = `i18n-${lang}-${Date.now()}@example.com`;
    await w.getByLabel(words.contact).fill(first);
    await w.getByRole("button", { name: words.sendCode }).click();
    await w.getByText(words.sent).waitFor();
    await w.getByRole("button", { name: words.startOver }).click();
    await w.getByLabel(words.contact).fill(first);
    await w.getByRole("button", { name: words.sendCode }).click();
    await expect(w.getByRole("alert").textContent()).resolves.toBe(words.tooSoon);
    expect(await seriousViolations(page)).toEqual([]);

    // Another address signs in.
    const email = `i18n-${lang}-other-${Date.now()}@example.com`;
    await w.getByLabel(words.contact).fill(email);
    await w.getByRole("button", { name: words.sendCode }).click();
    await w.getByText(words.sent).waitFor();
    await w.getByLabel(words.code, { exact: true }).fill(await codeFromOutbox(email));
    await w.getByRole("button", { name: words.confirm }).click();
    await w.getByRole("button", { name: words.profile }).waitFor();
    await w.getByRole("button", { name: words.profile }).click();
    await w.locator("[data-page=profile]").waitFor();
    for (const label of [words.make, words.model, words.year, words.vin])
      await expect(w.getByLabel(label, { exact: true }).count(), label).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("shows the app-download banner in the app's language, linking to the promo page", async () => {
    const page = await openWidget(lang);
    const banner = widget(page).locator(".ba-banner");
    await expect(banner.locator(".ba-banner-text").textContent()).resolves.toBe(words.banner);
    await expect(banner.getByRole("link").getAttribute("href")).resolves.toBe(
      `${server.url}/promo/${apps[lang]}`,
    );
    await page.close();
  });
});

describe("French host page", () => {
  it("shows the app-download banner in French, and it passes axe", async () => {
    const page = await openWidget("en", "fr");
    await closePopup(page, "en");
    const banner = widget(page).locator(".ba-banner");
    await expect(banner.locator(".ba-banner-text").textContent()).resolves.toBe(
      "Téléchargez l'application gratuite pour des offres exclusives.",
    );
    await expect(banner.getByRole("link").textContent()).resolves.toBe("Télécharger");
    expect(await seriousViolations(page)).toEqual([]);
    await banner.getByRole("button", { name: "Fermer" }).click();
    await expect(banner.count()).resolves.toBe(0);
    await page.reload();
    await widget(page).locator("[data-page=home]").waitFor();
    await expect(widget(page).locator(".ba-banner").count()).resolves.toBe(0);
    await page.close();
  });
});
