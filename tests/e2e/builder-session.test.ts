import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { signUpAndIn, tokenOf } from "./builder-helpers.ts";

const baseUrl = inject("baseUrl");
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ reducedMotion: "reduce" });
});
afterAll(() => browser?.close());

describe("builder session screens", () => {
  let email = "";

  it("login shows the server's message for a wrong password and keeps the user signed out", async () => {
    email = await signUpAndIn(page, baseUrl);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await tokenOf(page)).toBeNull();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await until(() => page.getByRole("alert").count()).toBe(1);
    expect(page.url()).toBe(`${baseUrl}/login`);
  });

  it("forgot password: 'Password reset email has been sent!'", async () => {
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await until(() => page.getByText("Password reset email has been sent!").count()).toBe(1);
  });

  it("reset password with a bad token shows the server's message", async () => {
    await page.goto(`${baseUrl}/reset-password/not-a-real-token-123`);
    await page.getByLabel("Password", { exact: true }).fill("new-secret");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByLabel("Password", { exact: true }).focus();
    await until(() => page.getByText("value should be equal to the password").count()).toBe(1);
    await page.getByLabel("Confirm password").fill("new-secret");
    await page.getByRole("button", { name: "Set password" }).click();
    await until(() => page.getByRole("alert").count()).toBe(1);
  });

  it("verify with a bad token shows the failure and offers a new link", async () => {
    await page.goto(`${baseUrl}/verify/not-a-real-token-123`);
    await until(() => page.getByRole("link", { name: "Send a new link" }).count()).toBe(1);
  });

  it("a token the server no longer knows is dropped and the user lands on the login", async () => {
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem("token", "stale-token-that-the-server-does-not-know"));
    await page.goto(`${baseUrl}/apps`);
    await page.waitForURL(`${baseUrl}/login`);
    expect(await tokenOf(page)).toBeNull();
  });

  it("signs back in from the login screen", async () => {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("secret-pass");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseUrl}/apps`);
    // The app list loads with its page (route-level code splitting): wait until it has asked the server.
    await page.getByRole("link", { name: "Create app" }).waitFor();
    expect(await tokenOf(page)).not.toBeNull();
  });

  it("a 401 while working drops the token and returns to the root (then the login)", async () => {
    const token = await tokenOf(page);
    // The session ends on the server (another tab signed out, or an admin revoked it).
    const out = await page.request.delete(`${baseUrl}/api/accounts/sign-out`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.ok()).toBe(true);
    // Open an app and come back: the app list asks the server again and gets a 401.
    await page.getByRole("link", { name: "Create app" }).click();
    await page.waitForURL(`${baseUrl}/apps/new/brand`);
    // The workspace loads with its page: work starts once its preview is there.
    await page.locator("[data-testid=phone-preview]").waitFor();
    await page.getByRole("link", { name: "App Builder" }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await tokenOf(page)).toBeNull();
  });
});
