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
    await until(() => el.shadowRoot.querySelector(".ba-account-menu"));
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
