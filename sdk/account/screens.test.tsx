import { act, useSyncExternalStore } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Account, createAccount } from "../account.ts";
import { type WidgetClient, widgetClient } from "../client.ts";
import { AppView } from "../views/AppView.tsx";
import { baseDefinition, settle, spokenText } from "../views/test/render.tsx";
import { accountScreens } from "./screens.tsx";
import { accountTexts } from "./texts.ts";

const APP = "11111111-2222-4333-8444-555555555555";
const SERVER_USER = "99999999-8888-4777-8666-555555555555";

/** One request the fake API answered: method, path and JSON body. */
interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The widget API as the account talks to it, in memory: codes, sign-in, the profile and vehicles. `failNext`
 * makes the next PUT answer the given status with the error envelope, as the server does.
 */
function fakeApi() {
  const calls: Call[] = [];
  let profile: Record<string, unknown> = { emailVerified: true, email: "ada@example.com", vehicles: [] };
  const state = { failNext: null as null | { status: number; message: string; code: string } };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(url)).pathname.replace(/^\/api/, "");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (method === "PUT" && state.failNext) {
      const f = state.failNext;
      state.failNext = null;
      return json(f.status, { error: { message: f.message, code: f.code } });
    }
    if (path.endsWith("/auth/email-confirmation")) return json(200, { data: true });
    if (path.endsWith("/auth/sign-in")) {
      if (body.code !== "123456")
        return json(400, { error: { message: "The code must be invalid :(", code: "X" } });
      return json(200, { data: { userId: SERVER_USER, token: "t0ken", profile } });
    }
    if (path.includes("/auth/sign-out/")) return json(200, { data: true });
    if (path === "/mobile/cars/makes") return json(200, { data: ["Ford"] });
    if (path.startsWith("/mobile/cars/makes/")) return json(200, { data: ["F-150"] });
    if (path === `/mobile/users/${SERVER_USER}/vehicles` && method === "PUT") {
      profile = { ...profile, vehicles: body };
      return json(200, { data: body });
    }
    if (path === `/mobile/users/${SERVER_USER}`) {
      if (method === "PUT") profile = { ...profile, ...body };
      return json(200, { data: profile });
    }
    return json(404, { error: { message: "Not found", code: "NotFound" } });
  };
  return { calls, state, fetch: fetch as typeof globalThis.fetch };
}

let root: Root;
let container: HTMLElement;
let account: Account;
let api: ReturnType<typeof fakeApi>;

/** The widget's way of hosting the account: AppView with the account screens, redrawn on every change. */
function Host({ account, client, lang }: { account: Account; client: WidgetClient; lang: "en" | "es" }) {
  const state = useSyncExternalStore(account.subscribe, account.get, account.get);
  return (
    <AppView
      definition={baseDefinition()}
      appId={APP}
      mode="widget"
      lang={lang}
      now={Date.UTC(2026, 5, 15, 12)}
      screens={accountScreens({ account, state, client, t: accountTexts(lang) })}
    />
  );
}

async function mount(lang: "en" | "es" = "en") {
  api = fakeApi();
  const client = widgetClient({ apiBase: "http://api.test", appId: APP, fetch: api.fetch });
  account = createAccount(APP, client);
  account.start();
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<Host account={account} client={client} lang={lang} />));
  await settle(container);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => root.unmount());
  account.stop();
  container.remove();
});

const $ = <E extends Element = HTMLElement>(s: string) => container.querySelector<E>(s);
const buttons = (label: string) =>
  Array.from(container.querySelectorAll<HTMLElement>("button")).filter((b) => spokenText(b) === label);
