import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SurfaceNav } from "../AppView.tsx";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";
import type { EndUserApi, EndUserOffers } from "../types.ts";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const couponsFeature = { id: uuid(1), type: "Coupons", title: "Specials" };
const listed = { id: uuid(101), title: "Oil change", description: "Synthetic blend" };
const hidden = { id: uuid(102), title: "VIP tune-up", personalized: true };
const mine = { id: uuid(103), title: "Birthday wash", personalized: true, personalizedSpecialId: uuid(900) };
const definition = baseDefinition({
  features: [couponsFeature] as never,
  coupons: [listed, hidden] as never,
});

const apiError = (message: string, status: number, code: string) =>
  Object.assign(new Error(message), { status, code });

/** A signed-in user's calls, answering as the server would. */
function endUser(offers: Partial<EndUserOffers> = {}, redeem?: EndUserApi["redeem"]): EndUserApi {
  return {
    userId: uuid(500),
    offers: vi.fn(async () => ({ personalized: [mine], redeemed: [], ...offers })),
    redeem: vi.fn(
      redeem ?? (async (b) => ({ id: uuid(800), offerId: b.offerId, createdAt: "2026-06-15T12:00:00.000Z" })),
    ),
    loyaltyCards: vi.fn(async () => []),
    stamp: vi.fn(async () => {
      throw new Error("not here");
    }),
    points: vi.fn(async () => {
      throw new Error("not here");
    }),
  } as EndUserApi;
}

const open = (over: Record<string, unknown> = {}) =>
  renderApp({ featureId: uuid(1), definition, ...over } as never);

async function openDetail(v: Rendered, title: string) {
  const card = v.$$(".ba-card").find((c) => c.querySelector(".ba-card-title")?.textContent === title);
  await v.click(card ?? null);
  expect(v.$(".ba-detail-title")?.textContent).toBe(title);
}

describe("personalized specials", () => {
  it("a signed-in user's own specials come first, marked 'Just for you'", async () => {
    view = await open({ endUser: endUser() });
    const cards = view
      .$$(".ba-card")
      .map((c) => [
        c.querySelector(".ba-tag")?.textContent ?? null,
        c.querySelector(".ba-card-title")?.textContent,
      ]);
    expect(cards).toEqual([
      ["Just for you", "Birthday wash"],
      [null, "Oil change"],
    ]);
    await openDetail(view, "Birthday wash");
    expect(view.$(".ba-detail .ba-tag")?.textContent).toBe("Just for you");
  });

  it("a visitor never sees them, in the list or by the detail's address", async () => {
    view = await open({ endUser: null });
    expect(view.$$(".ba-card-title").map((e) => e.textContent)).toEqual(["Oil change"]);
    expect(view.text()).not.toContain("Just for you");
    view.unmount();
    view = await renderApp({
      definition,
      route: { page: "couponDetails", featureId: uuid(1), itemId: uuid(102) },
    });
    expect(view.$(".ba-empty")?.textContent).toBe("No Coupons");
  });

  it("in Spanish: 'Solo para ti'", async () => {
    view = await open({ endUser: endUser(), lang: "es" });
    expect(view.$(".ba-tag")?.textContent).toBe("Solo para ti");
  });
});

