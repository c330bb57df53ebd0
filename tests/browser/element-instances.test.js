import { expect } from "@esm-bundle/chai";
import { createApp, newAccount, until } from "./helpers.js";

await import("/sdk/brand-app.js");

let apps;
before(async () => {
  const token = await newAccount();
  apps = [];
  for (const [name, lang] of [
    ["First Motors", "en"],
    ["Second Motors", "es"],
    ["Third Motors", "en"],
  ])
    apps.push({ name, lang, id: await createApp(token, { name }) });
});

afterEach(() => {
  document.body.innerHTML = "";
});

const add = (appId) => {
  const el = document.createElement("brand-app");
  el.setAttribute("app-id", appId);
  document.body.appendChild(el);
  return el;
};

describe("three instances on one page", () => {
  it("each renders its own app in its own shadow root", async () => {
    const els = apps.map((a) => add(a.id));
    for (const [i, el] of els.entries()) {
      const name = await until(() => el.shadowRoot.querySelector(".ba-name"));
      expect(name.textContent).to.equal(apps[i].name);
      expect(el.shadowRoot.querySelectorAll(".ba-name").length).to.equal(1);
    }
    expect(new Set(els.map((e) => e.shadowRoot)).size).to.equal(3);
  });

  it("keep separate end users per app", async () => {
    const els = apps.map((a) => add(a.id));
    await until(() => els.every((el) => el.shadowRoot.querySelector(".ba-account-menu")));
    // The menu is drawn from storage before the account runtime loads; the runtime writes each app's user.
    await until(() => apps.every((a) => localStorage.getItem(`brand-app:${a.id}:user`)));
    const ids = apps.map((a) => JSON.parse(localStorage.getItem(`brand-app:${a.id}:user`)).userId);
    expect(new Set(ids).size).to.equal(3);
  });

  it("removing one leaves the others working, and one can change its app id", async () => {
    const els = apps.map((a) => add(a.id));
    await until(() => els.every((el) => el.shadowRoot.querySelector(".ba-name")));
    els[1].remove();
    els[0].setAttribute("app-id", apps[2].id);
    await until(() => els[0].shadowRoot.querySelector(".ba-name")?.textContent === "Third Motors");
    expect(els[2].shadowRoot.querySelector(".ba-name").textContent).to.equal("Third Motors");
    // Sign-in flows are independent: typing in one does not reach another.
    const signIn = await until(() =>
      [...els[2].shadowRoot.querySelectorAll(".ba-link")].find((b) => b.textContent === "Sign In"),
    );
    signIn.click();
    const input = await until(() => els[2].shadowRoot.querySelector("input[name=contact]"));
    input.focus();
    expect(els[0].shadowRoot.querySelector("input[name=contact]")).to.equal(null);
  });

  it("each sends its own install signal once per app", async () => {
    const els = apps.map((a) => add(a.id));
    await until(() => els.every((el) => el.shadowRoot.querySelector(".ba-account-menu")));
    const { get, createStore } = await import("/node_modules/idb-keyval/dist/index.js");
    const store = createStore("brand-app", "keyval");
    for (const a of apps) await until(() => get(`brand-app:${a.id}:installed`, store));
  });
});