const button = (label: string) => {
  const [b] = buttons(label);
  if (!b) throw new Error(`No button "${label}" in: ${container.textContent}`);
  return b;
};
async function click(el: HTMLElement) {
  await act(async () => el.click());
  await settle(container);
}
async function type(name: string, value: string) {
  const input = $<HTMLInputElement>(`input[name=${name}]`);
  if (!input) throw new Error(`No input ${name}`);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await settle(container);
}
async function key(el: Element, k: string) {
  await act(async () => el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })));
  await settle(container);
}
/** Waits (turning the event loop inside act) until `check` holds: failure texts load on the first failure. */
async function until(check: () => boolean) {
  for (let i = 0; i < 400 && !check(); i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  expect(check()).toBe(true);
}
const alertText = () => $("[role=alert]")?.textContent;
const focused = () => document.activeElement as HTMLElement | null;
const heading = () => $(".ba-screen .ba-bar-title");
const barBack = () => $(".ba-screen .ba-bar .ba-back") as HTMLElement;

async function signIn() {
  await click(button("Sign In"));
  await type("contact", "ada@example.com");
  await click(button("Send Code"));
  await type("code", "123456");
  await click(button("Confirm code"));
}

describe("the account inside the app's frame", () => {
  it("signed out: one Sign In entry on home, described by the 'Sign in for special offers' prompt", async () => {
    await mount();
    expect(buttons("Sign In")).toHaveLength(1);
    expect($(".ba-root [data-page=home]")).not.toBeNull();
    const entry = button("Sign In");
    expect(entry.closest(".ba-root")).not.toBeNull();
    const prompt = container.querySelector(`#${CSS.escape(entry.getAttribute("aria-describedby") ?? "")}`);
    expect(prompt?.textContent).toBe("Sign in for special offers Get mobile coupons and special offers.");
    // 'Login later' closes the prompt; the entry stays.
    await click(button("Login later"));
    expect(container.textContent).not.toContain("Sign in for special offers");
    expect(buttons("Sign In")).toHaveLength(1);
    expect(entry.hasAttribute("aria-describedby")).toBe(false);
  });

  it("Sign In replaces home inside the frame, its heading takes the focus, and back returns to the entry", async () => {
    await mount();
    await click(button("Sign In"));
    expect($("[data-page=home]")).toBeNull();
    expect($(".ba-root .ba-screen[data-page=signIn]")).not.toBeNull();
    expect(heading()?.textContent).toBe("Sign In");
    expect(focused()).toBe(heading());
    expect(buttons("Sign In")).toHaveLength(0);
    expect($("input[name=contact]")?.closest("label")?.textContent).toBe("Email or phone");

    await click(barBack());
    expect($("[data-page=home]")).not.toBeNull();
    expect($("[data-page=signIn]")).toBeNull();
    expect(focused()).toBe(button("Sign In"));

    // Escape is back too, from anywhere in the screen.
    await click(button("Sign In"));
    await type("contact", "ada@");
    await key($("input[name=contact]") as Element, "Escape");
    expect($("[data-page=home]")).not.toBeNull();
    expect(focused()).toBe(button("Sign In"));
    // What was typed is still there when the screen opens again.
    await click(button("Sign In"));
    expect($<HTMLInputElement>("input[name=contact]")?.value).toBe("ada@");
  });

  it("'Login later' on the screen closes it; opened again, the sign-in goes on from the contact", async () => {
    await mount();
    await click(button("Sign In"));
    await click(button("Login later"));
    expect($("[data-page=home]")).not.toBeNull();
    expect(container.textContent).not.toContain("Sign in for special offers");
    expect(focused()).toBe(button("Sign In"));
    expect(JSON.parse(localStorage.getItem(`brand-app:${APP}:user`) ?? "{}").loginLaterAt).toEqual(
      expect.any(Number),
    );

    await click(button("Sign In"));
    expect($("[data-page=signIn]")).not.toBeNull();
    await type("contact", "ada@example.com");
    await click(button("Send Code"));
    expect(container.textContent).toContain("We sent a code to ada@example.com");
    expect(api.calls.filter((c) => c.path.endsWith("/auth/email-confirmation"))).toHaveLength(1);
  });

  it("signing in closes the screen; the entry becomes My Profile (and Sign Out) and takes the focus", async () => {
    await mount();
    await click(button("Sign In"));
    await type("contact", "ada@example.com");
    await click(button("Send Code"));
    expect(container.textContent).toContain(
      "We sent a code to ada@example.com by email or text. It can take up to 2 minutes to arrive. If you used an email, check your junk folder.",
    );
    await click(button("Confirm code"));
    expect(alertText()).toBe("Code is required");
    await type("code", "000000");
    await click(button("Confirm code"));
    await until(() => alertText() === "The code must be invalid :(");
    expect(alertText()).toBe("The code must be invalid :(");
    expect($("[data-page=signIn]")).not.toBeNull();
    await type("code", "123456");
    await click(button("Confirm code"));

    expect($("[data-page=home]")).not.toBeNull();
    expect(buttons("Sign In")).toHaveLength(0);
    expect(buttons("My Profile")).toHaveLength(1);
    expect(buttons("Sign Out")).toHaveLength(1);
    expect(focused()).toBe(button("My Profile"));
    expect(container.textContent).not.toContain("Sign in for special offers");
    expect(api.calls.filter((c) => c.path.endsWith("/auth/sign-in")).map((c) => c.body)).toEqual([
      { email: "ada@example.com", code: "000000", userId: expect.any(String) },
      { email: "ada@example.com", code: "123456", userId: expect.any(String) },
    ]);
  });

  it("My Profile: a save confirms 'Profile saved'; a server error keeps what was typed and shows the error", async () => {
    await mount();
    await signIn();
    await click(button("My Profile"));
    expect($(".ba-screen[data-page=profile]")).not.toBeNull();
    expect(heading()?.textContent).toBe("My Profile");
    expect(focused()).toBe(heading());

    await type("name", "Ada Lovelace");
    await type("company", "Analytical Engines");
    api.state.failNext = { status: 500, message: "The database is unavailable", code: "Internal" };
    await click(button("Save"));
    await until(() => !!alertText());
    expect(alertText()).toBe("The database is unavailable (code 200)");
    expect($("[role=status].ba-account-saved")?.textContent).toBe("");
    expect($<HTMLInputElement>("input[name=name]")?.value).toBe("Ada Lovelace");
    expect($<HTMLInputElement>("input[name=company]")?.value).toBe("Analytical Engines");
    expect($("[data-page=profile]")).not.toBeNull();

    await click(button("Save"));
    expect($("[role=alert]")).toBeNull();
    expect($("[role=status].ba-account-saved")?.textContent).toBe("Profile saved");
    const puts = api.calls.filter((c) => c.method === "PUT" && c.path === `/mobile/users/${SERVER_USER}`);
    expect(puts).toHaveLength(2);
    expect(puts[1].body).toMatchObject({ name: "Ada Lovelace", company: "Analytical Engines" });
    expect(account.get().profile?.name).toBe("Ada Lovelace");
    // Typing again clears the confirmation: it spoke of the values saved.
    await type("name", "Ada King");
    expect($("[role=status].ba-account-saved")?.textContent).toBe("");

    await key($("input[name=name]") as Element, "Escape");
    expect($("[data-page=home]")).not.toBeNull();
    expect(focused()).toBe(button("My Profile"));
  });

  it("My Vehicles: an added vehicle is confirmed and listed; a refused one keeps the fields", async () => {
    await mount();
    await signIn();
    await click(button("My Profile"));
    expect(container.textContent).toContain("No Vehicles");
    await type("make", "Ford");
    await type("model", "F-150");
    await type("year", "2021");
    api.state.failNext = { status: 400, message: "invalid vehicle", code: "Invalid" };
    await click(button("Add vehicle"));
    await until(() => !!alertText());
    expect($(".ba-vehicle-form [role=alert]")?.textContent).toBe("invalid vehicle (code 200)");
    expect($<HTMLInputElement>("input[name=make]")?.value).toBe("Ford");
    await click(button("Add vehicle"));
    expect($(".ba-vehicle-form [role=status]")?.textContent).toBe("Vehicle added");
    expect($(".ba-vehicle")?.textContent).toBe("2021 Ford F-150Remove");
    expect($<HTMLInputElement>("input[name=make]")?.value).toBe("");

    await click(button("Remove"));
    expect(container.textContent).toContain("No Vehicles");
    expect(container.textContent).toContain("Vehicle removed");
    // The Remove button left with its vehicle: the list's heading has the focus, not the page.
    expect(focused()?.textContent).toBe("My Vehicles");
    expect(api.calls.at(-1)).toMatchObject({
      method: "PUT",
      path: `/mobile/users/${SERVER_USER}/vehicles`,
      body: [],
    });
  });

  it("Sign Out asks 'Are you sure you want to sign out?': Not Now returns, Ok signs out", async () => {
    await mount();
    await signIn();
    await click(button("Sign Out"));
    expect($(".ba-screen[data-page=signOut]")).not.toBeNull();
    expect(heading()?.textContent).toBe("Sign Out");
    expect(container.textContent).toContain("Are you sure you want to sign out?");
    await click(button("Not Now"));
    expect(account.get().signedIn).toBe(true);
    expect(focused()).toBe(button("Sign Out"));

    await click(button("Sign Out"));
    await click(button("Ok"));
    expect($("[data-page=home]")).not.toBeNull();
    expect(account.get().signedIn).toBe(false);
    expect(buttons("Sign In")).toHaveLength(1);
    expect(buttons("My Profile")).toHaveLength(0);
    expect(focused()).toBe(button("Sign In"));
    expect(api.calls.some((c) => c.method === "DELETE" && c.path.includes("/auth/sign-out/"))).toBe(true);
  });

  it("Spanish apps: the entry, the screen's heading and the confirmation in Spanish", async () => {
    await mount("es");
    expect(buttons("Iniciar sesión")).toHaveLength(1);
    await click(button("Iniciar sesión"));
    expect(heading()?.textContent).toBe("Iniciar sesión");
    await type("contact", "ada@example.com");
    await click(button("Enviar código"));
    // The sign-in machine's own messages speak the app's language too.
    await click(button("Confirmar código"));
    expect(alertText()).toBe("El código es obligatorio");
    await type("code", "123456");
    await click(button("Confirmar código"));
    await click(button("Mi perfil"));
    await type("name", "Ada");
    await click(button("Guardar"));
    expect($("[role=status].ba-account-saved")?.textContent).toBe("Perfil guardado");
  });
});
