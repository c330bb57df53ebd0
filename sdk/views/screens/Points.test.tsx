import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../i18n.ts";
import { baseDefinition, type Rendered, renderApp, spokenText, uuid } from "../test/render.tsx";
import type { EndUserApi, PointsAccount } from "../types.ts";
import { expiryText, pointsDisplay } from "./Loyalty2.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const NOW = Date.UTC(2026, 5, 15, 12);
const program = { id: uuid(301), title: "Gold", description: "Earn on every visit" };
const feature = { id: uuid(1), type: "Loyalty2", title: "Rewards", programs: [program] };
const definition = baseDefinition({ features: [feature] as never });

const account: PointsAccount = {
  balance: 1250,
  value: 1250,
  conversionRate: 1,
  expiryDays: 365,
  nextExpiry: { points: 300, on: "2026-06-27T12:00:00.000Z" },
  caps: { maxPerVisit: 100, daily: 500, balanceLimit: 5000 },
  history: [
    {
      id: uuid(1001),
      kind: "earn",
      amount: 300,
      createdAt: "2026-06-01T10:00:00.000Z",
      expiresAt: "2026-06-27T12:00:00.000Z",
    },
    { id: uuid(1002), kind: "spend", amount: 200, createdAt: "2026-05-20T10:00:00.000Z" },
    { id: uuid(1003), kind: "expire", amount: 50, createdAt: "2026-05-01T00:00:00.000Z" },
    {
      id: uuid(1004),
      kind: "earn",
      amount: 1200,
      createdAt: "2026-04-02T10:00:00.000Z",
      expiresAt: "2027-04-02T10:00:00.000Z",
    },
  ],
  milestones: [{ id: uuid(1101), points: 1000, title: "Silver status" }],
  rewards: [
    { id: uuid(1201), title: "Free wash", points: 200 },
    { id: uuid(1202), title: "Free oil change", points: 2000 },
  ],
  terms: "Points have no cash value.",
};

function endUser(points: () => Promise<PointsAccount>): EndUserApi {
  return {
    userId: uuid(500),
    offers: vi.fn(),
    redeem: vi.fn(),
    loyaltyCards: vi.fn(),
    stamp: vi.fn(),
    points: vi.fn(points),
  } as unknown as EndUserApi;
}

const open = (over: Record<string, unknown> = {}) =>
  renderApp({ featureId: uuid(1), definition, now: NOW, ...over } as never);

const stats = (v: Rendered) =>
  v.$$(".ba-stats div").map((d) => [d.querySelector("dt")?.textContent, d.querySelector("dd")?.textContent]);
const rows = (v: Rendered) => v.$$(".ba-collapse .ba-row").map((r) => r.textContent);

describe("points rules", () => {
  const t = translator("en");
  it("expires in (30 days or less), expires on (later), nothing once past", () => {
    const ctx = { t, lang: "en" as const, timeZone: "UTC" };
    expect(expiryText("2026-06-27T12:00:00.000Z", NOW, ctx)).toBe("expires in 12 days");
    expect(expiryText("2027-04-02T10:00:00.000Z", NOW, ctx)).toBe("expires on April 2nd 2027");
    expect(expiryText("2026-06-01T00:00:00.000Z", NOW, ctx)).toBe("");
    const es = { t: translator("es"), lang: "es" as const, timeZone: "UTC" };
    expect(expiryText("2026-06-27T12:00:00.000Z", NOW, es)).toBe("vence en 12 días");
    expect(expiryText("2027-04-02T10:00:00.000Z", NOW, es)).toBe("vence el 2 de abril de 2027");
  });

  it("maps the ledger: value in cents, expiry period, how to earn from the caps, affordable rewards", () => {
    const d = pointsDisplay(account, t);
    expect(d.currentPoints).toBe(1250);
    expect(d.currentValue).toBe(12.5);
    expect(d.expiryPeriod).toBe("365 days");
    expect(d.rewards?.earn?.map((r) => r.title)).toEqual([
      "Earn points on every visit.",
      "Up to 100 points per visit",
      "Up to 500 points a day",
      "Balance limit: 5000 points",
    ]);
    expect(d.rewards?.current).toEqual([{ title: "Free wash", points: 200 }]);
    expect(d.history?.map((h) => h.kind)).toEqual(["earned", "redeemed", "expired", "earned"]);
  });
});

