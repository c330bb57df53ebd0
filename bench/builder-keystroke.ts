import fs from "node:fs";
import path from "node:path";
import { newFeature } from "../core/index.ts";
import { AppDefinition, featureTypes, validate } from "../schemas/index.ts";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { startServer } from "../tests/e2e/server.ts";

/**
 * Keystroke-to-preview latency in the builder: an app with every feature type (22) and about 300 fields,
 * 100 keystrokes into a feature editor and 100 into the app name, each timed from keydown to the preview's
 * DOM change (commit) and to the next animation frame after it. Prints median and p95 and how many form
 * fields the page holds (a list of more than three objects starts with its cards closed, so the Contact us
 * editor renders its groups' names, not their fields); never fails on time.
 */
const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "dist/builder/index.html")))
  throw new Error("run `node --import tsx scripts/build.ts builder` first");

const KEYSTROKES = 100;

/** Values that make each type valid, and enough list content to reach about 300 fields. */
function richDefinition() {
  const fill: Record<string, Record<string, unknown>> = {
    ClickToCall: { phone: "(555) 010-2030" },
    ClickToDirections: { address: "1 Main Street, Springfield" },
    ClickToEmail: { email: "sales@example.com" },
    WebLink: { link: "example.com" },
    ClickToText: { phone: "(555) 010-2031" },
    Email: { recipients: "office@example.com" },
    ReferralProgram: { programName: "Friends and Family", instructions: "Share this with a friend" },
    Loyalty: { code: "12345", description: "Ten stamps for a free wash" },
    PopUp: { message: "Welcome to our app" },
    BrandedOemAppSelect: { presets: ["Ford", "Lincoln"] },
    BrandedRoadsideAssistance: { phone: "(555) 010-2040" },
    BrandedBookYourService: { link: "example.com/book" },
    ContactUs: {
      address: "1 Main Street, Springfield",
      groups: Array.from({ length: 5 }, (_, g) => ({
        name: `Department ${g + 1}`,
        methods: [
          {
            type: "PhoneNumber",
            value: `(555) 010-20${10 + g}`,
            displayName: "Main line",
            extras: { ext: "12" },
          },
          { type: "MobileNumber", value: `(555) 010-21${10 + g}`, displayName: "Mobile" },
          { type: "Texting", value: `(555) 010-22${10 + g}`, displayName: "Text us" },
          { type: "Email", value: `dept${g}@example.com`, displayName: "Email" },
          { type: "Website", value: "example.com", displayName: "Website" },
          { type: "Address", value: "1 Main Street, Springfield", displayName: "Visit" },
        ],
      })),
    },
    Form: {
      submitText: "Send",
      fields: Array.from({ length: 12 }, (_, i) => ({
        name: `Question ${i + 1}`,
        description: `Please answer question ${i + 1}`,
        type: i % 3 === 0 ? "TextArea" : "Text",
        long: i % 3 === 0,
      })),
    },
    DealershipSelector: {
      dealerships: Array.from({ length: 8 }, (_, i) => ({
        name: `Dealership ${i + 1}`,
        address: `${i + 1} Main Street, Springfield`,
        phone: `(555) 010-30${10 + i}`,
        website: "example.com",
      })),
    },
  };
  const features: Record<string, any>[] = featureTypes().map((m) => ({
    ...newFeature(m.type),
    ...(fill[m.type] ?? {}),
  }));
  features.find((f) => f.type === "ClickToReference")!.featureId = features[0].id;
  features.find((f) => f.type === "Menu")!.items = features
    .slice(0, 10)
    .map((f) => ({ featureId: f.id, hideFromFeatures: false }));
  return {
    name: "Benchmark Motors",
    logo: "/api/icon-files/none.svg",
    cover: "/api/icon-files/none.svg",
    features,
  };
}

const countFields = (v: unknown): number =>
  Array.isArray(v)
    ? v.reduce((n: number, x) => n + countFields(x), 0)
    : v && typeof v === "object"
      ? Object.values(v).reduce((n: number, x) => n + countFields(x), 0)
      : 1;

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const definition = richDefinition();
const errors = validate(AppDefinition, structuredClone(definition));
if (errors.length) throw new Error(`benchmark definition is invalid: ${JSON.stringify(errors)}`);

