import { afterEach, describe, expect, it, vi } from "vitest";
import { eventToIcs, icsFileName } from "../ics.ts";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const long = `${"A".repeat(59)}BCDEF`; // 64 characters
const coupon = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(100 + n),
  title: `Coupon ${n}`,
  description: long,
  image: `https://img.example/c${n}.png`,
  ...over,
});
const event = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(200 + n),
  title: `Event ${n}`,
  description: "Tent sale, all week",
  ...over,
});
const couponsFeature = { id: uuid(1), type: "Coupons", title: "Specials" };
const eventsFeature = { id: uuid(2), type: "Events", title: "Promotions" };

describe("coupons", () => {
  it("says 'No Coupons' when none is visible (expired, future and personalized left out)", async () => {
    view = await renderApp({
      featureId: uuid(1),
      definition: baseDefinition({
        features: [couponsFeature] as never,
        coupons: [
          coupon(1, { to: "2026-01-01T00:00:00Z" }),
          coupon(2, { from: "2027-01-01T00:00:00Z" }),
          coupon(3, { personalized: true }),
        ] as never,
      }),
    });
    expect(view.$("[data-page=coupons]")).not.toBeNull();
    expect(view.$(".ba-empty")?.textContent).toBe("No Coupons");
  });

  it("lists image, title, date text and the description cut at 60 with an ellipsis", async () => {
    view = await renderApp({
      featureId: uuid(1),
      definition: baseDefinition({
        features: [couponsFeature] as never,
        coupons: [coupon(1, { from: "2026-06-01T10:00:00Z", to: "2026-07-04T10:00:00Z" })] as never,
      }),
    });
    expect(view.$(".ba-card-title")?.textContent).toBe("Coupon 1");
    expect(view.$(".ba-card-date")?.textContent).toBe("June 1st - July 4th");
    expect(view.$(".ba-card-desc")?.textContent).toBe(`${"A".repeat(59)}B...`);
    expect(view.$(".ba-card-image")?.getAttribute("src")).toBe("https://img.example/c1.png");
  });

  it("opens the detail with Share and Redeem", async () => {
    const onRedeem = vi.fn();
    const onShare = vi.fn();
    const onNavigate = vi.fn();
    view = await renderApp({
      featureId: uuid(1),
      onRedeem,
      onShare,
      onNavigate,
      definition: baseDefinition({
        features: [couponsFeature] as never,
        coupons: [coupon(1, { from: "2026-06-01T00:00:00Z" })] as never,
      }),
    });
    await view.click(view.$(".ba-card"));
    expect(onNavigate).toHaveBeenLastCalledWith(
      { page: "couponDetails", featureId: uuid(1), itemId: uuid(101) },
      "couponDetails",
    );
    expect(view.$("[data-page=couponDetails]")).not.toBeNull();
    expect(view.$(".ba-detail-title")?.textContent).toBe("Coupon 1");
    expect(view.$(".ba-detail-date")?.textContent).toBe("From June 1st");
    expect(view.$(".ba-detail-desc")?.textContent).toBe(long);
    await view.click(view.button("Share"));
    // The coupon's id travels with the share, so the dashboard counts shares per offer.
    expect(onShare).toHaveBeenCalledWith({
      kind: "coupon",
      id: "00000000-0000-4000-8000-000000000101",
      title: "Coupon 1",
      text: long,
    });
    // No end user here: Redeem asks to sign in, with no Sign In screen to open, and records nothing.
    await view.click(view.button("Redeem"));
    expect(view.$(".ba-confirm-title")?.textContent).toBe("Sign in for special offers");
    expect(view.text()).not.toContain("Sign In");
    expect(onRedeem).not.toHaveBeenCalled();
    await view.click(view.button("Not Now"));
    expect(view.button("Redeem")).toBeTruthy();
    await view.click(view.$(".ba-back"));
    expect(view.$("[data-page=coupons]")).not.toBeNull();
  });

  it("hideDates hides the date text; only an end says 'Ends in'", async () => {
    view = await renderApp({
      featureId: uuid(1),
      definition: baseDefinition({
        features: [couponsFeature] as never,
        coupons: [
          coupon(1, { to: "2026-06-18T12:00:00Z" }),
          coupon(2, { to: "2026-06-18T12:00:00Z", hideDates: true }),
        ] as never,
      }),
    });
    expect(view.$$(".ba-card-date").map((e) => e.textContent)).toEqual(["Ends in 3 days"]);
  });
});

describe("events", () => {
  it("says 'No Promotions' when every event has ended", async () => {
    view = await renderApp({
      featureId: uuid(2),
      definition: baseDefinition({
        features: [eventsFeature] as never,
        events: [event(1, { to: "2026-06-01T00:00:00Z" })] as never,
      }),
    });
    expect(view.$(".ba-empty")?.textContent).toBe("No Promotions");
  });

  it("shows future and open-ended events, the start ignored", async () => {
    view = await renderApp({
      featureId: uuid(2),
      definition: baseDefinition({
        features: [eventsFeature] as never,
        events: [event(1, { from: "2027-01-01T00:00:00Z" }), event(2)] as never,
      }),
    });
    expect(view.$$(".ba-card-title").map((e) => e.textContent)).toEqual(["Event 1", "Event 2"]);
  });

  it("'More Info' only with a link; Share; Calendar hands over the event", async () => {
    const onAddToCalendar = vi.fn();
    view = await renderApp({
      featureId: uuid(2),
      onAddToCalendar,
      definition: baseDefinition({
        features: [eventsFeature] as never,
        events: [event(1, { link: "https://dealer.example/tent" }), event(2)] as never,
      }),
    });
    await view.click(view.$$(".ba-card")[0]);
    const more = view.button("More Info");
    expect(more.getAttribute("href")).toBe("https://dealer.example/tent");
    expect(more.getAttribute("rel")).toBe("noopener noreferrer");
    expect(view.button("Share")).toBeTruthy();
    await view.click(view.button("Calendar"));
    expect(onAddToCalendar).toHaveBeenCalledWith(expect.objectContaining({ id: uuid(201) }));
    await view.click(view.$(".ba-back"));
    await view.click(view.$$(".ba-card")[1]);
    expect(view.text()).not.toContain("More Info");
  });

  it("never links a javascript: address", async () => {
    view = await renderApp({
      featureId: uuid(2),
      definition: baseDefinition({
        features: [eventsFeature] as never,
        events: [event(1, { link: "javascript:alert(1)" })] as never,
      }),
    });
    await view.click(view.$(".ba-card"));
    expect(view.text()).not.toContain("More Info");
    expect(view.container.innerHTML).not.toContain("javascript:");
  });
});

