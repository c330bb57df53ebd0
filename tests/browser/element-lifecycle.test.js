import { expect } from "@esm-bundle/chai";
import { createApp, newAccount, until } from "./helpers.js";

/**
 * Removing and re-adding the element, and the host's single-page navigation. Listeners on window and
 * document and every timer are counted from the moment the element is added; after it is removed they must
 * all be gone.
 */
await import("/sdk/brand-app.js");

const listeners = new Map();
const timers = new Set();
let watching = false;
/** Timers made while watching: proves the counting sees the widget's timers at all. */
let created = 0;
/** Watched timeouts that ran (the widget's own timers did their work while mounted). */
let fired = 0;
const key = (target, type, fn, opts) => [
  target,
  type,
  fn,
  typeof opts === "boolean" ? opts : !!opts?.capture,
];
function watchTarget(target) {
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  target.addEventListener = (type, fn, opts) => {
    if (watching)
      listeners.set(key(target, type, fn, opts).join("|") + listeners.size, key(target, type, fn, opts));
    return add(type, fn, opts);
  };
  target.removeEventListener = (type, fn, opts) => {
    const k = key(target, type, fn, opts);
    for (const [id, v] of listeners) if (v.every((x, i) => x === k[i])) listeners.delete(id);
    return remove(type, fn, opts);
  };
}
watchTarget(window);
watchTarget(document);
const realSetTimeout = window.setTimeout;
const realClearTimeout = window.clearTimeout;
const realSetInterval = window.setInterval;
const realClearInterval = window.clearInterval;
window.setTimeout = (fn, ms, ...args) => {
  const id = realSetTimeout(
    (...a) => {
      if (timers.delete(id)) fired++;
      typeof fn === "function" ? fn(...a) : undefined;
    },
    ms,
    ...args,
  );
  if (watching) {
    timers.add(id);
    created++;
  }
  return id;
};
window.clearTimeout = (id) => {
  timers.delete(id);
  realClearTimeout(id);
};
window.setInterval = (fn, ms, ...args) => {
  const id = realSetInterval(fn, ms, ...args);
  if (watching) timers.add(id);
  return id;
};
window.clearInterval = (id) => {
  timers.delete(id);
  realClearInterval(id);
};

let token;
let appId;
before(async () => {
  token = await newAccount();
  appId = await createApp(token, {
    name: "Lifecycle Motors",
    coverSlides: [{ image: "/api/images/a.png" }, { image: "/api/images/b.png" }],
    features: [
      { id: "7d3c1c9e-0d7a-4b59-9a51-3a6f0f0b0a01", type: "Coupons", title: "Specials" },
      { id: "7d3c1c9e-0d7a-4b59-9a51-3a6f0f0b0a02", type: "ContactUs", title: "Contact" },
    ],
  });
});

afterEach(() => {
  document.body.innerHTML = "";
});

async function mounted(parent = document.body) {
  const el = document.createElement("brand-app");
  el.setAttribute("app-id", appId);
  parent.appendChild(el);
  await until(() => el.shadowRoot?.querySelector(".ba-name"));
  // The runtime (account, analytics) arrives just after the first render.
  await until(() => el.shadowRoot.querySelector(".ba-account-menu"));
  return el;
}

describe("remove and re-add", () => {
  it("leaves no listener or timer behind, three times over", async () => {
    for (let round = 0; round < 3; round++) {
      listeners.clear();
      timers.clear();
      created = 0;
      fired = 0;
      watching = true;
      const el = await mounted();
      // Mounted long enough that the widget's own timers (the analytics flush after 250 ms) have run.
      await until(() => created > 0 && fired > 0);
      expect(created, "timers seen while mounted").to.be.greaterThan(0);
      el.remove();
      watching = false;
      // Requests in flight finish and clear their own timeouts.
      await until(() => timers.size === 0, 5000).catch(() => {});
      expect(
        [...listeners.values()].map((v) => v[1]),
        `listeners after round ${round}`,
      ).to.deep.equal([]);
      expect(timers.size, `timers after round ${round}`).to.equal(0);
    }
  });

  it("works again after being re-added, also moved to another parent", async () => {
    const el = await mounted();
    el.remove();
    document.body.appendChild(el);
    await until(() => el.shadowRoot.querySelector(".ba-name")?.textContent === "Lifecycle Motors");
    const other = document.createElement("section");
    document.body.appendChild(other);
    other.appendChild(el);
    const name = await until(() => el.shadowRoot.querySelector(".ba-name"));
    expect(name.textContent).to.equal("Lifecycle Motors");
    expect(el.shadowRoot.querySelectorAll(".ba-shell").length).to.equal(1);
  });
});

describe("single-page navigation of the host", () => {
  it("keeps working across pushState and back, and never touches the host's history", async () => {
    const start = location.href;
    const el = await mounted();
    const length = history.length;
    // The widget's own navigation stays inside it.
    const entry = await until(() =>
      [...el.shadowRoot.querySelectorAll(".ba-feature-button")].find((b) =>
        b.textContent.includes("Contact"),
      ),
    );
    entry.click();
    await until(() => el.shadowRoot.querySelector(".ba-back"));
    expect(history.length).to.equal(length);
    expect(location.href).to.equal(start);

    // The host routes to another page, moving the widget, then goes back.
    history.pushState({ page: 2 }, "", "?page=2");
    const page2 = document.createElement("main");
    document.body.replaceChildren(page2);
    page2.appendChild(el);
    await until(() => el.shadowRoot.querySelector(".ba-name") || el.shadowRoot.querySelector(".ba-back"));
    const popped = new Promise((r) => window.addEventListener("popstate", r, { once: true }));
    history.back();
    await popped;
    expect(location.href).to.equal(start);
    document.body.replaceChildren(el);
    const back = await until(
      () => el.shadowRoot.querySelector(".ba-back") ?? el.shadowRoot.querySelector(".ba-name"),
    );
    back.click?.();
    const name = await until(() => el.shadowRoot.querySelector(".ba-name"));
    expect(name.textContent).to.equal("Lifecycle Motors");
  });
});

describe("debug overlay", () => {
  it("shows the environment values only with the dotenv query marker", async () => {
    const plain = await mounted();
    expect(plain.shadowRoot.querySelector(".ba-debug")).to.equal(null);
    plain.remove();
    const start = location.href;
    history.replaceState(null, "", `${location.pathname}?dotenv`);
    try {
      const el = await mounted();
      const overlay = await until(() => el.shadowRoot.querySelector(".ba-debug"));
      expect(overlay.textContent).to.contain(appId);
      expect(overlay.textContent).to.contain("production");
    } finally {
      history.replaceState(null, "", start);
    }
  });
});
