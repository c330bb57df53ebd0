import { describe, expect, it } from "vitest";
import {
  type AnalyticsMetric,
  breakdownTable,
  csvName,
  metricLabel,
  percentChange,
  periodLabel,
  periodTable,
  presetRange,
  rangeLabel,
  rangeProblem,
  readState,
  reportQuery,
  stateParams,
  toCsv,
  todayIn,
} from "./logic.ts";

describe("range presets in a time zone", () => {
  // 2026-11-01 03:30 UTC: still October 31 in New York, already November 1 in Tokyo.
  const edge = new Date("2026-11-01T03:30:00Z");
  it("ends on today's date where the user is", () => {
    expect(todayIn("America/New_York", edge)).toBe("2026-10-31");
    expect(todayIn("Asia/Tokyo", edge)).toBe("2026-11-01");
    expect(todayIn("UTC", edge)).toBe("2026-11-01");
  });
  it("counts both ends: the last 7, 30 and 90 days", () => {
    expect(presetRange("7d", "America/New_York", edge)).toEqual({ from: "2026-10-25", to: "2026-10-31" });
    expect(presetRange("30d", "Asia/Tokyo", edge)).toEqual({ from: "2026-10-03", to: "2026-11-01" });
    expect(presetRange("90d", "UTC", new Date("2026-03-01T12:00:00Z"))).toEqual({
      from: "2025-12-02",
      to: "2026-03-01",
    });
  });
  it("This month starts on the first of the user's month", () => {
    expect(presetRange("month", "America/New_York", edge)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetRange("month", "Asia/Tokyo", edge)).toEqual({ from: "2026-11-01", to: "2026-11-01" });
  });
  it("spans a leap day", () => {
    expect(presetRange("7d", "UTC", new Date("2028-03-02T10:00:00Z"))).toEqual({
      from: "2028-02-25",
      to: "2028-03-02",
    });
  });
});

describe("custom ranges", () => {
  it("refuses bad dates, a start after the end and more than 366 days", () => {
    expect(rangeProblem("2026-02-30", "2026-03-01")).toBe("Pick a start and an end date");
    expect(rangeProblem("2026-03-02", "2026-03-01")).toBe("The start date must not be after the end date");
    expect(rangeProblem("2025-01-01", "2026-01-01")).toBe(null); // 366 days
    expect(rangeProblem("2024-12-31", "2026-01-01")).toBe("Pick at most 366 days");
    expect(rangeProblem("2026-03-01", "2026-03-01")).toBe(null);
  });
});

describe("page state in the URL", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("defaults to the last 30 days by day", () => {
    expect(readState(new URLSearchParams(""), "UTC", now)).toEqual({
      preset: "30d",
      from: "2026-10-25",
      to: "2026-11-23",
      interval: "day",
    });
    expect(stateParams(readState(new URLSearchParams(""), "UTC", now)).toString()).toBe("");
  });
  it("keeps a custom range, the interval and the filters through a round trip", () => {
    const params = new URLSearchParams(
      "range=custom&from=2026-01-01&to=2026-03-31&interval=week&platform=Web&location=Main+St",
    );
    const state = readState(params, "UTC", now);
    expect(state).toEqual({
      preset: "custom",
      from: "2026-01-01",
      to: "2026-03-31",
      interval: "week",
      platform: "Web",
      location: "Main St",
    });
    expect(stateParams(state).toString()).toBe(params.toString());
    expect(reportQuery(state, "Europe/Madrid")).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      interval: "week",
      tz: "Europe/Madrid",
      platform: "Web",
      location: "Main St",
    });
  });
  it("a preset is kept by name, an invalid custom range or interval falls back", () => {
    expect(readState(new URLSearchParams("range=7d"), "UTC", now)).toMatchObject({
      preset: "7d",
      from: "2026-11-17",
    });
    expect(
      readState(new URLSearchParams("range=custom&from=2026-05-01&to=2026-04-01&interval=year"), "UTC", now),
    ).toEqual({ preset: "30d", from: "2026-10-25", to: "2026-11-23", interval: "day" });
  });
});

