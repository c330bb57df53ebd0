import { describe, expect, it } from "vitest";
import en from "../../locales/portal/en.json";
import es from "../../locales/portal/es.json";
import { fill, longDate, money, portalTexts, today } from "./texts.ts";

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("portal texts", () => {
  it("has the same keys and placeholders in English and Spanish, none empty", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(en)) {
      expect(v, k).not.toBe("");
      expect(placeholders(es[k as keyof typeof es]), k).toEqual(placeholders(v));
    }
  });
  it("keeps the spec's words exactly", () => {
    const t = portalTexts("en");
    expect([t.noRecords, t.noRecordsText, t.specialsSoon, t.promotionsSoon, t.noNotifications]).toEqual([
      "No Records",
      "No records available at this time.",
      "Specials Coming Soon",
      "Promotions Coming Soon",
      "No Notifications Yet",
    ]);
    expect([t.moreInfo, t.print, t.redeem, t.saveOffer, t.infoTitle, t.sendOffer]).toEqual([
      "More Info",
      "Print",
      "Redeem",
      "Save Offer",
      "Please Provide Your Information",
      "Send Offer",
    ]);
    expect(fill(t.greeting, { name: "Ana" })).toBe("Hello, Ana");
  });
  it("formats days in UTC, today in full, and dollars", () => {
    expect(longDate("en", "2026-03-05")).toBe("March 5, 2026");
    expect(longDate("es", "2026-03-05")).toBe("5 de marzo de 2026");
    expect(today("en", new Date(2026, 10, 23, 12))).toBe("Monday, November 23, 2026");
    expect(money("en", 1234.5)).toBe("$1,234.50");
    expect(money("en", undefined)).toBe("—");
  });
});
