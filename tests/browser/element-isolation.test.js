import { expect } from "@esm-bundle/chai";
import { createApp, newAccount, until } from "./helpers.js";

/** Styles are isolated both ways: a hostile host stylesheet does not change the widget, nor the widget the host. */
await import("/sdk/brand-app.js");

const HOSTILE = `
* { color: rgb(255, 0, 0) !important; font-family: "Comic Sans MS", cursive !important; font-size: 31px !important;
    line-height: 7 !important; letter-spacing: 9px !important; text-transform: uppercase !important;
    font-style: italic !important; font-weight: 100 !important; text-align: right !important;
    visibility: visible !important; word-spacing: 20px !important; background: lime !important; }
div, p, span, button, h1, h2, img, li, ul, nav, section { display: inline !important; padding: 40px !important;
    margin: 40px !important; border: 5px dashed blue !important; box-sizing: content-box !important; }
.ba-root, .ba-name, .ba-shell, .ba-status, .ba-link { display: none !important; }
brand-app { filter: none; }
`;

const PROPS = [
  "color",
  "font-family",
  "font-size",
  "line-height",
  "letter-spacing",
  "text-transform",
  "font-style",
  "font-weight",
  "text-align",
  "display",
  "padding-top",
  "margin-top",
  "border-top-style",
  "background-color",
];

let appId;
before(async () => {
  appId = await createApp(await newAccount(), { name: "Isolated Motors" });
});
afterEach(() => {
  document.body.innerHTML = "";
  for (const s of document.querySelectorAll("style[data-hostile]")) s.remove();
});

async function snapshot() {
  const el = document.createElement("brand-app");
  el.setAttribute("app-id", appId);
  document.body.appendChild(el);
  await until(() => el.shadowRoot?.querySelector(".ba-name"));
  await until(() => el.shadowRoot.querySelector(".ba-link"));
  const read = (sel) => {
    const cs = getComputedStyle(el.shadowRoot.querySelector(sel));
    return Object.fromEntries(PROPS.map((p) => [p, cs.getPropertyValue(p)]));
  };
  const result = { name: read(".ba-name"), root: read(".ba-root"), link: read(".ba-link") };
  el.remove();
  return result;
}

describe("style isolation", () => {
  it("a hostile host stylesheet does not change the widget", async () => {
    const clean = await snapshot();
    const style = document.createElement("style");
    style.dataset.hostile = "";
    style.textContent = HOSTILE;
    document.head.appendChild(style);
    const hostile = await snapshot();
    expect(hostile).to.deep.equal(clean);
    expect(clean.name.color).to.not.equal("rgb(255, 0, 0)");
  });

  it("the widget does not change the host page", async () => {
    const host = document.createElement("div");
    host.innerHTML = `<h2 class="ba-name">Host title</h2><p class="ba-root">Host text</p><button class="ba-button">Host button</button>`;
    document.body.appendChild(host);
    const read = () =>
      [...host.children].map((c) => {
        const cs = getComputedStyle(c);
        return PROPS.map((p) => cs.getPropertyValue(p)).join(";");
      });
    const before = read();
    const sheets = document.styleSheets.length;
    const headChildren = document.head.children.length;
    const el = document.createElement("brand-app");
    el.setAttribute("app-id", appId);
    document.body.appendChild(el);
    await until(() => el.shadowRoot?.querySelector(".ba-name"));
    await until(() => el.shadowRoot.querySelector(".ba-link"));
    expect(read()).to.deep.equal(before);
    expect(document.styleSheets.length).to.equal(sheets);
    expect(document.head.children.length).to.equal(headChildren);
    // The widget's own styles live in its shadow root only.
    expect(el.shadowRoot.querySelector("style").textContent).to.contain(".ba-name");
  });
});
