import { describe, expect, it } from "vitest";
import { isCouponVisible, isEventVisible, isWithinTimeframe } from "./timeframe.ts";

const FROM = "2030-03-01T10:00:00.000Z";
const TO = "2030-03-31T10:00:00.000Z";
const before = "2030-02-28T00:00:00.000Z";
const inside = "2030-03-15T00:00:00.000Z";
const after = "2030-04-01T00:00:00.000Z";
const justAfterTo = "2030-03-31T10:00:00.001Z";
const justBeforeFrom = "2030-03-01T09:59:59.999Z";

describe("timeframe visibility (spec §4)", () => {
  it.each([
    ["both: before", { from: FROM, to: TO }, before, false],
    ["both: exactly at from", { from: FROM, to: TO }, FROM, true],
    ["both: 1 ms before from", { from: FROM, to: TO }, justBeforeFrom, false],
    ["both: between", { from: FROM, to: TO }, inside, true],
    ["both: exactly at to", { from: FROM, to: TO }, TO, true],
    ["both: 1 ms after to", { from: FROM, to: TO }, justAfterTo, false],
    ["only from: before", { from: FROM }, before, false],
    ["only from: at", { from: FROM }, FROM, true],
    ["only from: long after", { from: FROM }, "2099-01-01T00:00:00Z", true],
    ["only to: long before", { to: TO }, "2000-01-01T00:00:00Z", true],
    ["only to: at", { to: TO }, TO, true],
    ["only to: after", { to: TO }, after, false],
    ["neither", {}, inside, true],
    ["no timeframe at all", undefined, inside, true],
    ["empty strings count as absent", { from: "", to: "" }, inside, true],
    ["null ends count as absent", { from: null, to: TO }, before, true],
  ])("%s", (_, timeframe, now, visible) => {
    expect(isWithinTimeframe(timeframe, now)).toBe(visible);
  });

  it("accepts Date and epoch instants alike", () => {
    expect(isWithinTimeframe({ from: new Date(FROM), to: Date.parse(TO) }, new Date(inside))).toBe(true);
  });
});

describe("coupon visibility (spec §4)", () => {
  it.each([
    ["follows its timeframe: inside", { from: FROM, to: TO }, inside, true],
    ["follows its timeframe: after", { from: FROM, to: TO }, after, false],
    ["no dates: always", {}, inside, true],
    ["personalized: never listed", { personalized: true }, inside, false],
    [
      "personalized inside its dates: still not listed",
      { from: FROM, to: TO, personalized: true },
      inside,
      false,
    ],
  ])("%s", (_, coupon, now, visible) => {
    expect(isCouponVisible(coupon, now)).toBe(visible);
  });
});

describe("event visibility (spec §4): end only", () => {
  it.each([
    ["no end", {}, after, true],
    ["end ahead", { to: TO }, inside, true],
    ["exactly at its end: no longer in the future", { to: TO }, TO, false],
    ["end passed", { to: TO }, after, false],
    ["start ignored: not started yet but shown", { from: FROM, to: TO } as object, before, true],
  ])("%s", (_, event, now, visible) => {
    expect(isEventVisible(event, now)).toBe(visible);
  });
});