describe("a signed-in user's points (Loyalty2)", () => {
  it("shows Current Points, Current Value, expiry, Earn and Spend, History, Milestones, Current Rewards", async () => {
    const api = endUser(async () => account);
    view = await open({ endUser: api });
    expect(api.points).toHaveBeenCalledTimes(1);
    expect(stats(view)).toEqual([
      ["Current Points", "1250"],
      ["Current Value", "$12.50"],
    ]);
    expect(view.$$(".ba-note").map((n) => n.textContent)).toEqual([
      "Points expire after 365 days",
      "300 points expire on June 27th 2026",
    ]);
    const panel = () => view?.$("[role=tabpanel]")?.textContent;
    expect(panel()).toBe(
      "Earn RewardsEarn points on every visit.Up to 100 points per visitUp to 500 points a dayBalance limit: 5000 points",
    );
    await view.click(view.button("Spend"));
    expect(panel()).toBe("Spend RewardsFree wash200 pointsFree oil change2000 points");
    await view.click(view.button("History"));
    expect(rows(view)).toEqual([
      "Earned · June 1st 2026 · expires in 12 days300 points",
      "Redeemed · May 20th 2026200 points",
      "Expired · May 1st 202650 points",
      "Earned · April 2nd 2026 · expires on April 2nd 20271200 points",
    ]);
    await view.click(view.button("Milestones"));
    expect(rows(view)).toEqual(["Silver status1000 points"]);
    await view.click(view.button("Current Rewards"));
    expect(rows(view)).toEqual(["Free wash200 points"]);
    await view.click(view.button("Terms & Conditions"));
    expect(view.text()).toContain("Points have no cash value.");
  });

  it("in Spanish", async () => {
    view = await open({ endUser: endUser(async () => account), lang: "es" });
    expect(stats(view)).toEqual([
      ["Puntos actuales", "1250"],
      ["Valor actual", "12,50\u00a0US$"],
    ]);
    expect(view.$$(".ba-note").map((n) => n.textContent)).toEqual([
      "Los puntos vencen después de 365 días",
      "300 puntos vencen el 27 de junio de 2026",
    ]);
    await view.click(view.button("Historial"));
    expect(rows(view)[0]).toBe("Ganados · 1 de junio de 2026 · vence en 12 días300 puntos");
  });

  it("a ledger that cannot load says so; Retry loads it", async () => {
    let calls = 0;
    view = await open({
      endUser: endUser(async () => {
        if (++calls === 1) throw new Error("Network Error");
        return account;
      }),
    });
    expect(view.$(".ba-error")?.textContent).toBe("Your points could not be loaded.");
    expect(view.$(".ba-stats")).toBeNull();
    await view.click(view.button("Retry"));
    expect(stats(view)[0]).toEqual(["Current Points", "1250"]);
  });
});

describe("visitors of the points program", () => {
  it("signed out in the widget: the program without a balance, and Sign In", async () => {
    const opened: string[] = [];
    const screens = {
      entry: () => null,
      screen: (name: string): ReactNode => {
        opened.push(name);
        return <div data-page={name} />;
      },
    };
    view = await open({ endUser: null, screens });
    expect(view.$(".ba-detail-title")?.textContent).toBe("Gold");
    expect(view.$(".ba-stats")).toBeNull();
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Sign in for special offers");
    expect(view.$$("[role=tab]").map((b) => spokenText(b))).toEqual(["Earn", "Spend"]);
    await view.click(view.button("Sign In"));
    expect(view.$("[data-page=signIn]")).not.toBeNull();
    expect(new Set(opened)).toEqual(new Set(["signIn"]));
  });

  it("promo: no balance, the prompt without a button; the builder's preview keeps the zeros", async () => {
    view = await open({ mode: "promo" });
    expect(view.$(".ba-stats")).toBeNull();
    expect(view.$$(".ba-confirm button")).toHaveLength(0);
    view.unmount();
    view = await open({ mode: "preview" });
    expect(stats(view)).toEqual([
      ["Current Points", "0"],
      ["Current Value", "$0.00"],
    ]);
    expect(view.$(".ba-confirm")).toBeNull();
  });
});
