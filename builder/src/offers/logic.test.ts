import { describe, expect, it } from "vitest";
import { validate } from "../../../schemas/index.ts";
import {
  inOrder,
  moveId,
  OFFER_FORM_SCHEMA,
  offerStatus,
  serverFieldErrors,
  toFormValue,
  toInput,
  userLabel,
} from "./logic.ts";
import { withOffers } from "./previewOffers.ts";
import type { OfferRecord } from "./types.ts";

const ids = ["a", "b", "c", "d"];

describe("moveId: the order after a drop", () => {
  it("moves an item up to where another was", () => {
    expect(moveId(ids, "c", "a")).toEqual(["c", "a", "b", "d"]);
  });
  it("moves an item down past the one it is dropped on", () => {
    expect(moveId(ids, "a", "c")).toEqual(["b", "c", "a", "d"]);
  });
  it("one step (a keyboard arrow) swaps neighbours", () => {
    expect(moveId(ids, "d", "c")).toEqual(["a", "b", "d", "c"]);
  });
  it("leaves the order alone for a drop on itself or an unknown id, and never mutates", () => {
    expect(moveId(ids, "b", "b")).toEqual(ids);
    expect(moveId(ids, "x", "a")).toEqual(ids);
    expect(ids).toEqual(["a", "b", "c", "d"]);
  });
  it("inOrder sorts records by ids, unknown ones last", () => {
    const items = [{ id: "a" }, { id: "z" }, { id: "b" }];
    expect(inOrder(items, ["b", "a"]).map((i) => i.id)).toEqual(["b", "a", "z"]);
  });
});

describe("offerStatus (spec §4)", () => {
  const now = Date.parse("2026-06-15T12:00:00Z");
  it.each([
    ["no dates", {}, "Active"],
    ["before from", { from: "2026-06-15T12:00:01Z" }, "Planned"],
    ["at from (inclusive)", { from: "2026-06-15T12:00:00Z" }, "Active"],
    ["only from, long ago: no end", { from: "2020-01-01T00:00:00Z" }, "Active"],
    ["at to (inclusive)", { to: "2026-06-15T12:00:00Z" }, "Active"],
    ["after to", { from: "2026-01-01T00:00:00Z", to: "2026-06-15T11:59:59Z" }, "Expired"],
    ["between", { from: "2026-06-01T00:00:00Z", to: "2026-07-01T00:00:00Z" }, "Active"],
  ] as const)("%s", (_n, dates, status) => {
    expect(offerStatus(dates, now)).toBe(status);
  });
});

describe("offer form", () => {
  const record: OfferRecord = {
    id: "00000000-0000-4000-8000-000000000001",
    title: "Oil change",
    description: "Half price",
    image: "/api/images/x.png",
    from: "2026-06-01T00:00:00.000Z",
    to: "2026-07-01T00:00:00.000Z",
    hideDates: true,
    personalized: false,
    apps: ["app-1", "app-2"],
    link: "https://example.com",
    oncePerUser: true,
    status: "Active",
    redemptions: 3,
    ownerAppId: "app-1",
  };
  it("shows from/to as one timeframe and round-trips to the body", () => {
    const form = toFormValue(record);
    expect(form).toEqual({
      title: "Oil change",
      description: "Half price",
      image: "/api/images/x.png",
      timeframe: { from: record.from, to: record.to },
      hideDates: true,
      oncePerUser: true,
      link: "https://example.com",
    });
    expect(validate(OFFER_FORM_SCHEMA.events, form)).toEqual([]);
    expect(toInput("events", form, record.apps)).toEqual({
      title: "Oil change",
      description: "Half price",
      image: "/api/images/x.png",
      from: record.from,
      to: record.to,
      hideDates: true,
      personalized: false,
      oncePerUser: true,
      apps: ["app-1", "app-2"],
      link: "https://example.com",
    });
  });
  it("a new offer is once per user; a repeatable one stays repeatable", () => {
    expect(toFormValue(null)).toEqual({ oncePerUser: true });
    expect(toFormValue({ title: "T", oncePerUser: false }).oncePerUser).toBe(false);
    expect(toInput("coupons", { title: "T", oncePerUser: false }, ["a"]).oncePerUser).toBe(false);
  });
  it("a coupon's body has no link, and the coupon form refuses one", () => {
    expect(toInput("coupons", { title: "T", link: "https://example.com" }, ["a"])).not.toHaveProperty("link");
    expect(validate(OFFER_FORM_SCHEMA.coupons, { title: "T", link: "https://example.com" })).not.toEqual([]);
  });
  it("requires a title with the schema's message", () => {
    const errors = validate(OFFER_FORM_SCHEMA.coupons, {});
    expect(errors.map((e) => e.path)).toContain("/title");
  });
  it("puts the server's field errors on the form's fields (from/to in the timeframe)", () => {
    expect(
      serverFieldErrors([
        { path: "/body/title", message: "value can't be empty" },
        { path: "/to", message: "Invalid date" },
        { path: "/apps/1", message: "Forbidden app" },
      ]),
    ).toEqual({
      fields: [
        { path: "/title", message: "value can't be empty" },
        { path: "/timeframe/to", message: "Invalid date" },
      ],
      other: [{ path: "/apps/1", message: "Forbidden app" }],
    });
    expect(serverFieldErrors(undefined)).toEqual({ fields: [], other: [] });
  });
  it("names users by name and contact", () => {
    expect(userLabel({ id: "u", name: "Ann", email: "a@x.com" })).toBe("Ann (a@x.com)");
    expect(userLabel({ id: "u", phone: "+15550100" })).toBe("+15550100");
    expect(userLabel({ id: "u" })).toBe("u");
  });
});

describe("withOffers: the preview's definition", () => {
  const coupon = {
    id: "c1",
    title: "Tires",
    apps: ["a"],
    oncePerUser: true,
    status: "Active",
    redemptions: 0,
    ownerAppId: "a",
    link: "https://ignored.example.com",
  } as OfferRecord;
  it("keeps the draft while the cache holds no offers", () => {
    const d = { name: "X", coupons: [{ id: "old", title: "Old" }] };
    expect(withOffers(d as never, undefined, undefined)).toBe(d);
  });
  it("replaces the coupons with the cached list, in its order, as definition coupons", () => {
    const d = { name: "X", coupons: [{ id: "old", title: "Old" }], events: [{ id: "e", title: "E" }] };
    const out = withOffers(d as never, [coupon], undefined) as unknown as Record<string, unknown>;
    expect(out.coupons).toEqual([{ id: "c1", title: "Tires", apps: ["a"] }]);
    expect(out.events).toEqual([{ id: "e", title: "E" }]);
    expect(out.name).toBe("X");
  });
});
