import { describe, expect, it } from "vitest";
import type { AnyFeature } from "../types.ts";
import { notificationTarget } from "./notification-path.ts";

const app = {
  features: [
    { id: "coupons-1", type: "Coupons", title: "Specials" },
    { id: "service", type: "WebLink", title: "Service" },
  ] as AnyFeature[],
  coupons: [{ id: "c1" }],
  events: [{ id: "e1" }],
};

describe("notificationTarget", () => {
  it("opens the app's coupon, event or feature named by the path", () => {
    expect(notificationTarget("coupon:c1", app)).toEqual({
      route: { page: "couponDetails", itemId: "c1", featureId: "coupons-1" },
    });
    expect(notificationTarget("/coupons/c1", app)).toEqual(notificationTarget("coupon:c1", app));
    expect(notificationTarget("event:e1", app)).toEqual({ route: { page: "eventDetails", itemId: "e1" } });
    expect(notificationTarget("feature:service", app)).toEqual({
      route: { page: "feature", featureId: "service" },
    });
    expect(notificationTarget("service", app)).toEqual({ route: { page: "feature", featureId: "service" } });
    expect(notificationTarget("c1", app)).toEqual(notificationTarget("coupon:c1", app));
  });

  it("opens web addresses as links and leads nowhere for unknown or odd paths", () => {
    expect(notificationTarget("https://dealer.example/x", app)).toEqual({ link: "https://dealer.example/x" });
    expect(notificationTarget("//dealer.example/x", app)).toEqual({ link: "https://dealer.example/x" });
    expect(notificationTarget("coupon:nope", app)).toBeNull();
    expect(notificationTarget("event:c1", app)).toBeNull();
    expect(notificationTarget("javascript:alert(1)", app)).toBeNull();
    expect(notificationTarget("", app)).toBeNull();
    expect(notificationTarget(null, app)).toBeNull();
  });
});
