import { expect } from "@esm-bundle/chai";
import { api, createApp, newAccount, until } from "./helpers.js";

await import("/sdk/brand-app.js");

let appId;
before(async () => {
  appId = await createApp(await newAccount(), { name: "Account Motors" });
});
afterEach(() => {
  document.body.innerHTML = "";
  localStorage.clear();
});

const mount = () => {
  const el = document.createElement("brand-app");
  el.setAttribute("app-id", appId);
  document.body.appendChild(el);
  return el;
};
const stored = () => JSON.parse(localStorage.getItem(`brand-app:${appId}:user`) ?? "null");

describe("the end user's account", () => {
  it("makes an anonymous user id and keeps it across mounts", async () => {
    const el = mount();
    // The menu is drawn with home from storage; the id is made when the account runtime starts.
    await until(() => el.shadowRoot.querySelector(".ba-account-menu") && stored());
    const first = stored().userId;
    expect(first).to.match(/^[0-9a-f-]{36}$/);
    el.remove();
    const again = mount();
    await until(() => again.shadowRoot.querySelector(".ba-account-menu"));
    expect(stored().userId).to.equal(first);
  });

  it("a profile load answered 401 clears the user id, signs out and shows code 202", async () => {
    const userId = crypto.randomUUID();
    localStorage.setItem(
      `brand-app:${appId}:user`,
      JSON.stringify({
        userId,
        token: "revoked-token",
        email: "gone@example.com",
        profile: { emailVerified: true },
      }),
    );
    const el = mount();
    const error = await until(() => el.shadowRoot.querySelector(".ba-account-error"));
    expect(error.textContent).to.contain("(code 202)");
    const signIn = await until(() =>
      [...el.shadowRoot.querySelectorAll(".ba-account-menu .ba-link")].find(
        (b) => b.textContent === "Sign In",
      ),
    );
    expect(signIn).to.not.equal(undefined);
    await until(() => stored().userId !== userId);
    expect(stored().token).to.equal(undefined);
  });

  it("one Sign In entry, inside the app's frame: its screen replaces home, back and Escape return to it", async () => {
    const el = mount();
    const root = el.shadowRoot;
    const entries = () => [...root.querySelectorAll("button")].filter((b) => b.textContent === "Sign In");
    await until(() => entries().length === 1 && root.querySelector(".ba-account-prompt"));
    const entry = entries()[0];
    // The menu is part of the app, above its header on home, and the prompt describes the entry.
    expect(entry.closest(".ba-root")).to.not.equal(null);
    expect(root.querySelector(".ba-root > .ba-account + .ba-home")).to.not.equal(null);
    expect(root.getElementById(entry.getAttribute("aria-describedby")).textContent).to.equal(
      "Sign in for special offers Get mobile coupons and special offers.",
    );
    const frame = root.querySelector(".ba-root").getBoundingClientRect();

    entry.click();
    const heading = await until(() => root.querySelector(".ba-screen[data-page=signIn] .ba-bar-title"));
    expect(heading.textContent).to.equal("Sign In");
    expect(root.activeElement).to.equal(heading);
    expect(root.querySelector("[data-page=home]")).to.equal(null);
    expect(entries()).to.have.length(0);
    // The screen fills the app's frame in place of home, not a panel stacked above it.
    const screen = root.querySelector(".ba-screen[data-page=signIn]");
    expect(screen.closest(".ba-root")).to.equal(root.querySelector(".ba-root"));
    expect(screen.getBoundingClientRect().top).to.equal(frame.top);
    expect(root.querySelector(".ba-screen input[name=contact]")).to.not.equal(null);

    root.querySelector(".ba-screen .ba-bar .ba-back").click();
    await until(() => root.querySelector("[data-page=home]"));
    expect(root.querySelector("[data-page=signIn]")).to.equal(null);
    await until(() => root.activeElement === entries()[0]);

    entries()[0].click();
    const input = await until(() => root.querySelector(".ba-screen input[name=contact]"));
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    await until(() => root.querySelector("[data-page=home]"));
    await until(() => root.activeElement === entries()[0]);
  });

  it("Spanish apps speak Spanish in the account menu", async () => {
    const token = await newAccount();
    const esApp = (
      await api("/apps", { method: "POST", body: { definition: { name: "Motores" }, lang: "es" }, token })
    ).appId;
    const el = document.createElement("brand-app");
    el.setAttribute("app-id", esApp);
    document.body.appendChild(el);
    const link = await until(() => el.shadowRoot.querySelector(".ba-account-menu .ba-link"));
    expect(link.textContent).to.equal("Iniciar sesión");
  });
});

describe("the account menu in the first view", () => {
  it("draws Sign In with the 'Sign in for special offers' prompt from storage, and 'Login later' pressed before the runtime runs is kept", async () => {
    const el = mount();
    const later = await until(() =>
      [...(el.shadowRoot?.querySelectorAll(".ba-account-prompt button") ?? [])].find(
        (b) => b.textContent === "Login later",
      ),
    );
    expect(el.shadowRoot.querySelector(".ba-account-prompt").textContent).to.contain(
      "Sign in for special offers",
    );
    later.click();
    await until(() => !el.shadowRoot.querySelector(".ba-account-prompt"));
    // The account runtime takes the choice over: it is stored, and a new mount shows no prompt.
    await until(() => stored()?.loginLaterAt);
    el.remove();
    const again = mount();
    await until(() => again.shadowRoot?.querySelector(".ba-account-menu"));
    expect(again.shadowRoot.querySelectorAll(".ba-account-prompt").length).to.equal(0);
  });

  it("a Spanish app's menu and prompt are in Spanish", async () => {
    const token = await newAccount();
    const esApp = (
      await api("/apps", { method: "POST", body: { definition: { name: "Motores" }, lang: "es" }, token })
    ).appId;
    const el = document.createElement("brand-app");
    el.setAttribute("app-id", esApp);
    document.body.appendChild(el);
    const prompt = await until(() => el.shadowRoot?.querySelector(".ba-account-prompt"));
    expect(prompt.textContent).to.contain("Inicia sesión para ofertas especiales");
    expect(el.shadowRoot.querySelector(".ba-account-menu .ba-link").textContent).to.equal("Iniciar sesión");
  });
});