describe("calendar file", () => {
  it("is an iCalendar event with escaped text", () => {
    const ics = eventToIcs(
      {
        id: "e1",
        title: "Tent sale; all, week",
        description: "Line 1\nLine 2",
        from: "2026-06-20T15:00:00Z",
        to: "2026-06-20T17:30:00Z",
        link: "https://dealer.example",
      },
      { now: Date.UTC(2026, 5, 15), appName: "Sunrise Motors" },
    );
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics).toContain("DTSTART:20260620T150000Z\r\n");
    expect(ics).toContain("DTEND:20260620T173000Z\r\n");
    expect(ics).toContain("SUMMARY:Tent sale\\; all\\, week\r\n");
    expect(ics).toContain("DESCRIPTION:Line 1\\nLine 2\r\n");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(icsFileName({ id: "e1", title: "Tent sale!" })).toBe("Tent-sale.ics");
  });

  it("lasts an hour from now without dates", () => {
    const ics = eventToIcs({ id: "e", title: "T" }, { now: Date.UTC(2026, 0, 1, 10) });
    expect(ics).toContain("DTSTART:20260101T100000Z");
    expect(ics).toContain("DTEND:20260101T110000Z");
  });
});

describe("special packages", () => {
  const pack = (over: Record<string, unknown> = {}) => ({
    id: uuid(300),
    title: "Winter care",
    description: long,
    image: "https://img.example/p.png",
    to: "2026-07-04T10:00:00Z",
    couponIds: [uuid(102), uuid(103), uuid(101)],
    ...over,
  });

  it("lists a package as one entry marked 'Package' that opens to its specials, each opening its coupon", async () => {
    const onNavigate = vi.fn();
    view = await renderApp({
      featureId: uuid(1),
      onNavigate,
      packages: [pack(), pack({ id: uuid(301), title: "Gone", to: "2026-01-01T00:00:00Z" })],
      definition: baseDefinition({
        features: [couponsFeature] as never,
        // Coupon 3 is expired: the package lists only what the visitor may open.
        coupons: [coupon(1), coupon(2), coupon(3, { to: "2026-01-01T00:00:00Z" })] as never,
      }),
    });
    expect(view.$$(".ba-card-title").map((e) => e.textContent)).toEqual([
      "Winter care",
      "Coupon 1",
      "Coupon 2",
    ]);
    const card = view.$$(".ba-card")[0];
    expect(card.querySelector(".ba-tag")?.textContent).toBe("Package");
    expect(card.querySelector(".ba-card-desc")?.textContent).toBe(`${"A".repeat(59)}B...`);
    expect(card.querySelector(".ba-card-image")?.getAttribute("src")).toBe("https://img.example/p.png");
    await view.click(card);
    expect(onNavigate).toHaveBeenLastCalledWith(
      { page: "packageDetails", featureId: uuid(1), itemId: uuid(300) },
      "couponDetails", // analytics: spec §2's page ids have no package page
    );
    expect(view.$("[data-page=packageDetails]")).not.toBeNull();
    expect(view.$(".ba-detail-title")?.textContent).toBe("Winter care");
    expect(view.$(".ba-detail-image")?.getAttribute("src")).toBe("https://img.example/p.png");
    expect(view.$(".ba-detail-desc")?.textContent).toBe(long);
    expect(view.text()).toContain("Specials in this package");
    expect(view.$$(".ba-detail .ba-card-title").map((e) => e.textContent)).toEqual(["Coupon 2", "Coupon 1"]);
    await view.click(view.$$(".ba-detail .ba-card")[0]);
    expect(view.$("[data-page=couponDetails]")).not.toBeNull();
    expect(view.$(".ba-detail-title")?.textContent).toBe("Coupon 2");
    await view.click(view.$(".ba-back"));
    expect(view.$("[data-page=packageDetails]")).not.toBeNull();
  });

  it("leaves out a package none of whose specials is shown; Spanish label 'Paquete'", async () => {
    view = await renderApp({
      featureId: uuid(1),
      lang: "es",
      packages: [pack({ couponIds: [uuid(103)] }), pack({ id: uuid(301), title: "Invierno" })],
      definition: baseDefinition({
        features: [couponsFeature] as never,
        coupons: [coupon(1), coupon(3, { personalized: true })] as never,
      }),
    });
    expect(view.$$(".ba-card-title").map((e) => e.textContent)).toEqual(["Invierno", "Coupon 1"]);
    expect(view.$(".ba-tag")?.textContent).toBe("Paquete");
  });
});
