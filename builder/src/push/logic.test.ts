import { describe, expect, it } from "vitest";
import { messages } from "../../../schemas/messages.ts";
import {
  AUDIENCE_TITLES,
  END_MODE_OPTIONS,
  errorsByField,
  fromWire,
  initialForm,
  LOCK_SCREEN_MAX,
  lockScreenText,
  MESSAGES,
  PUSH_EDIT_RULE_MESSAGE,
  type PushRecord,
  prefillFromSearch,
  pushesOnDay,
  RECURRENCE_OPTIONS,
  scheduleOrder,
  TIME_HINT,
  toWire,
  validateForm,
} from "./logic.ts";

const APP = "11111111-1111-4111-8111-111111111111";
const COUPON = "22222222-2222-4222-8222-222222222222";
const USER = "33333333-3333-4333-8333-333333333333";
const NOW = Date.parse("2026-03-10T12:00:00.000Z");

describe("prefill", () => {
  it("a coupon push goes 5 minutes ahead, BiWeekly until the coupon ends, and shares the coupon", () => {
    const v = initialForm(APP, NOW, {
      kind: "coupon",
      coupon: { id: COUPON, title: "Oil change $19.99", to: "2026-04-30T23:59:00.000Z" },
    });
    expect(v.message).toBe("Oil change $19.99");
    expect(v.scheduleTime).toBe("2026-03-10T12:05:00.000Z");
    expect(v.recurrence).toBe("BiWeekly");
    expect(v.endMode).toBe("endsBy");
    expect(v.endsBy).toBe("2026-04-30T23:59:00.000Z");
    expect(v.target).toEqual({ kind: "coupon", id: COUPON });
    expect(v.apps).toEqual([APP]);
    expect(toWire(v, NOW, "America/Chicago")).toEqual({
      apps: [APP],
      message: "Oil change $19.99",
      scheduleTime: "2026-03-10T12:05:00.000Z",
      recurrence: { type: "BiWeekly", endsBy: "2026-04-30T23:59:00.000Z" },
      shareCoupon: COUPON,
      timeZone: "America/Chicago",
    });
  });

  it("an event starting later goes at its start; without an end it never ends", () => {
    const v = initialForm(APP, NOW, {
      kind: "event",
      event: { id: COUPON, title: "Open house", from: "2026-03-20T15:00:00.000Z" },
    });
    expect(v.scheduleTime).toBe("2026-03-20T15:00:00.000Z");
    expect(v.endMode).toBe("never");
    expect(toWire(v, NOW, "UTC")).toMatchObject({ shareEvent: COUPON, recurrence: { type: "BiWeekly" } });
    expect(toWire(v, NOW, "UTC").recurrence).toEqual({ type: "BiWeekly" });
  });

  it("chosen users and a search term become the audience; the push goes once, 5 minutes ahead", () => {
    expect(prefillFromSearch(new URLSearchParams(`users=${USER},${USER},`))).toEqual({
      kind: "users",
      userIds: [USER],
    });
    const users = initialForm(APP, NOW, { kind: "users", userIds: [USER] });
    expect(users).toMatchObject({
      message: "",
      recurrence: "Once",
      scheduleTime: "2026-03-10T12:05:00.000Z",
    });
    expect(toWire(users, NOW, "UTC").userIds).toEqual([USER]);
    const term = initialForm(APP, NOW, { kind: "term", term: "ford" });
    expect(toWire(term, NOW, "UTC")).toMatchObject({ term: "ford" });
    expect(prefillFromSearch(new URLSearchParams("term=%20ford%20"))).toEqual({ kind: "term", term: "ford" });
    expect(prefillFromSearch(new URLSearchParams(`coupon=${COUPON}`))).toEqual({
      kind: "coupon",
      id: COUPON,
    });
    expect(prefillFromSearch(new URLSearchParams("event=e1"))).toEqual({ kind: "event", id: "e1" });
    expect(prefillFromSearch(new URLSearchParams(""))).toBeNull();
  });
});

