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
