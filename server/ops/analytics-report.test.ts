import { describe, expect, it } from "vitest";
import { analyticsRange, analyticsZone, coverRange, periodsOf } from "./analytics-report.ts";

const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;

describe("analytics ranges and zones", () => {
  it.each([
    ["America/New_York", "2026-03-08", "2026-03-08T05:00:00Z"], // EST, the DST change is at 02:00
    ["America/New_York", "2026-03-09", "2026-03-09T04:00:00Z"], // EDT
    ["America/New_York", "2026-11-02", "2026-11-02T05:00:00Z"],
    ["Asia/Kolkata", "2026-11-01", "2026-10-31T18:30:00Z"],
    ["Asia/Kathmandu", "2026-11-01", "2026-10-31T18:15:00Z"],
    ["Pacific/Chatham", "2026-07-01", "2026-06-30T11:15:00Z"],
  ])("%s: %s begins at %s", (zone, date, instant) => {
    expect(new Date(analyticsZone(zone, undefined).midnight(date)).toISOString()).toBe(
      new Date(instant).toISOString(),
    );
  });

  it("takes the console's offset header (minutes behind UTC) and labels it", () => {
    const india = analyticsZone(undefined, "-330");
    expect(india.label).toBe("UTC+05:30");
    expect(new Date(india.midnight("2026-11-01")).toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(analyticsZone(undefined, "300").label).toBe("UTC-05:00");
    expect(analyticsZone(undefined, "7").label).toBe("UTC");
    expect(analyticsZone(undefined, undefined).label).toBe("UTC");
  });

  it("covers a range with whole UTC days, and each partial day at an edge with the fewest 15-minute rows", () => {
    const q = (lo: string, hi: string, sign = 1) => ({ kind: "q", lo: at(lo), hi: at(hi), sign });
    const d = (lo: string, hi: string, sign = 1) => ({ kind: "d", lo: at(lo), hi: at(hi), sign });
    // New York days (05:00 UTC): the first edge is 19 hours of its UTC day, read as the day less 5 hours.
    expect(coverRange(at("2026-11-01T05:00:00Z"), at("2026-11-04T05:00:00Z"))).toEqual([
      d("2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"),
      q("2026-11-01T00:00:00Z", "2026-11-01T05:00:00Z", -1),
      d("2026-11-02T00:00:00Z", "2026-11-04T00:00:00Z"),
      q("2026-11-04T00:00:00Z", "2026-11-04T05:00:00Z"),
    ]);
    expect(coverRange(at("2026-11-01T00:00:00Z"), at("2026-11-02T00:00:00Z"))).toEqual([
      d("2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"),
    ]);
    // One New York day: 19 hours of one UTC day and 5 of the next, 10 hours of quarter hours in all.
    expect(coverRange(at("2026-11-01T05:00:00Z"), at("2026-11-02T05:00:00Z"))).toEqual([
      d("2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"),
      q("2026-11-01T00:00:00Z", "2026-11-01T05:00:00Z", -1),
      q("2026-11-02T00:00:00Z", "2026-11-02T05:00:00Z"),
    ]);
    // Within one UTC day: a short stretch directly, a long one as the day less both ends.
    expect(coverRange(at("2026-11-01T05:00:00Z"), at("2026-11-01T09:00:00Z"))).toEqual([
      q("2026-11-01T05:00:00Z", "2026-11-01T09:00:00Z"),
    ]);
    expect(coverRange(at("2026-11-01T01:00:00Z"), at("2026-11-01T23:00:00Z"))).toEqual([
      d("2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"),
      q("2026-11-01T00:00:00Z", "2026-11-01T01:00:00Z", -1),
      q("2026-11-01T23:00:00Z", "2026-11-02T00:00:00Z", -1),
    ]);
    // Tokyo (UTC+9) midnights are at 15:00 UTC: 9 hours on the left (direct), 15 on the right (day less 9).
    expect(coverRange(at("2026-10-31T15:00:00Z"), at("2026-11-02T15:00:00Z"))).toEqual([
      q("2026-10-31T15:00:00Z", "2026-11-01T00:00:00Z"),
      d("2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"),
      d("2026-11-02T00:00:00Z", "2026-11-03T00:00:00Z"),
      q("2026-11-02T15:00:00Z", "2026-11-03T00:00:00Z", -1),
    ]);
    expect(coverRange(DAY, DAY)).toEqual([]);
  });

  it("lists every period, the first clipped to the range", () => {
    expect(periodsOf("2026-11-04", "2026-11-17", "week")).toEqual(["2026-11-04", "2026-11-09", "2026-11-16"]);
    expect(periodsOf("2026-11-20", "2027-01-02", "month")).toEqual([
      "2026-11-20",
      "2026-12-01",
      "2027-01-01",
    ]);
    expect(periodsOf("2026-02-27", "2026-03-01", "day")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });

  it("defaults to the 30 days ending today and compares with the same length before", () => {
    expect(analyticsRange({}, "2026-11-23")).toEqual({
      from: "2026-10-25",
      to: "2026-11-23",
      previous: { from: "2026-09-25", to: "2026-10-24" },
    });
    expect(analyticsRange({ from: "2024-02-29", to: "2024-03-01" }, "2026-11-23").previous).toEqual({
      from: "2024-02-27",
      to: "2024-02-28",
    });
  });
});