const server = await startServer({ LOG_LEVEL: "error" });
const browser = await launchBrowser();
try {
  const base = server.url;
  const email = `bench-${Date.now()}@example.com`;
  const json = { "content-type": "application/json" };
  await fetch(`${base}/api/accounts/sign-up`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password: "bench-pass" }),
  });
  const token = (
    await (
      await fetch(`${base}/api/accounts/sign-in`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email, password: "bench-pass" }),
      })
    ).json()
  ).data as string;
  const created = await fetch(`${base}/api/apps`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ definition }),
  });
  if (!created.ok) throw new Error(`create failed: ${await created.text()}`);
  const app = (await created.json()).data as { appId: string };

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${base}/login`);
  await page.evaluate((t) => localStorage.setItem("token", t), token);

  /** Types KEYSTROKES keys (a letter, then Backspace, so the text stays within its limits) into `input`. */
  async function measure(url: string, input: string, open: readonly string[]) {
    await page.goto(url);
    // What to click first: a group's card, then its methods' "Expand all".
    for (const target of open) await page.locator(target).click();
    await page.locator(input).waitFor();
    await page.locator("[data-testid=phone-preview]").waitFor();
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      const w = window as unknown as { __samples: { commit: number; frame: number }[] };
      w.__samples = [];
      const root = document.querySelector("[data-testid=phone-preview]")!.shadowRoot!;
      let t0 = 0;
      // Capture phase: the clock starts before React sees the key.
      document.addEventListener("keydown", () => (t0 = performance.now()), true);
      new MutationObserver(() => {
        if (!t0) return;
        const start = t0;
        const commit = performance.now() - start;
        t0 = 0;
        requestAnimationFrame(() => w.__samples.push({ commit, frame: performance.now() - start }));
      }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.locator(input).click();
    await page.keyboard.press("End");
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(i % 2 === 0 ? "x" : "Backspace");
      await page
        .waitForFunction((n) => (window as any).__samples.length >= n, i + 1, { timeout: 10000 })
        .catch(async (e) => {
          console.error(
            "no preview change after a keystroke; input:",
            await page.locator(input).inputValue(),
            "preview:",
            (await page.locator("[data-testid=phone-preview] .ba-root").first().innerText()).slice(0, 200),
          );
          throw e;
        });
    }
    const samples = (await page.evaluate(() => (window as any).__samples)) as {
      commit: number;
      frame: number;
    }[];
    const fields = await page.locator("input, textarea, select").count();
    return {
      commit: stats(samples.map((s) => s.commit)),
      frame: stats(samples.map((s) => s.frame)),
      fields,
    };
  }

  const contact = (definition.features as { id: string; type: string }[]).find(
    (f) => f.type === "ContactUs",
  )!;
  const runs = [
    [
      "feature editor (Contact us title)",
      `${base}/apps/${app.appId}/features/contact-us?id=${contact.id}`,
      "#root_title",
      [],
    ],
    [
      "feature editor, in an open group (a method's display name)",
      `${base}/apps/${app.appId}/features/contact-us?id=${contact.id}`,
      "#root_groups_0_methods_0_displayName",
      ["#root_groups_0__heading", "#root_groups_0_methods > .form-list-toggle-all"],
    ],
    ["app name (home screen, 22 features)", `${base}/apps/${app.appId}/brand`, "#root_name", []],
  ] as const;
  console.log(
    `app: ${definition.features.length} features, ${countFields(definition)} fields; ${KEYSTROKES} keystrokes per run`,
  );
  for (const [name, url, input, open] of runs) {
    const r = await measure(url, input, open);
    console.log(
      `${name}: keydown→preview commit median ${ms(r.commit.median)}, p95 ${ms(r.commit.p95)}, max ${ms(r.commit.max)}; ` +
        `keydown→next frame median ${ms(r.frame.median)}, p95 ${ms(r.frame.p95)} (target p95 ≤ 16 ms); ` +
        `${r.fields} form fields on the page`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
