import { expect } from "@esm-bundle/chai";
import { createApp, loadScript, newAccount, until } from "./helpers.js";

// The shipped element bundle (screens below home are its lazy chunks), and axe-core for the audit.
await import("/sdk/brand-app.js");
await loadScript("/node_modules/axe-core/axe.min.js");

const id = () => crypto.randomUUID();
const soon = new Date(Date.now() + 7 * 86400000).toISOString();
const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** One feature of each main screen, with the content that makes the screen draw its parts. */
const features = [
  { id: id(), type: "Coupons", title: "Specials" },
  { id: id(), type: "Events", title: "Promotions" },
  {
    id: id(),
    type: "ContactUs",
    title: "Contact Us",
    address: "1 Main St, Springfield",
    groups: [
      {
        name: "Service",
        methods: [
          { type: "PhoneNumber", value: "(555) 555-1234", extras: { ext: "12" } },
          { type: "Email", value: "service@sunrise.example" },
        ],
      },
    ],
  },
  { id: id(), type: "ClickToCall", title: "Call Us", phone: "(555) 555-0100" },
  { id: id(), type: "ClickToEmail", title: "Email Us", email: "sales@sunrise.example", subject: "Hello" },
  { id: id(), type: "ClickToText", title: "Text Us", phone: "555-555-0101" },
  { id: id(), type: "WebLink", title: "Shop", link: "https://shop.example/?app=[$appId]" },
  {
    id: id(),
    type: "Form",
    title: "Contact Form",
    fields: [
      { name: "Name", type: "Text" },
      { name: "Email", type: "Email" },
      { name: "Department", type: "Select", options: ["Sales", "Service"] },
      { name: "Subscribe", type: "Checkbox" },
    ],
  },
  { id: id(), type: "Loyalty", title: "Loyalty", stampNumber: 8, code: "ABCDE1" },
  {
    id: id(),
    type: "Loyalty2",
    title: "Rewards",
    programs: [
      { id: id(), title: "Gold", description: "Earn on every visit" },
      { id: id(), title: "Silver" },
    ],
  },
  {
    id: id(),
    type: "ReferralProgram",
    title: "Refer a Friend",
    programName: "Friends & Family",
    instructions: "Share this certificate with a friend.",
    certificateDescription: "$50 off your first service",
    expiration: "2026-12-31",
  },
];

const definition = {
  name: "Axe Motors",
  logo: png,
  cover: png,
  theme: { layout: "SingleRow", rowFeatureCount: 4 },
  features,
  coupons: [{ id: id(), title: "Oil change $19.99", description: "Synthetic blend, most cars", to: soon }],
  events: [{ id: id(), title: "Tent sale", description: "All week", link: "https://dealer.example/tent" }],
};

/** axe-core over the element (its open shadow root included); only serious and critical impacts fail. */
async function audit(el, page) {
  const result = await window.axe.run(el, { resultTypes: ["violations"] });
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(report, `axe on ${page}`).to.deep.equal([]);
}

const shadow = (el) => el.shadowRoot;
/** What a screen reader reads for a control: its text without the aria-hidden decorations (icon letters). */
const spoken = (el) => {
  const copy = el.cloneNode(true);
  for (const hidden of copy.querySelectorAll("[aria-hidden=true]")) hidden.remove();
  return copy.textContent.trim();
};
const buttonByText = (root, text) => [...root.querySelectorAll("button, a")].find((b) => spoken(b) === text);

let el;
before(async () => {
  const token = await newAccount();
  const appId = await createApp(token, definition);
  el = document.createElement("brand-app");
  el.setAttribute("app-id", appId);
  document.body.appendChild(el);
  await until(() => shadow(el).querySelector(".ba-name"));
});
after(() => el.remove());

describe("views in Chromium", () => {
  it("home has no serious or critical axe violations", async () => {
    await audit(el, "home");
    // The audit reaches inside the shadow root: its targets are shadow paths (host, then inner selector).
    const names = await window.axe.run(el, { runOnly: ["button-name"] });
    expect(names.passes[0].nodes.some((n) => Array.isArray(n.target[0]))).to.equal(true);
  });

  it("'More' opens the overflow and every feature screen passes axe", async () => {
    for (const f of features) {
      const root = shadow(el);
      let entry = buttonByText(root, f.title);
      if (!entry || entry.closest("[hidden]")) {
        const more = buttonByText(root, "More");
        if (!more) throw new Error(`no More on: ${root.textContent}`);
        more.click();
        entry = await until(() => {
          const b = buttonByText(root, f.title);
          return b && !b.closest("[hidden]") && b;
        }).catch(() => {
          throw new Error(`${f.title} not on home: ${root.querySelector(".ba-root").textContent}`);
        });
      }
      entry.click();
      const screen = await until(() => root.querySelector(".ba-screen"));
      await audit(el, f.type);
      // Lists: open the first entry too (coupon and event details, a loyalty program).
      const card = screen.querySelector(".ba-card");
      if (card) {
        card.click();
        await until(() => root.querySelector(".ba-detail-title, [data-page=loyalty2]"));
        await audit(el, `${f.type} detail`);
        root.querySelector(".ba-back").click();
        await until(() => root.querySelector(".ba-card"));
      }
      (root.querySelector(".ba-back") ?? buttonByText(root, "Cancel")).click();
      await until(() => root.querySelector("[data-page=home]"));
    }
  });

  it("coupon detail texts render in the shipped bundle", async () => {
    const root = shadow(el);
    buttonByText(root, "Specials").click();
    (await until(() => root.querySelector(".ba-card"))).click();
    await until(() => root.querySelector("[data-page=couponDetails]"));
    expect(buttonByText(root, "Share")).to.exist;
    expect(buttonByText(root, "Redeem")).to.exist;
    root.querySelector(".ba-back").click();
    await until(() => root.querySelector("[data-page=coupons]"));
    root.querySelector(".ba-back").click();
    await until(() => root.querySelector("[data-page=home]"));
  });

  it("the notifications list is empty at first and passes axe", async () => {
    const root = shadow(el);
    root.querySelector(".ba-bell").click();
    const empty = await until(() => root.querySelector("[data-page=notifications] .ba-empty"));
    expect(empty.textContent).to.equal("No Notifications Yet");
    await audit(el, "notifications");
    root.querySelector(".ba-back").click();
    await until(() => root.querySelector("[data-page=home]"));
  });
});
