import { describe, expect, it } from "vitest";
import { RECURRENCE_TYPES } from "../schemas/recurrence.ts";
import { occurrencesUntil } from "./recurrence.ts";
import { statusFromDates } from "./status.ts";

const FROM = "2030-03-01T10:00:00.000Z";
const TO = "2030-03-31T10:00:00.000Z";
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta).toISOString();

describe("status from dates (spec §4)", () => {
  it.each([
    // [case, item, now, push status, geofence status]
    ["before from", { from: FROM, to: TO }, ms(FROM, -1), "Planned", "Planned"],
    ["exactly at from", { from: FROM, to: TO }, FROM, "Delivering", "Active"],
    ["between", { from: FROM, to: TO }, ms(FROM, 1000), "Delivering", "Active"],
    ["exactly at to", { from: FROM, to: TO }, TO, "Delivering", "Active"],
    ["1 ms after to", { from: FROM, to: TO }, ms(TO, 1), "Sent", "Expired"],
    ["only to, before it", { to: TO }, FROM, "Delivering", "Active"],
    ["only to, after it", { to: TO }, ms(TO, 1), "Sent", "Expired"],
    ["no dates", {}, FROM, "Delivering", "Active"],
    ["one-off push before its time", { from: FROM }, ms(FROM, -60_000), "Planned", "Planned"],
    ["one-off push exactly at its time", { from: FROM }, FROM, "Delivering", "Active"],
    // A one-off push is sent at its instant; a geofence with only a start stays Active (its end is open).
    ["one-off push after its time", { from: FROM }, ms(FROM, 1), "Sent", "Active"],
    ["Once is a one-off", { from: FROM, recurrence: { type: "Once" } }, ms(FROM, 1), "Sent", "Active"],
    ["None is a one-off", { from: FROM, recurrence: { type: "None" } }, ms(FROM, 1), "Sent", "Active"],
    [
      "one-off with an end, after it",
      { from: FROM, to: TO, recurrence: { type: "Once" } },
      ms(TO, 1),
      "Sent",
      "Expired",
    ],
    [
      "recurring, not started",
      { from: FROM, recurrence: { type: "Weekly" } },
      ms(FROM, -1),
      "Planned",
      "Planned",
    ],
    [
      "recurring, started, never ends",
      { from: FROM, recurrence: { type: "Weekly" } },
      "2040-01-01T00:00:00Z",
      "Recurring",
      "Recurring",
    ],
    [
      "recurring, before Ends by",
      { from: FROM, recurrence: { type: "Daily", endsBy: TO } },
      TO,
      "Recurring",
      "Recurring",
    ],
    [
      "recurring, after Ends by",
      { from: FROM, recurrence: { type: "Daily", endsBy: TO } },
      ms(TO, 1),
      "Sent",
      "Expired",
    ],
    [
      "recurring within from/to",
      { from: FROM, to: TO, recurrence: { type: "Monthly" } },
      ms(FROM, 1),
      "Recurring",
      "Recurring",
    ],
    [
      "recurring past its to",
      { from: FROM, to: TO, recurrence: { type: "Monthly" } },
      ms(TO, 1),
      "Sent",
      "Expired",
    ],
  ] as const)("%s", (_, item, now, push, geofence) => {
    expect(statusFromDates(item as any, now)).toBe(push);
    expect(statusFromDates(item as any, now, "geofence")).toBe(geofence);
  });
});

describe("status of each of the nine recurrence types (table)", () => {
  // [type, push before / at / a year after the start, geofence the same]
  it.each([
    ["None", ["Planned", "Delivering", "Sent"], ["Planned", "Active", "Active"]],
    ["Once", ["Planned", "Delivering", "Sent"], ["Planned", "Active", "Active"]],
    ["Daily", ["Planned", "Recurring", "Recurring"], ["Planned", "Recurring", "Recurring"]],
    ["Weekly", ["Planned", "Recurring", "Recurring"], ["Planned", "Recurring", "Recurring"]],
    ["BiWeekly", ["Planned", "Recurring", "Recurring"], ["Planned", "Recurring", "Recurring"]],
    ["Monthly", ["Planned", "Recurring", "Recurring"], ["Planned", "Recurring", "Recurring"]],
    ["Quarterly", ["Planned", "Recurring", "Recurring"], ["Planned", "Recurring", "Recurring"]],
    ["SemiAnnualy", ["Planned", "Recurring", "Recurring"], ["Planned", "Recurring", "Recurring"]],
    ["Annualy", ["Planned", "Recurring", "Recurring"], ["Planned", "Recurring", "Recurring"]],
  ] as const)("%s", (type, push, geofence) => {
    const item = { from: FROM, recurrence: { type } };
    const times = [ms(FROM, -1), FROM, "2031-03-01T10:00:00.000Z"];
    expect(times.map((t) => statusFromDates(item, t))).toEqual(push);
    expect(times.map((t) => statusFromDates(item, t, "geofence"))).toEqual(geofence);
  });
  it("covers every API type", () => {
    expect(RECURRENCE_TYPES).toEqual([
      "None",
      "Once",
      "Daily",
      "Weekly",
      "BiWeekly",
      "Monthly",
      "Quarterly",
      "SemiAnnualy",
      "Annualy",
    ]);
  });
});

describe("status agrees with the recurrence on 'Ends by' (named time zone)", () => {
  const NY = "America/New_York";
  // Daily at 09:30 New York time from 1 March 2030 (EST), ends by 31 March 2030 (EDT from the 10th).
  const from = "2030-03-01T14:30:00.000Z";

  it("a calendar-date 'Ends by' lasts to the end of that day in the zone", () => {
    const item = { from, recurrence: { type: "Daily" as const, endsBy: "2030-03-31" } };
    const sends = occurrencesUntil(from, item.recurrence, "2031-01-01T00:00:00Z", NY);
    expect(sends).toHaveLength(31);
    expect(sends.at(-1)!.toISOString()).toBe("2030-03-31T13:30:00.000Z");
    // The last send happens while the push is still Recurring...
    expect(statusFromDates(item, sends.at(-1)!, "push", NY)).toBe("Recurring");
    expect(statusFromDates(item, "2030-04-01T03:59:59.999Z", "push", NY)).toBe("Recurring");
    // ...and it is Sent once that day is over in New York (04:00Z in EDT), not at midnight UTC.
    expect(statusFromDates(item, "2030-04-01T04:00:00.000Z", "push", NY)).toBe("Sent");
    expect(statusFromDates(item, "2030-04-01T04:00:00.000Z", "geofence", NY)).toBe("Expired");
    // In Tokyo the same date ends 13 hours earlier.
    expect(statusFromDates(item, "2030-03-31T15:00:00.000Z", "push", "Asia/Tokyo")).toBe("Sent");
  });

  it.each(["Daily", "Weekly", "BiWeekly", "Monthly"] as const)(
    "%s: Recurring at every send up to an instant 'Ends by', Sent right after it",
    (type) => {
      const endsBy = "2030-06-30T12:00:00.000Z";
      const item = { from, recurrence: { type, endsBy } };
      const sends = occurrencesUntil(from, item.recurrence, "2031-01-01T00:00:00Z", NY);
      expect(sends.length).toBeGreaterThan(1);
      for (const at of sends)
        expect(statusFromDates(item, at, "push", NY), at.toISOString()).toBe("Recurring");
      expect(statusFromDates(item, ms(endsBy, 1), "push", NY)).toBe("Sent");
      expect(statusFromDates(item, ms(endsBy, 1), "geofence", NY)).toBe("Expired");
    },
  );
});
