import { describe, expect, it } from "vitest";
import {
  endsInText,
  formatInZone,
  notificationTimeText,
  offerDateText,
  referralExpiryText,
} from "./dates.ts";

const NY = "America/New_York";
const o = { timeZone: NY };
const NOW = "2030-03-10T15:00:00.000Z"; // 11:00 in New York

describe("date texts (spec §9)", () => {
  it.each([
    [
      "from and to on different days",
      { from: "2030-03-01T15:00:00Z", to: "2030-03-22T15:00:00Z" },
      "March 1st - March 22nd",
    ],
    [
      "from and to on the same day: with hours",
      { from: "2030-03-12T13:30:00Z", to: "2030-03-12T21:00:00Z" },
      "March 12th, 09:30am - 05:00pm",
    ],
    ["only a start", { from: "2030-04-03T15:00:00Z" }, "From April 3rd"],
    ["only an end", { to: "2030-03-13T15:00:00Z" }, "Ends in 3 days"],
    ["only an end, hours away", { to: "2030-03-10T20:00:00Z" }, "Ends in 5 hours"],
    ["only an end, a month away", { to: "2030-04-12T15:00:00Z" }, "Ends in a month"],
    ["dates hidden", { from: "2030-03-01T15:00:00Z", hideDates: true }, ""],
    ["no dates", {}, ""],
  ])("%s", (_, offer, expected) => {
    expect(offerDateText(offer, NOW, o)).toBe(expected);
  });

  it("reads the day in the given zone, not the machine's", () => {
    // 02:00 UTC on the 2nd is still the 1st in New York.
    expect(formatInZone("2030-03-02T02:00:00Z", "MMMM Do", o)).toBe("March 1st");
    expect(formatInZone("2030-03-02T02:00:00Z", "MMMM Do", { timeZone: "UTC" })).toBe("March 2nd");
  });

  it("formats the referral expiry as 'MMMM Do YYYY' and notification times like 09:30am", () => {
    expect(referralExpiryText("2030-12-31")).toBe("December 31st 2030");
    expect(referralExpiryText("2031-01-02T15:00:00Z", o)).toBe("January 2nd 2031");
    expect(notificationTimeText("2030-03-10T13:30:00Z", o)).toBe("09:30am");
    expect(notificationTimeText("2030-03-10T21:05:00Z", o)).toBe("05:05pm");
  });

  it("speaks Spanish and French when asked, with translated labels", () => {
    const es = {
      ...o,
      locale: "es" as const,
      labels: { from: "Desde {{date}}", endsIn: "Termina en {{time}}" },
    };
    expect(offerDateText({ from: "2030-04-03T15:00:00Z" }, NOW, es)).toBe("Desde 3 de abril");
    expect(endsInText("2030-03-13T15:00:00Z", NOW, es)).toBe("Termina en 3 días");
    expect(formatInZone("2030-04-03T15:00:00Z", "MMMM", { ...o, locale: "fr" })).toBe("avril");
  });

  it("writes Spanish dates in Spanish order, without an English ordinal", () => {
    const es = { ...o, locale: "es" as const };
    expect(offerDateText({ from: "2030-11-22T15:00:00Z", to: "2030-11-29T15:00:00Z" }, NOW, es)).toBe(
      "22 de noviembre - 29 de noviembre",
    );
    expect(offerDateText({ from: "2030-03-12T13:30:00Z", to: "2030-03-12T21:00:00Z" }, NOW, es)).toBe(
      "12 de marzo, 09:30 - 17:00",
    );
    expect(referralExpiryText("2030-12-31", es)).toBe("31 de diciembre de 2030");
    expect(referralExpiryText("2031-01-02T15:00:00Z", es)).toBe("2 de enero de 2031");
    expect(notificationTimeText("2030-03-10T21:05:00Z", es)).toBe("17:05");
    expect(offerDateText({ from: "2030-11-22T15:00:00Z" }, NOW, es)).not.toMatch(/º|st|nd|rd|th/);
  });

  it("keeps the spec's English formats, and the labels' i18next placeholders or single braces", () => {
    const en = { ...o, locale: "en" as const };
    expect(offerDateText({ from: "2030-11-22T15:00:00Z", to: "2030-11-29T15:00:00Z" }, NOW, en)).toBe(
      "November 22nd - November 29th",
    );
    expect(offerDateText({ from: "2030-11-22T15:00:00Z" }, NOW, en)).toBe("From November 22nd");
    expect(
      offerDateText({ from: "2030-11-22T15:00:00Z" }, NOW, {
        ...en,
        labels: { from: "From {date}", endsIn: "" },
      }),
    ).toBe("From November 22nd");
    expect(referralExpiryText("2030-11-22", en)).toBe("November 22nd 2030");
    expect(notificationTimeText("2030-03-10T13:30:00Z", en)).toBe("09:30am");
  });

  it("writes French dates day first", () => {
    expect(offerDateText({ from: "2030-11-01T15:00:00Z" }, NOW, { ...o, locale: "fr" })).toBe(
      "From 1 novembre",
    );
    expect(referralExpiryText("2030-11-22", { locale: "fr" })).toBe("22 novembre 2030");
  });
});