describe("form ↔ wire", () => {
  it("only chosen filters are sent; Send now sends the current instant; Ends by only for repeating types", () => {
    const v = {
      ...initialForm(APP, NOW),
      message: "  Winter tires are in  ",
      sendNow: true,
      recurrence: "Once" as const,
      endMode: "endsBy" as const,
      endsBy: "2026-05-01T00:00:00.000Z",
      target: { kind: "url" as const, url: " https://example.com/tires " },
      audience: {
        authenticated: false,
        make: " Ford ",
        model: "",
        groups: [],
        yearFrom: 2015,
        locations: ["l1"],
      },
    };
    expect(toWire(v, NOW, "Europe/Madrid")).toEqual({
      apps: [APP],
      message: "Winter tires are in",
      scheduleTime: new Date(NOW).toISOString(),
      recurrence: { type: "Once" },
      make: "Ford",
      yearFrom: 2015,
      locations: ["l1"],
      path: "https://example.com/tires",
      timeZone: "Europe/Madrid",
    });
  });

  it("a stored push comes back into the same form", () => {
    const stored = {
      apps: [APP],
      message: "Service week",
      scheduleTime: "2026-03-11T09:30:00.000Z",
      recurrence: { type: "Monthly" as const, endsBy: "2026-12-31T23:59:59.999Z" },
      path: "feature:abc",
      authenticated: true,
      vinFrom: "1FA",
      groups: ["vip"],
    };
    const v = fromWire(stored);
    expect(v.target).toEqual({ kind: "feature", id: "abc" });
    expect(v.endMode).toBe("endsBy");
    expect(v.audience).toEqual({ authenticated: true, vinFrom: "1FA", groups: ["vip"] });
    const { timeZone, ...back } = toWire(v, NOW, "UTC");
    expect(timeZone).toBe("UTC");
    expect(back).toEqual(stored);
    expect(fromWire({ ...stored, path: "https://x.example/a" }).target).toEqual({
      kind: "url",
      url: "https://x.example/a",
    });
  });
});

describe("validation", () => {
  const base = () => ({ ...initialForm(APP, NOW), message: "Hello there" });

  it("the message is 5 to 1200 characters, with the schema's words", () => {
    expect(validateForm(base(), NOW, "UTC")).toEqual({});
    expect(validateForm({ ...base(), message: "Hey" }, NOW, "UTC").message).toBe(messages.min(5));
    expect(validateForm({ ...base(), message: "x".repeat(1201) }, NOW, "UTC").message).toBe(
      messages.max(1200),
    );
    expect(validateForm({ ...base(), message: "" }, NOW, "UTC").message).toBe(messages.required);
  });

  it("refuses a past time unless Send now, an end before the first send, a missing link and no apps", () => {
    const past = { ...base(), scheduleTime: "2026-03-10T11:00:00.000Z" };
    expect(validateForm(past, NOW, "UTC")).toEqual({ scheduleTime: MESSAGES.past });
    expect(validateForm({ ...past, sendNow: true }, NOW, "UTC")).toEqual({});
    expect(
      validateForm(
        { ...base(), recurrence: "Weekly", endMode: "endsBy", endsBy: "2026-03-01T00:00:00.000Z" },
        NOW,
        "UTC",
      ),
    ).toEqual({ endsBy: MESSAGES.endsBeforeStart });
    expect(validateForm({ ...base(), target: { kind: "coupon" } }, NOW, "UTC")).toEqual({
      target: MESSAGES.target,
    });
    expect(validateForm({ ...base(), apps: [] }, NOW, "UTC").apps).toBe(MESSAGES.apps);
    expect(validateForm({ ...base(), target: { kind: "url", url: "not a url" } }, NOW, "UTC")).toEqual({
      target: messages.url,
    });
  });

  it("server field paths land on the composer's fields", () => {
    expect(
      errorsByField([
        { path: "/body/message", message: "too short" },
        { path: "/scheduleTime", message: "in the past" },
        { path: "/recurrence/endsBy", message: "bad end" },
        { path: "/recurrence/type", message: "unknown" },
        { path: "/shareCoupon", message: "gone" },
        { path: "/yearFrom", message: "year" },
        { path: "/apps/0", message: "not yours" },
        { path: "", message: "whole" },
      ]),
    ).toEqual({
      message: "too short",
      scheduleTime: "in the past",
      endsBy: "bad end",
      recurrence: "unknown",
      target: "gone",
      "audience.yearFrom": "year",
      apps: "not yours",
      "": "whole",
    });
  });
});

