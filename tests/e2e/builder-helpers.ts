import type { Page } from "playwright-core";
import sharp from "sharp";

/** A solid PNG for upload tests. */
export const solidPng = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** Signs up through the API and in through the login screen; returns the email. */
export async function signUpAndIn(page: Page, baseUrl: string, password = "secret-pass"): Promise<string> {
  const email = `builder-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post(`${baseUrl}/api/accounts/sign-up`, { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/apps`);
  return email;
}

/** The session token the builder stored, for API calls made beside the UI. */
export const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

/** The phone preview (an open shadow root, which Playwright's locators pierce). */
export const preview = (page: Page) => page.locator("[data-testid=phone-preview]");

/** Runs axe-core on the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page, axeSource: string) {
  // Evaluated over CDP: the console's CSP (rightly) refuses inline script tags.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx?: unknown, opts?: unknown) => Promise<any> } }).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
    }));
}
