import { afterEach, describe, expect, it, vi } from "vitest";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const COUPONS = uuid(1);
const COUPON = uuid(2);
const SERVICE = uuid(3);
const definition = () =>
  baseDefinition({
    features: [
      { id: COUPONS, type: "Coupons", title: "Specials" },
      { id: SERVICE, type: "WebLink", title: "Service", link: "https://dealer.example/service" },
    ] as never,
    coupons: [{ id: COUPON, title: "Oil change $19.99", description: "Show this coupon." }] as never,
  });

describe("notifications screen", () => {
  it("says 'No Notifications Yet' exactly when the inbox is empty", async () => {
    view = await renderApp({ definition: definition(), route: { page: "notifications" }, notifications: [] });
    expect(view.$(".ba-empty")?.textContent ?? view.text()).toContain("No Notifications Yet");
    await view.rerender({
      notifications: [{ id: "n1", message: "Hello there", time: "2026-06-15T09:30:00Z" }],
    });
    expect(view.text()).not.toContain("No Notifications Yet");
    expect(view.text()).toContain("Hello there");
  });

  it("lists newest first with the unread ones marked, in Spanish too", async () => {
    view = await renderApp({
      definition: definition(),
      lang: "es",
      route: { page: "notifications" },
      notifications: [
        { id: "old", message: "Older", time: "2026-06-14T09:30:00Z", read: true },
        { id: "new", message: "Newer", time: "2026-06-15T09:30:00Z" },
      ],
    });
    expect(view.$$(".ba-card-title").map((e) => e.textContent)).toEqual(["Newer", "Older"]);
    expect(view.$$(".ba-unread")).toHaveLength(1);
    expect(view.text()).toContain("Sin leer: Newer");
  });

  it("opening one records the open and follows its path to a coupon, a feature or a link", async () => {
    const onOpenNotification = vi.fn();
    const onOpenLink = vi.fn();
    const notifications = [
      { id: "c", message: "Your coupon", time: "2026-06-15T09:30:00Z", path: `coupon:${COUPON}` },
      { id: "f", message: "Book service", time: "2026-06-14T09:30:00Z", path: `feature:${SERVICE}` },
      { id: "l", message: "Read more", time: "2026-06-13T09:30:00Z", path: "https://dealer.example/news" },
      { id: "x", message: "Nowhere", time: "2026-06-12T09:30:00Z", path: "coupon:unknown" },
    ];
    view = await renderApp({ definition: definition(), notifications, onOpenNotification, onOpenLink });
    const entry = (message: string) => {
      const card = view?.$$(".ba-notification .ba-card").find((b) => b.textContent?.includes(message));
      if (!card) throw new Error(`no entry ${message}`);
      return card;
    };
    const toList = async () => {
      view?.unmount();
      view = await renderApp({
        definition: definition(),
        route: undefined,
        notifications,
        onOpenNotification,
        onOpenLink,
      });
      await view.click(view.$(".ba-bell"));
    };

    await view.click(view.$(".ba-bell"));
    await view.click(entry("Your coupon"));
    expect(onOpenNotification).toHaveBeenLastCalledWith(notifications[0]);
    expect(view.$("[data-page=couponDetails]")).not.toBeNull();
    expect(view.text()).toContain("Oil change $19.99");

    await toList();
    await view.click(entry("Book service"));
    expect(onOpenNotification).toHaveBeenLastCalledWith(notifications[1]);
    expect(view.$("[data-page=notifications]")).toBeNull();
    expect(view.text()).toContain("Service");

    await toList();
    await view.click(entry("Read more"));
    expect(onOpenLink).toHaveBeenCalledWith("https://dealer.example/news");

    await view.click(entry("Nowhere"));
    expect(onOpenNotification).toHaveBeenLastCalledWith(notifications[3]);
    expect(view.$("[data-page=notifications]")).not.toBeNull();
  });

  it("an entry opened from the system notification shows the list and then where it leads", async () => {
    view = await renderApp({ definition: definition(), notifications: [] });
    expect(view.$("[data-page=notifications]")).toBeNull();
    await view.rerender({
      openedNotification: {
        id: "c",
        message: "Your coupon",
        time: "2026-06-15T09:30:00Z",
        path: `coupon:${COUPON}`,
      },
    });
    expect(view.$("[data-page=couponDetails]")).not.toBeNull();
    await view.click(view.$(".ba-back"));
    expect(view.$("[data-page=notifications]")).not.toBeNull();
  });

  it("offers location alerts only where the surface has them, and says which way the switch goes", async () => {
    const toggle = vi.fn();
    view = await renderApp({ definition: definition(), route: { page: "notifications" } });
    expect(view.text()).not.toContain("location alerts");
    await view.rerender({ locationAlerts: { on: false, toggle } });
    await view.click(view.button("Turn on location alerts"));
    expect(toggle).toHaveBeenCalledTimes(1);
    await view.rerender({ locationAlerts: { on: true, toggle }, lang: "es" });
    expect(view.button("Desactivar alertas de ubicación")).toBeTruthy();
  });
});