describe("redeem", () => {
  it("asks the confirmation, records the redemption once and shows 'Redeemed' with its time", async () => {
    const api = endUser();
    const onRedeem = vi.fn();
    view = await open({ endUser: api, onRedeem });
    await openDetail(view, "Birthday wash");
    await view.click(view.button("Redeem"));
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Redeem this special?");
    expect(view.$(".ba-confirm p")?.textContent).toBe(
      "Show this special to your service advisor. Are you ready to redeem it now?",
    );
    // The confirmation takes the focus, so a keyboard user hears it.
    expect(view.container.ownerDocument.activeElement).toBe(view.$(".ba-confirm-title"));
    expect(api.redeem).not.toHaveBeenCalled();
    await view.click(view.$(".ba-confirm .ba-button:not(.ba-button-secondary)"));
    expect(api.redeem).toHaveBeenCalledTimes(1);
    expect(api.redeem).toHaveBeenCalledWith({ offerId: uuid(103), personalizedSpecialId: uuid(900) });
    expect(view.$(".ba-redeemed strong")?.textContent).toBe("Redeemed");
    expect(view.$(".ba-redeemed-at")?.textContent).toBe("Redeemed on June 15th 2026 at 12:00pm");
    expect(onRedeem).toHaveBeenCalledTimes(1);
    expect(onRedeem).toHaveBeenCalledWith(expect.objectContaining({ id: uuid(103) }));
    expect(view.$$(".ba-actions button").map((b) => b.textContent)).toEqual(["Share"]);
  });

  it("a listed coupon is redeemed without a personalized special id; Not Now records nothing", async () => {
    const api = endUser();
    view = await open({ endUser: api });
    await openDetail(view, "Oil change");
    await view.click(view.button("Redeem"));
    await view.click(view.button("Not Now"));
    expect(view.$(".ba-confirm")).toBeNull();
    expect(api.redeem).not.toHaveBeenCalled();
    await view.click(view.button("Redeem"));
    await view.click(view.$(".ba-confirm .ba-button:not(.ba-button-secondary)"));
    expect(api.redeem).toHaveBeenCalledWith({ offerId: uuid(101) });
  });

  it("an offer the user redeemed before shows 'Redeemed' and no Redeem button", async () => {
    view = await open({ endUser: endUser({ redeemed: [uuid(101)] }) });
    await openDetail(view, "Oil change");
    expect(view.$(".ba-redeemed")?.textContent).toBe("Redeemed ");
    expect(view.$$(".ba-actions button").map((b) => b.textContent)).toEqual(["Share"]);
  });

  it("the server refusing a second redemption says so", async () => {
    const api = endUser({}, async () => {
      throw apiError("You have already redeemed this special.", 409, "AlreadyRedeemed");
    });
    const onRedeem = vi.fn();
    view = await open({ endUser: api, onRedeem, lang: "es" });
    await openDetail(view, "Oil change");
    await view.click(view.button("Canjear"));
    expect(view.$(".ba-confirm-title")?.textContent).toBe("¿Canjear esta oferta?");
    await view.click(view.$(".ba-confirm .ba-button:not(.ba-button-secondary)"));
    expect(view.$(".ba-redeemed[role=alert]")?.textContent).toBe("Ya canjeaste esta oferta.");
    expect(onRedeem).not.toHaveBeenCalled();
  });

  it("a failure shows the server's message with Retry", async () => {
    let calls = 0;
    const api = endUser({}, async (b) => {
      if (++calls === 1) throw apiError("Network Error", 0, "network");
      return { id: uuid(801), offerId: b.offerId, createdAt: "2026-06-15T14:30:00.000Z" };
    });
    view = await open({ endUser: api });
    await openDetail(view, "Oil change");
    await view.click(view.button("Redeem"));
    await view.click(view.$(".ba-confirm .ba-button:not(.ba-button-secondary)"));
    expect(view.$(".ba-confirm .ba-error")?.textContent).toBe("Network Error");
    await view.click(view.button("Retry"));
    expect(view.$(".ba-redeemed-at")?.textContent).toBe("Redeemed on June 15th 2026 at 02:30pm");
  });

  it("signed out in the widget: Redeem opens the Sign In screen and comes back to the confirmation", async () => {
    const opened: string[] = [];
    const screens = {
      entry: () => null,
      screen: (name: string, nav: SurfaceNav): ReactNode => {
        opened.push(name);
        return (
          <div data-page={name}>
            <button type="button" onClick={nav.close}>
              Done
            </button>
          </div>
        );
      },
    };
    const api = endUser();
    view = await open({ endUser: null, screens });
    await openDetail(view, "Oil change");
    await view.click(view.button("Redeem"));
    expect(view.$("[data-page=signIn]")).not.toBeNull();
    expect(view.$("[data-page=couponDetails]")).toBeNull();
    // Back without signing in: the prompt, and Sign In opens the screen again.
    await view.click(view.button("Done"));
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Sign in for special offers");
    await view.click(view.button("Sign In"));
    expect(view.$("[data-page=signIn]")).not.toBeNull();
    // Signed in on that screen: back on the detail, the confirmation.
    await view.rerender({ endUser: api });
    await view.click(view.button("Done"));
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Redeem this special?");
    await view.click(view.$(".ba-confirm .ba-button:not(.ba-button-secondary)"));
    expect(api.redeem).toHaveBeenCalledTimes(1);
    expect(view.$(".ba-redeemed strong")?.textContent).toBe("Redeemed");
  });

  it("preview and promo: the prompt is inert (no Sign In screen, no call)", async () => {
    view = await open({ mode: "promo" });
    await openDetail(view, "Oil change");
    await view.click(view.button("Redeem"));
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Sign in for special offers");
    expect(view.$$(".ba-confirm button").map((b) => b.textContent)).toEqual(["Not Now"]);
  });
});
