import { describe, expect, it } from "vitest";
import { notificationTimeText, offerDate, referralExpiryText } from "./dates.ts";
import { type Lang, translator } from "./i18n.ts";

const ctx = (lang: Lang) => ({
  t: translator(lang),
  lang,
  now: Date.parse("2030-11-10T12:00:00Z"),
  timeZone: "UTC",
});

describe("the views' date lines in the app's language", () => {
  it("writes Spanish dates in Spanish order with Spanish labels", () => {
    expect(offerDate(ctx("es"), { from: "2030-11-22T15:00:00Z" })).toBe("Desde 22 de noviembre");
    expect(offerDate(ctx("es"), { to: "2030-11-13T12:00:00Z" })).toBe("Termina en 3 días");
    expect(offerDate(ctx("es"), { from: "2030-11-22T09:30:00Z", to: "2030-12-01T10:00:00Z" })).toBe(
      "22 de noviembre - 1 de diciembre",
    );
    expect(referralExpiryText("2030-11-22", { locale: "es" })).toBe("22 de noviembre de 2030");
    expect(notificationTimeText("2030-11-22T21:05:00Z", { locale: "es", timeZone: "UTC" })).toBe("21:05");
  });

  it("keeps the spec's English formats", () => {
    expect(offerDate(ctx("en"), { from: "2030-11-22T15:00:00Z" })).toBe("From November 22nd");
    expect(offerDate(ctx("en"), { to: "2030-11-13T12:00:00Z" })).toBe("Ends in 3 days");
    expect(offerDate(ctx("en"), { from: "2030-11-22T09:30:00Z", to: "2030-11-22T17:00:00Z" })).toBe(
      "November 22nd, 09:30am - 05:00pm",
    );
    expect(referralExpiryText("2030-11-22", { locale: "en" })).toBe("November 22nd 2030");
  });
});
