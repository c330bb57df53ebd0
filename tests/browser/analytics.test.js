import { expect } from "@esm-bundle/chai";
import { api, createApp, newAccount, until } from "./helpers.js";

// The shipped element bundle, served by the real server (its pg-boss workers fold the rollups).
await import("/sdk/brand-app.js");

afterEach(() => {
  document.body.innerHTML = "";
});

const uuid = () => crypto.randomUUID();
const day = 86_400_000;

/** Clicks the shadow root's button whose text is `text`, once it is there. */
async function click(el, selector, text) {
  const button = await until(() =>
    [...el.shadowRoot.querySelectorAll(selector)].find((b) => b.textContent.includes(text)),
  );
  button.click();
}

describe("the widget's signals on the dashboard", () => {
  it("counts a coupon's detail view and share and an event's calendar add for that offer", async () => {
    const token = await newAccount();
    const coupon = { id: uuid(), title: "Oil change $19", description: "Any engine." };
    const event = {
      id: uuid(),
      title: "Open house",
      description: "Coffee and test drives.",
      from: new Date(Date.now() - day).toISOString(),
      to: new Date(Date.now() + 7 * day).toISOString(),
    };
    const appId = await createApp(token, {
      name: "Dashboard Motors",
      features: [
        { id: uuid(), type: "Coupons", title: "Specials" },
        { id: uuid(), type: "Events", title: "Happenings" },
      ],
      coupons: [coupon],
      events: [event],
    });
    const mount = () => {
      document.body.innerHTML = "";
      const el = document.createElement("brand-app");
      el.setAttribute("app-id", appId);
      document.body.appendChild(el);
      return el;
    };
    let el = mount();
    await click(el, ".ba-feature-button", "Specials");
    await click(el, ".ba-card", "Oil change $19");
    await click(el, ".ba-button", "Share");
    el = mount();
    await click(el, ".ba-feature-button", "Happenings");
    await click(el, ".ba-card", "Open house");
    await click(el, ".ba-button", "Calendar");

    const today = new Date().toISOString().slice(0, 10);
    // Flushed within 250 ms, folded within about 3 s by the server's job: poll the dashboard's own call.
    const offers = await until(async () => {
      const report = await api(`/apps/${appId}/analytics/offers?from=${today}&to=${today}&tz=UTC`, { token });
      const byId = Object.fromEntries(report.metrics.map((m) => [m.id, m]));
      return byId.offer_views.total >= 2 && byId.offer_calendar_adds.total >= 1 ? byId : null;
    }, 15000);
    expect(offers.offer_views.breakdown.map((b) => [b.label, b.value]).sort()).to.deep.equal([
      ["Oil change $19", 1],
      ["Open house", 1],
    ]);
    expect(offers.offer_shares.breakdown).to.deep.equal([
      { key: coupon.id, label: "Oil change $19", value: 1, previousValue: 0 },
    ]);
    expect(offers.offer_calendar_adds.breakdown).to.deep.equal([
      { key: event.id, label: "Open house", value: 1, previousValue: 0 },
    ]);
  });
});