describe("change against the previous range", () => {
  it("is a percentage with its direction", () => {
    expect(percentChange(125, 100)).toEqual({ percent: 25, direction: "up", text: "+25%" });
    expect(percentChange(90, 100)).toEqual({ percent: -10, direction: "down", text: "−10%" });
    expect(percentChange(103, 100)).toEqual({ percent: 3, direction: "up", text: "+3%" });
    expect(percentChange(1001, 1000)).toEqual({ percent: 0.1, direction: "up", text: "+0.1%" });
    expect(percentChange(2, 3)).toEqual({ percent: -33, direction: "down", text: "−33%" });
    expect(percentChange(0, 7)).toEqual({ percent: -100, direction: "down", text: "−100%" });
  });
  it("is flat when nothing changed and New when the previous range had nothing", () => {
    expect(percentChange(40, 40)).toEqual({ percent: 0, direction: "flat", text: "0%" });
    expect(percentChange(100001, 100000)).toEqual({ percent: 0, direction: "flat", text: "0%" });
    expect(percentChange(0, 0)).toEqual({ percent: 0, direction: "flat", text: "0%" });
    expect(percentChange(5, 0)).toEqual({ percent: null, direction: "up", text: "New" });
  });
});

const metric: AnalyticsMetric = {
  id: "page_views",
  total: 12,
  previousTotal: 8,
  points: [
    { period: "2026-11-01", value: 5 },
    { period: "2026-11-02", value: 0 },
    { period: "2026-11-03", value: 7 },
  ],
  breakdown: [
    { key: "home", label: "home", value: 9, previousValue: 4 },
    { key: "x", label: '=HYPERLINK("http://evil","Click")', value: 2, previousValue: 0 },
    { key: "y", label: "Oil, filter & more", value: 1, previousValue: 4 },
  ],
};

describe("tables and CSV", () => {
  it("a period table names each bucket", () => {
    expect(periodTable(metric, "day")).toEqual({
      columns: ["Day", "Page views"],
      rows: [
        { key: "2026-11-01", cells: ["Nov 1, 2026", 5] },
        { key: "2026-11-02", cells: ["Nov 2, 2026", 0] },
        { key: "2026-11-03", cells: ["Nov 3, 2026", 7] },
      ],
    });
    expect(periodLabel("2026-11-23", "week")).toBe("Week of Nov 23, 2026");
    expect(periodLabel("2026-11-01", "month")).toBe("November 2026");
    expect(rangeLabel("2026-11-01", "2026-11-30")).toBe("Nov 1 – Nov 30, 2026");
    expect(rangeLabel("2025-12-01", "2026-01-05")).toBe("Dec 1, 2025 – Jan 5, 2026");
  });
  it("writes a BOM, CRLF lines, quotes and escapes formulas", () => {
    const csv = toCsv(breakdownTable(metric));
    expect(csv).toBe(
      "\uFEFFPage,This range,Previous range,Change\r\n" +
        "home,9,4,'+125%\r\n" +
        `"'=HYPERLINK(""http://evil"",""Click"")",2,0,New\r\n` +
        '"Oil, filter & more",1,4,−75%\r\n',
    );
  });
  it("escapes every formula start: = + - @ tab and carriage return", () => {
    const csv = toCsv({
      columns: ["v"],
      rows: ["=1", "+1", "-1", "@a", "\tx", "\rx", "a=1", "'=1"].map((v) => ({ key: v, cells: [v] })),
    });
    expect(csv.slice(1).split("\r\n")).toEqual([
      "v",
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\tx",
      `"'\rx"`,
      "a=1",
      "''=1",
      "",
    ]);
  });
  it("names the file after the app, what and the range", () => {
    expect(csvName("Café Motors", metricLabel("page_views"), "2026-11-01", "2026-11-30")).toBe(
      "Cafe-Motors-Page-views-2026-11-01-2026-11-30.csv",
    );
    expect(csvName("../", "x", "a", "b")).toBe("app-x-a-b.csv");
  });
});
