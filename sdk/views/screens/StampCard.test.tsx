import { act, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SurfaceNav } from "../AppView.tsx";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";
import type { EndUserApi, LoyaltyCard, StampResult } from "../types.ts";
import { cardCircles, currentCard, waitMinutes } from "./Loyalty.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const feature = { id: uuid(1), type: "Loyalty", title: "Loyalty", stampNumber: 4, code: "SECRET" };
const definition = baseDefinition({ features: [feature] as never });

const card = (stamps: number, over: Partial<LoyaltyCard> = {}): LoyaltyCard => ({
  id: uuid(700),
  featureId: uuid(1),
  appUserId: uuid(500),
  stamps,
  stampNumber: 4,
  createdAt: "2026-06-01T10:00:00.000Z",
  log: [],
  ...over,
});

const apiError = (message: string, status: number, code: string, details?: unknown) =>
  Object.assign(new Error(message), { status, code, details });

function endUser(cards: LoyaltyCard[], stamp: (code: string) => Promise<StampResult>): EndUserApi {
  return {
    userId: uuid(500),
    offers: vi.fn(async () => ({ personalized: [], redeemed: [] })),
    redeem: vi.fn(),
    loyaltyCards: vi.fn(async () => cards),
    stamp: vi.fn((_featureId: string, code: string) => stamp(code)),
    points: vi.fn(),
  } as unknown as EndUserApi;
}

const open = (over: Record<string, unknown> = {}) =>
  renderApp({ featureId: uuid(1), definition, ...over } as never);

async function enter(v: Rendered, code: string, submit = "Stamp card") {
  const input = v.$(".ba-code") as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, code);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await v.click(v.button(submit));
}
const doneFlags = (v: Rendered) => v.$$(".ba-stamp").map((s) => s.classList.contains("ba-stamp-done"));

describe("stamp card rules", () => {
  it("fills the first `stamps` circles; the current card is the newest one not completed", () => {
    expect(cardCircles({ stamps: 2, stampNumber: 4 }).map((c) => c.done)).toEqual([true, true, false, false]);
    expect(currentCard([card(4, { completedAt: "2026-06-02T00:00:00Z" })])).toBeUndefined();
    expect(currentCard([card(1, { id: "new" }), card(4, { completedAt: "x" })])?.id).toBe("new");
    expect(waitMinutes({ retryAfterSeconds: 2700 })).toBe(45);
    expect(waitMinutes({ retryAfterSeconds: 61 })).toBe(2);
    expect(waitMinutes({})).toBe(60);
  });
});

describe("a signed-in user's stamp card", () => {
  it("shows the current card; the counter code adds a stamp and fills the next circle", async () => {
    const api = endUser([card(1)], async () => ({ card: card(2), completed: false }));
    view = await open({ endUser: api });
    expect(api.loyaltyCards).toHaveBeenCalledWith(uuid(1));
    expect(doneFlags(view)).toEqual([true, false, false, false]);
    expect(view.$(".ba-note")?.textContent).toBe("1 of 4 stamps");
    await enter(view, " 12345 ");
    expect(api.stamp).toHaveBeenCalledWith(uuid(1), "12345");
    expect(doneFlags(view)).toEqual([true, true, false, false]);
    expect(view.$(".ba-note")?.textContent).toBe("2 of 4 stamps");
    expect(view.$(".ba-message-title")?.textContent).toBe("Stamp added");
    expect((view.$(".ba-code") as HTMLInputElement).value).toBe("");
    expect(view.$$(".ba-stamp")[1].getAttribute("aria-label")).toBe("Stamp 2, collected");
  });

  it("a full card shows the reward, then the new card", async () => {
    const full = card(4, { completedAt: "2026-06-15T12:00:00.000Z" });
    const api = endUser([card(3)], async () => ({ card: full, completed: true, reward: "Free car wash" }));
    view = await open({ endUser: api });
    await enter(view, "12345");
    expect(doneFlags(view)).toEqual([true, true, true, true]);
    expect(view.$(".ba-message-title")?.textContent).toBe("Card complete! Your reward: Free car wash");
    expect(view.$(".ba-message-body")?.textContent).toBe("A new card has started.");
    await view.click(view.$(".ba-message .ba-icon-button"));
    expect(doneFlags(view)).toEqual([false, false, false, false]);
    expect(view.$(".ba-note")?.textContent).toBe("0 of 4 stamps");
  });

  it("a user without a card yet sees an empty card of the feature's size", async () => {
    view = await open({ endUser: endUser([], async () => ({ card: card(1), completed: false })) });
    expect(doneFlags(view)).toEqual([false, false, false, false]);
  });

  it("a wrong code and the hourly limit say so, in English and Spanish", async () => {
    let n = 0;
    const api = endUser([card(1)], async () => {
      if (++n === 1) throw apiError("server words", 422, "StampCodeInvalid");
      throw apiError("server words", 429, "StampCodeLimited", { retryAfterSeconds: 2700 });
    });
    view = await open({ endUser: api });
    await enter(view, "WRONG");
    expect(view.$(".ba-message-danger .ba-message-title")?.textContent).toBe(
      "That code is not right. Ask the staff for the counter code.",
    );
    expect((view.$(".ba-code") as HTMLInputElement).value).toBe("WRONG");
    await enter(view, "WRONG");
    expect(view.$(".ba-message-danger .ba-message-title")?.textContent).toBe(
      "Too many wrong codes. Try again in 45 minutes.",
    );
    expect(doneFlags(view)).toEqual([true, false, false, false]);
    view.unmount();
    n = 0;
    view = await open({ endUser: api, lang: "es" });
    await enter(view, "MAL", "Sellar tarjeta");
    expect(view.$(".ba-message-title")?.textContent).toBe(
      "Ese código no es correcto. Pide el código al personal.",
    );
    await enter(view, "MAL", "Sellar tarjeta");
    expect(view.$(".ba-message-title")?.textContent).toBe(
      "Demasiados códigos incorrectos. Inténtalo de nuevo en 45 minutos.",
    );
  });

  it("a card that cannot load says so and Retry loads it again", async () => {
    const api = endUser([card(2)], async () => ({ card: card(3), completed: false }));
    (api.loyaltyCards as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error("Network Error"));
    view = await open({ endUser: api });
    expect(view.$(".ba-error")?.textContent).toBe("Your card could not be loaded.");
    await view.click(view.button("Retry"));
    expect(doneFlags(view)).toEqual([true, true, false, false]);
  });
});

describe("visitors", () => {
  it("signed out in the widget: 'Sign in for special offers' and the code open the Sign In screen", async () => {
    const opened: string[] = [];
    const screens = {
      entry: () => null,
      screen: (name: string, _nav: SurfaceNav): ReactNode => {
        opened.push(name);
        return <div data-page={name} />;
      },
    };
    view = await open({ endUser: null, screens });
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Sign in for special offers");
    expect(doneFlags(view)).toEqual([true, false, false, false]); // the sample card
    await enter(view, "12345");
    expect(view.$("[data-page=signIn]")).not.toBeNull();
  });

  it("promo: the prompt without a Sign In button; the builder's preview: no prompt", async () => {
    view = await open({ mode: "promo" });
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Sign in for special offers");
    expect(view.$$(".ba-confirm button")).toHaveLength(0);
    view.unmount();
    view = await open({ mode: "preview" });
    expect(view.$(".ba-confirm")).toBeNull();
    expect(view.$("button[type=submit]")?.textContent).toBe("Stamp card");
  });
});
