import { describe, expect, it } from "vitest";
import { canEditScheduledPush, PUSH_EDIT_RULE_MESSAGE, pushDraftFrom, pushScheduleTime } from "./push.ts";

const NOW = Date.parse("2030-01-01T12:00:00.000Z");
const MIN = 60_000;

describe("10-minute edit rule (spec §5)", () => {
  it.each([
    [10 * MIN + 1, true],
    [10 * MIN, true],
    [10 * MIN - 1, false],
    [0, false],
    [-MIN, false],
  ])("scheduled %i ms ahead: editable %s", (ahead, editable) => {
    expect(canEditScheduledPush(NOW + ahead, NOW)).toBe(editable);
  });
  it("says so in the customer's words", () => {
    expect(PUSH_EDIT_RULE_MESSAGE).toBe(
      "You may only edit and delete push notifications in “View Schedule” that are scheduled 10+ minutes in advance of the current time.",
    );
  });
});

describe("push scheduling (spec §9)", () => {
  it.each([
    ["no start date", undefined, NOW + 5 * MIN],
    ["start date earlier than 5 minutes", NOW + MIN, NOW + 5 * MIN],
    ["start date in the past", NOW - 86_400_000, NOW + 5 * MIN],
    ["start date later", NOW + 3 * 86_400_000, NOW + 3 * 86_400_000],
    ["start date exactly 5 minutes ahead", NOW + 5 * MIN, NOW + 5 * MIN],
  ])("%s", (_, start, expected) => {
    expect(pushScheduleTime(NOW, start).getTime()).toBe(expected);
  });

  it("prefills coupon and event pushes BiWeekly until the offer ends, and user pushes once", () => {
    const coupon = {
      id: "c1",
      title: "Oil change",
      from: "2030-02-01T00:00:00.000Z",
      to: "2030-03-01T00:00:00.000Z",
    };
    expect(pushDraftFrom({ kind: "coupon", coupon }, NOW)).toEqual({
      message: "Oil change",
      scheduleTime: "2030-02-01T00:00:00.000Z",
      recurrence: { type: "BiWeekly", endsBy: "2030-03-01T00:00:00.000Z" },
      shareCoupon: "c1",
    });
    expect(pushDraftFrom({ kind: "event", event: { id: "e1", title: "Sale" } }, NOW)).toEqual({
      message: "Sale",
      scheduleTime: new Date(NOW + 5 * MIN).toISOString(),
      recurrence: { type: "BiWeekly" },
      shareEvent: "e1",
    });
    expect(pushDraftFrom({ kind: "users" }, NOW)).toEqual({
      message: "",
      scheduleTime: new Date(NOW + 5 * MIN).toISOString(),
    });
  });
});
