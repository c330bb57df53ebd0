import { describe, expect, it } from "vitest";
import type { RecurrenceType } from "../schemas/recurrence.ts";
import { nextOccurrence, occurrencesUntil, recurrenceEndLabel, recurrenceLabel } from "./recurrence.ts";
import { daysInMonth, fromWallTime, toWallTime } from "./zoned-time.ts";

const NY = "America/New_York";
const LONDON = "Europe/London";
/** An instant from a wall-clock reading in a zone, e.g. local(NY, 2030, 3, 10, 9, 30). */
const local = (tz: string, y: number, mo: number, d: number, h = 9, mi = 30) =>
  new Date(fromWallTime({ year: y, month: mo, day: d, hour: h, minute: mi, second: 0, millisecond: 0 }, tz));
const iso = (d: Date | null) => d?.toISOString() ?? null;
/** "YYYY-MM-DD HH:mm" as read in the zone. */
const wall = (d: Date, tz: string) => {
  const w = toWallTime(d.getTime(), tz);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${p(w.month)}-${p(w.day)} ${p(w.hour)}:${p(w.minute)}`;
};
const series = (start: Date, type: RecurrenceType, count: number, tz: string, endsBy?: string) => {
  const out = [start];
  while (out.length < count) {
    const next = nextOccurrence(start, { type, endsBy }, out.at(-1)!, tz);
    if (!next) break;
    out.push(next);
  }
  return out.map((d) => wall(d, tz));
};

describe("wall-clock time in a zone", () => {
  it("reads and writes New York time on both sides of DST", () => {
    expect(iso(local(NY, 2030, 1, 15))).toBe("2030-01-15T14:30:00.000Z"); // EST, UTC-5
    expect(iso(local(NY, 2030, 7, 15))).toBe("2030-07-15T13:30:00.000Z"); // EDT, UTC-4
  });
  it("moves a time skipped by spring-forward ahead by the gap, and takes the earlier of a repeated time", () => {
    // 2030-03-10 02:30 does not exist in New York: it reads as 03:30 EDT.
    expect(iso(local(NY, 2030, 3, 10, 2, 30))).toBe("2030-03-10T07:30:00.000Z");
    // 2030-11-03 01:30 happens twice: the first, still EDT.
    expect(iso(local(NY, 2030, 11, 3, 1, 30))).toBe("2030-11-03T05:30:00.000Z");
  });
  it("knows month lengths", () => {
    expect([daysInMonth(2030, 2), daysInMonth(2032, 2), daysInMonth(2030, 4), daysInMonth(2030, 12)]).toEqual(
      [28, 29, 30, 31],
    );
  });
});

describe("next occurrence (spec §3 recurrence types)", () => {
  const start = local(NY, 2030, 1, 31); // Thursday 31 January 2030, 09:30 in New York

  it.each([
    ["Daily", ["2030-01-31 09:30", "2030-02-01 09:30", "2030-02-02 09:30", "2030-02-03 09:30"]],
    ["Weekly", ["2030-01-31 09:30", "2030-02-07 09:30", "2030-02-14 09:30", "2030-02-21 09:30"]],
    ["BiWeekly", ["2030-01-31 09:30", "2030-02-14 09:30", "2030-02-28 09:30", "2030-03-14 09:30"]],
    [
      "Monthly",
      ["2030-01-31 09:30", "2030-02-28 09:30", "2030-03-31 09:30", "2030-04-30 09:30", "2030-05-31 09:30"],
    ],
    [
      "Quarterly",
      ["2030-01-31 09:30", "2030-04-30 09:30", "2030-07-31 09:30", "2030-10-31 09:30", "2031-01-31 09:30"],
    ],
    ["SemiAnnualy", ["2030-01-31 09:30", "2030-07-31 09:30", "2031-01-31 09:30"]],
    ["Annualy", ["2030-01-31 09:30", "2031-01-31 09:30", "2032-01-31 09:30"]],
  ] as const)("%s", (type, expected) => {
    expect(series(start, type, expected.length, NY)).toEqual(expected);
  });

  it("Monthly from the 31st takes each month's last day when shorter, then goes back to the 31st (leap years too)", () => {
    const from31 = local(NY, 2031, 12, 31);
    expect(series(from31, "Monthly", 7, NY)).toEqual([
      "2031-12-31 09:30",
      "2032-01-31 09:30",
      "2032-02-29 09:30",
      "2032-03-31 09:30",
      "2032-04-30 09:30",
      "2032-05-31 09:30",
      "2032-06-30 09:30",
    ]);
  });

  it("Annualy from 29 February falls on the 28th in common years and back on the 29th in leap years", () => {
    expect(series(local(NY, 2032, 2, 29), "Annualy", 5, NY)).toEqual([
      "2032-02-29 09:30",
      "2033-02-28 09:30",
      "2034-02-28 09:30",
      "2035-02-28 09:30",
      "2036-02-29 09:30",
    ]);
  });

  it("keeps the wall time across a DST change (New York, spring forward)", () => {
    const s = local(NY, 2030, 3, 8);
    const next = series(s, "Daily", 4, NY);
    expect(next).toEqual(["2030-03-08 09:30", "2030-03-09 09:30", "2030-03-10 09:30", "2030-03-11 09:30"]);
    // ...which means 23 hours between the 9th and the 10th.
    const instants = occurrencesUntil(s, { type: "Daily" }, local(NY, 2030, 3, 11), NY).map((d) =>
      d.getTime(),
    );
    expect(instants[2] - instants[1]).toBe(23 * 3_600_000);
  });

  it("keeps the wall time across a DST change (London, fall back) and for a time DST skips", () => {
    expect(series(local(LONDON, 2030, 10, 20, 8, 0), "Weekly", 3, LONDON)).toEqual([
      "2030-10-20 08:00",
      "2030-10-27 08:00",
      "2030-11-03 08:00",
    ]);
    // 02:30 does not exist on 10 March 2030 in New York: that one occurrence is at 03:30, the next is 02:30 again.
    expect(series(local(NY, 2030, 3, 9, 2, 30), "Daily", 3, NY)).toEqual([
      "2030-03-09 02:30",
      "2030-03-10 03:30",
      "2030-03-11 02:30",
    ]);
  });

  it.each(["Once", "None"] as const)("%s: the start if still ahead, else none", (type) => {
    expect(iso(nextOccurrence(start, { type }, new Date(start.getTime() - 1), NY))).toBe(iso(start));
    expect(nextOccurrence(start, { type }, start, NY)).toBeNull();
    expect(iso(nextOccurrence(start, null, new Date(0), NY))).toBe(iso(start));
  });

  it("returns the first occurrence strictly after the given instant, however far", () => {
    const far = local(NY, 2034, 6, 15, 12, 0);
    expect(wall(nextOccurrence(start, { type: "Monthly" }, far, NY)!, NY)).toBe("2034-06-30 09:30");
    expect(wall(nextOccurrence(start, { type: "Daily" }, far, NY)!, NY)).toBe("2034-06-16 09:30");
    expect(wall(nextOccurrence(start, { type: "Weekly" }, local(NY, 2030, 2, 7), NY)!, NY)).toBe(
      "2030-02-14 09:30",
    );
    expect(wall(nextOccurrence(start, { type: "Weekly" }, local(NY, 2030, 2, 7, 9, 29), NY)!, NY)).toBe(
      "2030-02-07 09:30",
    );
  });

  it("ends by the 'Ends by' instant (inclusive), or the end of an 'Ends by' date in the zone", () => {
    const third = local(NY, 2030, 2, 14);
    expect(series(start, "Weekly", 10, NY, third.toISOString())).toEqual([
      "2030-01-31 09:30",
      "2030-02-07 09:30",
      "2030-02-14 09:30",
    ]);
    expect(series(start, "Weekly", 10, NY, new Date(third.getTime() - 1).toISOString())).toHaveLength(2);
    expect(series(start, "Weekly", 10, NY, "2030-02-14")).toHaveLength(3);
    expect(nextOccurrence(start, { type: "Once", endsBy: "2030-01-01" }, 0, NY)).toBeNull();
  });
});

describe("all nine types with 'Ends by' (table)", () => {
  // Thursday 31 January 2030, 09:30 in New York; ends by 31 December 2030 (the whole day, New York time).
  const start = local(NY, 2030, 1, 31);
  it.each([
    ["None", 1, "2030-01-31 09:30"],
    ["Once", 1, "2030-01-31 09:30"],
    ["Daily", 335, "2030-12-31 09:30"],
    ["Weekly", 48, "2030-12-26 09:30"],
    ["BiWeekly", 24, "2030-12-19 09:30"],
    ["Monthly", 12, "2030-12-31 09:30"],
    ["Quarterly", 4, "2030-10-31 09:30"],
    ["SemiAnnualy", 2, "2030-07-31 09:30"],
    ["Annualy", 1, "2030-01-31 09:30"],
  ] as const)("%s: %i sends, the last %s", (type, count, last) => {
    const all = occurrencesUntil(start, { type, endsBy: "2030-12-31" }, local(NY, 2040, 1, 1), NY);
    expect(all).toHaveLength(count);
    expect(wall(all.at(-1)!, NY)).toBe(last);
    expect(all.every((d) => wall(d, NY).endsWith(" 09:30"))).toBe(true);
    expect(nextOccurrence(start, { type, endsBy: "2030-12-31" }, all.at(-1)!, NY)).toBeNull();
    // The same end given as an instant: 23:59:59.999 New York time that day.
    const endsBy = new Date(local(NY, 2031, 1, 1, 0, 0).getTime() - 1).toISOString();
    expect(endsBy).toBe("2031-01-01T04:59:59.999Z");
    expect(occurrencesUntil(start, { type, endsBy }, local(NY, 2040, 1, 1), NY).map(iso)).toEqual(
      all.map(iso),
    );
  });

  it("an 'Ends by' before the start leaves no send for any type", () => {
    for (const type of ["None", "Once", "Daily", "Weekly", "Monthly", "Annualy"] as const) {
      expect(nextOccurrence(start, { type, endsBy: "2030-01-30" }, 0, NY), type).toBeNull();
      expect(
        occurrencesUntil(start, { type, endsBy: "2030-01-30" }, local(NY, 2031, 1, 1), NY),
        type,
      ).toEqual([]);
    }
  });

  it("an 'Ends by' at the exact instant of a send keeps that send", () => {
    const third = local(NY, 2030, 3, 31);
    const months = occurrencesUntil(start, { type: "Monthly", endsBy: third.toISOString() }, third, NY);
    expect(months.map((d) => wall(d, NY))).toEqual([
      "2030-01-31 09:30",
      "2030-02-28 09:30",
      "2030-03-31 09:30",
    ]);
  });
});

describe("month ends and leap years", () => {
  it.each([
    [
      "Quarterly from 30 November",
      local(NY, 2031, 11, 30),
      "Quarterly",
      ["2031-11-30", "2032-02-29", "2032-05-30", "2032-08-30", "2032-11-30", "2033-02-28"],
    ],
    [
      "Quarterly from 31 August",
      local(NY, 2030, 8, 31),
      "Quarterly",
      ["2030-08-31", "2030-11-30", "2031-02-28", "2031-05-31", "2031-08-31"],
    ],
    [
      "Semi-annually from 31 August",
      local(NY, 2031, 8, 31),
      "SemiAnnualy",
      ["2031-08-31", "2032-02-29", "2032-08-31", "2033-02-28", "2033-08-31"],
    ],
    [
      "Monthly from 30 January",
      local(NY, 2031, 1, 30),
      "Monthly",
      ["2031-01-30", "2031-02-28", "2031-03-30", "2031-04-30"],
    ],
    [
      "Monthly from 29 January in a leap year",
      local(NY, 2032, 1, 29),
      "Monthly",
      ["2032-01-29", "2032-02-29", "2032-03-29"],
    ],
    [
      "Daily over 28 and 29 February 2032",
      local(NY, 2032, 2, 27),
      "Daily",
      ["2032-02-27", "2032-02-28", "2032-02-29", "2032-03-01"],
    ],
    [
      "Weekly over 29 February 2032",
      local(NY, 2032, 2, 22),
      "Weekly",
      ["2032-02-22", "2032-02-29", "2032-03-07"],
    ],
    [
      "Annually from 29 February across 2100 (not a leap year)",
      local(NY, 2096, 2, 29),
      "Annualy",
      [
        "2096-02-29",
        "2097-02-28",
        "2098-02-28",
        "2099-02-28",
        "2100-02-28",
        "2101-02-28",
        "2102-02-28",
        "2103-02-28",
        "2104-02-29",
      ],
    ],
  ] as const)("%s", (_, start, type, days) => {
    expect(series(start, type, days.length, NY)).toEqual(days.map((d) => `${d} 09:30`));
  });
});

describe("DST changes in America/New_York: 09:30 local stays 09:30 local", () => {
  const hours = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;

  it("March (spring forward, Sunday 10 March 2030): Weekly 14:30Z then 13:30Z, 167 hours apart", () => {
    const s = local(NY, 2030, 3, 3);
    const all = occurrencesUntil(s, { type: "Weekly" }, local(NY, 2030, 3, 17), NY);
    expect(all.map(iso)).toEqual([
      "2030-03-03T14:30:00.000Z",
      "2030-03-10T13:30:00.000Z",
      "2030-03-17T13:30:00.000Z",
    ]);
    expect(all.map((d) => wall(d, NY))).toEqual(["2030-03-03 09:30", "2030-03-10 09:30", "2030-03-17 09:30"]);
    expect(hours(all[0], all[1])).toBe(167);
    expect(hours(all[1], all[2])).toBe(168);
  });

  it("November (fall back, Sunday 3 November 2030): Weekly 13:30Z then 14:30Z, 169 hours apart", () => {
    const s = local(NY, 2030, 10, 27);
    const all = occurrencesUntil(s, { type: "Weekly" }, local(NY, 2030, 11, 10), NY);
    expect(all.map(iso)).toEqual([
      "2030-10-27T13:30:00.000Z",
      "2030-11-03T14:30:00.000Z",
      "2030-11-10T14:30:00.000Z",
    ]);
    expect(all.map((d) => wall(d, NY))).toEqual(["2030-10-27 09:30", "2030-11-03 09:30", "2030-11-10 09:30"]);
    expect(hours(all[0], all[1])).toBe(169);
  });

  it.each([
    [
      "Daily",
      local(NY, 2030, 11, 2),
      ["2030-11-02T13:30:00.000Z", "2030-11-03T14:30:00.000Z", "2030-11-04T14:30:00.000Z"],
    ],
    [
      "BiWeekly",
      local(NY, 2030, 3, 1),
      ["2030-03-01T14:30:00.000Z", "2030-03-15T13:30:00.000Z", "2030-03-29T13:30:00.000Z"],
    ],
    [
      "Monthly",
      local(NY, 2030, 2, 10),
      ["2030-02-10T14:30:00.000Z", "2030-03-10T13:30:00.000Z", "2030-04-10T13:30:00.000Z"],
    ],
    [
      "Quarterly",
      local(NY, 2030, 8, 3),
      ["2030-08-03T13:30:00.000Z", "2030-11-03T14:30:00.000Z", "2031-02-03T14:30:00.000Z"],
    ],
    [
      "SemiAnnualy",
      local(NY, 2030, 9, 5),
      ["2030-09-05T13:30:00.000Z", "2031-03-05T14:30:00.000Z", "2031-09-05T13:30:00.000Z"],
    ],
    [
      "Annualy",
      local(NY, 2030, 3, 10),
      ["2030-03-10T13:30:00.000Z", "2031-03-10T13:30:00.000Z", "2032-03-10T14:30:00.000Z"],
    ],
  ] as const)("%s across a change keeps 09:30 in New York", (type, s, expected) => {
    const all = series(s, type, 3, NY);
    expect(all.every((w) => w.endsWith(" 09:30"))).toBe(true);
    const instants = [s];
    while (instants.length < 3) instants.push(nextOccurrence(s, { type }, instants.at(-1)!, NY)!);
    expect(instants.map(iso)).toEqual(expected);
  });

  it("a send at 01:30 on the fall-back day goes at the first 01:30 (EDT), once", () => {
    const s = local(NY, 2030, 11, 2, 1, 30);
    const all = occurrencesUntil(s, { type: "Daily" }, local(NY, 2030, 11, 4, 12, 0), NY);
    expect(all.map(iso)).toEqual([
      "2030-11-02T05:30:00.000Z",
      "2030-11-03T05:30:00.000Z",
      "2030-11-04T06:30:00.000Z",
    ]);
  });

  it("the same series read in UTC keeps 14:30Z (no DST there)", () => {
    const s = new Date("2030-03-03T14:30:00Z");
    expect(occurrencesUntil(s, { type: "Weekly" }, "2030-03-17T14:30:00Z", "UTC").map(iso)).toEqual([
      "2030-03-03T14:30:00.000Z",
      "2030-03-10T14:30:00.000Z",
      "2030-03-17T14:30:00.000Z",
    ]);
  });
});

describe("five simulated years without drift", () => {
  const start = local(NY, 2030, 1, 31);
  const until = local(NY, 2035, 1, 31);
  const expectedCount: Record<string, number> = {
    Daily: 1827, // 31 Jan 2030 to 31 Jan 2035 inclusive
    Weekly: 261,
    BiWeekly: 131,
    Monthly: 61,
    Quarterly: 21,
    SemiAnnualy: 11,
    Annualy: 6,
  };
  it.each(Object.keys(expectedCount).map((t) => [t as RecurrenceType]))("%s", (type) => {
    // Step by step, each from the previous occurrence, as the scheduler runs.
    const stepped = [start];
    let next = nextOccurrence(start, { type }, start, NY);
    while (next && next <= until) {
      stepped.push(next);
      next = nextOccurrence(start, { type }, next, NY);
    }
    expect(stepped).toHaveLength(expectedCount[type]);
    const months = { Monthly: 1, Quarterly: 3, SemiAnnualy: 6, Annualy: 12 } as Record<string, number>;
    stepped.forEach((d, i) => {
      const w = toWallTime(d.getTime(), NY);
      expect([w.hour, w.minute], `occurrence ${i}`).toEqual([9, 30]); // same wall time through 10 DST changes
      if (months[type]) {
        const m = (i * months[type]) % 12;
        expect(w.month, `occurrence ${i}`).toBe(m + 1);
        expect(w.day, `occurrence ${i}`).toBe(Math.min(31, daysInMonth(w.year, w.month))); // back to the 31st
      } else {
        const days = { Daily: 1, Weekly: 7, BiWeekly: 14 }[type as "Daily"];
        const dayNumber = Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
        expect(dayNumber - Date.UTC(2030, 0, 31) / 86_400_000).toBe(i * days);
      }
    });
    expect(nextOccurrence(start, { type }, stepped.at(-1)!, NY)!.getTime()).toBeGreaterThan(until.getTime());
    // Jumping straight to any point gives the same series as stepping.
    expect(occurrencesUntil(start, { type }, until, NY).map(iso)).toEqual(stepped.map(iso));
  });
});

describe("UI labels (spec §3)", () => {
  it.each([
    ["None", "None"],
    ["Once", "Once"],
    ["Daily", "Daily"],
    ["Weekly", "Weekly"],
    ["BiWeekly", "Bi-Weekly"],
    ["Monthly", "Monthly"],
    ["Quarterly", "Quarterly"],
    ["SemiAnnualy", "Semi-Annually"],
    ["Annualy", "Annually"],
  ] as const)("%s -> %s", (type, label) => {
    expect(recurrenceLabel(type)).toBe(label);
  });
  it("end modes", () => {
    expect(recurrenceEndLabel(undefined)).toBe("Never ends");
    expect(recurrenceEndLabel("")).toBe("Never ends");
    expect(recurrenceEndLabel("2030-01-01")).toBe("Ends by");
  });
});
