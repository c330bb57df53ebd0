import { describe, expect, it } from "vitest";
import { capMessage, formatValue, programFromForm, stampCircles } from "./logic.ts";

describe("loyalty console logic", () => {
  it("draws stamps as filled circles of the card's size", () => {
    expect(stampCircles(3, 5)).toEqual([true, true, true, false, false]);
    expect(stampCircles(0, 2)).toEqual([false, false]);
    expect(stampCircles(12, 10).filter(Boolean)).toHaveLength(10);
  });
  it("shows a value in the smallest unit as dollars", () => {
    expect(formatValue(1234)).toBe("$12.34");
    expect(formatValue(0)).toBe("$0.00");
  });
  it("builds the program to save: empty limits left out, rows get ids, numbers are numbers", () => {
    let n = 0;
    const program = programFromForm(
      {
        enabled: true,
        conversionRate: 1,
        expiryDays: 365,
        balanceLimit: null,
        dailyCap: "",
        monthlyCap: 500,
        milestones: [{ points: "100", title: " Silver " }, undefined],
        rewards: [{ id: "r1", title: "Car wash", points: 50, description: "  " }],
        terms: "",
      },
      () => `new-${++n}`,
    );
    expect(program).toEqual({
      enabled: true,
      conversionRate: 1,
      expiryDays: 365,
      monthlyCap: 500,
      milestones: [{ id: "new-1", points: 100, title: "Silver" }],
      rewards: [{ id: "r1", title: "Car wash", points: 50 }],
    });
  });
  it("says which cap a refused award hit and what is still allowed", () => {
    expect(capMessage("Daily points limit reached", { cap: "daily", allowed: 20 })).toBe(
      "Daily points limit reached (daily cap) At most 20 points can be awarded now.",
    );
    expect(capMessage("Limit reached", undefined)).toBe("Limit reached");
  });
});
