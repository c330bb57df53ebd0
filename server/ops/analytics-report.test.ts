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

  it("covers a range with whole UTC days and 15-minute rows only at the edges", () => {
    expect(coverRange(at("2026-11-01T05:00:00Z"), at("2026-11-04T05:00:00Z"))).toEqual([
      { kind: "q", lo: at("2026-11-01T05:00:00Z"), hi: at("2026-11-02T00:00:00Z") },
      { kind: "d", lo: at("2026-11-02T00:00:00Z"), hi: at("2026-11-04T00:00:00Z") },
      { kind: "q", lo: at("2026-11-04T00:00:00Z"), hi: at("2026-11-04T05:00:00Z") },
    ]);
    expect(coverRange(at("2026-11-01T00:00:00Z"), at("2026-11-02T00:00:00Z"))).toEqual([
      { kind: "d", lo: at("2026-11-01T00:00:00Z"), hi: at("2026-11-02T00:00:00Z") },
    ]);
    expect(coverRange(at("2026-11-01T05:00:00Z"), at("2026-11-02T05:00:00Z"))).toEqual([
      { kind: "q", lo: at("2026-11-01T05:00:00Z"), hi: at("2026-11-02T05:00:00Z") },
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
