import { describe, expect, it } from "vitest";
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
    ["one-off push after its time", { from: FROM }, ms(FROM, 1), "Sent", "Expired"],
    ["Once is a one-off", { from: FROM, recurrence: { type: "Once" } }, ms(FROM, 1), "Sent", "Expired"],
    ["None is a one-off", { from: FROM, recurrence: { type: "None" } }, ms(FROM, 1), "Sent", "Expired"],
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