describe("texts", () => {
  it("uses the spec's labels and the schema's titles", () => {
    expect(RECURRENCE_OPTIONS.map((o) => o.label)).toEqual([
      "None",
      "Once",
      "Daily",
      "Weekly",
      "Bi-Weekly",
      "Monthly",
      "Quarterly",
      "Semi-Annually",
      "Annually",
    ]);
    expect(RECURRENCE_OPTIONS.map((o) => o.value)).toContain("SemiAnnualy");
    expect(END_MODE_OPTIONS.map((o) => o.label)).toEqual(["Never ends", "Ends by"]);
    expect(TIME_HINT).toBe("Notification time like 09:30am");
    expect(PUSH_EDIT_RULE_MESSAGE).toBe(
      "You may only edit and delete push notifications in “View Schedule” that are scheduled 10+ minutes in advance of the current time.",
    );
    expect(AUDIENCE_TITLES.authenticated).toBe("Signed-in users only");
    expect(AUDIENCE_TITLES.vinFrom).toBe("VIN from");
  });

  it("cuts the lock-screen text like iOS", () => {
    expect(lockScreenText("  Hi\n there ")).toBe("Hi there");
    const long = "word ".repeat(100);
    const cut = lockScreenText(long);
    expect(cut.length).toBeLessThanOrEqual(LOCK_SCREEN_MAX);
    expect(cut.endsWith("…")).toBe(true);
    expect(lockScreenText("x".repeat(LOCK_SCREEN_MAX))).toBe("x".repeat(LOCK_SCREEN_MAX));
  });
});

describe("schedule", () => {
  const push = (id: string, over: Partial<PushRecord>): PushRecord => ({
    id,
    apps: [APP],
    message: id,
    scheduleTime: "2026-03-02T15:00:00.000Z",
    status: "Planned",
    editable: true,
    ...over,
  });

  it("puts every send of a recurring push on its day, and a one-off on its own", () => {
    const weekly = push("weekly", { recurrence: { type: "Weekly" }, timeZone: "UTC", status: "Recurring" });
    const once = push("once", { scheduleTime: "2026-03-18T10:00:00.000Z", recurrence: { type: "Once" } });
    const days = pushesOnDay(
      [weekly, once],
      Date.parse("2026-03-01T00:00:00.000Z"),
      Date.parse("2026-03-31T23:59:59.999Z"),
    );
    const flat = [...days.values()].flat().map((d) => `${d.push.id}@${d.at}`);
    expect(flat.sort()).toEqual([
      "once@2026-03-18T10:00:00.000Z",
      "weekly@2026-03-02T15:00:00.000Z",
      "weekly@2026-03-09T15:00:00.000Z",
      "weekly@2026-03-16T15:00:00.000Z",
      "weekly@2026-03-23T15:00:00.000Z",
      "weekly@2026-03-30T15:00:00.000Z",
    ]);
  });

  it("lists upcoming sends first, soonest first, then sent ones newest first", () => {
    const a = push("a", { nextOccurrences: ["2026-03-20T00:00:00.000Z"] });
    const b = push("b", { nextOccurrences: ["2026-03-12T00:00:00.000Z"] });
    const c = push("c", { scheduleTime: "2026-02-01T00:00:00.000Z", status: "Sent" });
    const d = push("d", { scheduleTime: "2026-02-05T00:00:00.000Z", status: "Sent" });
    expect([a, c, b, d].sort(scheduleOrder).map((p) => p.id)).toEqual(["b", "a", "d", "c"]);
  });
});
