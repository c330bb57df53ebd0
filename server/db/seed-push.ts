import { createGeofence } from "../ops/geofences.ts";
import { createPush } from "../ops/push-notifications.ts";
import type { Caller } from "../permissions.ts";
import type { Db } from "./connect.ts";
import { pushNotificationApps, pushNotifications, pushOccurrences } from "./schema-push.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The demo's pushes recur on New York wall time (09:30 stays 09:30 across DST). */
const DEMO_TIME_ZONE = "America/New_York";

/** The next whole hour at least `days` days after `now`. */
const hourAfter = (now: number, days: number) => new Date(Math.ceil((now + days * DAY) / HOUR) * HOUR);

/**
 * The demo app's pushes and geofences, so View Schedule and the Geofences page have something to show on
 * first start: a push sent two days ago (its one send done, nobody subscribed yet, so its counts are 0), a
 * planned push sharing the oil-change coupon, a weekly reminder, an always-on showroom geofence and a
 * weekly service-drive geofence. Made through the same operations as the console, by the demo admin.
 */
export async function seedPush(db: Db, admin: Caller, appId: string, oilCouponId: string, now = Date.now()) {
  // A past send cannot be scheduled through the calls (they refuse the past): it is written as the sender
  // leaves it, its next send gone and its one occurrence done.
  const sentAt = new Date(Math.floor((now - 2 * DAY) / HOUR) * HOUR);
  await db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(pushNotifications)
      .values({
        ownerAppId: appId,
        createdBy: admin.id,
        message: "Welcome to the Demo Motors app! Specials, events and service booking, all in one place.",
        scheduleTime: sentAt,
        timeZone: DEMO_TIME_ZONE,
        recurrenceType: "Once",
        audience: {},
        source: "composer",
        nextAt: null,
        createdAt: new Date(sentAt.getTime() - DAY),
      })
      .returning({ id: pushNotifications.id });
    await tx.insert(pushNotificationApps).values({ pushId: sent.id, appId });
    await tx
      .insert(pushOccurrences)
      .values({ pushId: sent.id, at: sentAt, state: "done", finishedAt: sentAt });
  });
  await createPush(
    db,
    admin,
    appId,
    {
      apps: [appId],
      message: "$25 off any oil change this month. Show this coupon at the service desk.",
      scheduleTime: hourAfter(now, 3).toISOString(),
      recurrence: { type: "Once" },
      shareCoupon: oilCouponId,
      timeZone: DEMO_TIME_ZONE,
    },
    { now: new Date(now) },
  );
  await createPush(
    db,
    admin,
    appId,
    {
      apps: [appId],
      message: "Time for a check-up? Book this week's service appointment in the app.",
      scheduleTime: hourAfter(now, 1).toISOString(),
      recurrence: { type: "Weekly" },
      authenticated: true,
      timeZone: DEMO_TIME_ZONE,
    },
    { now: new Date(now) },
  );
  await createGeofence(db, admin, appId, {
    name: "Demo Motors showroom",
    message: "Welcome to Demo Motors! Ask at the front desk for today's specials.",
    shape: "circle",
    location: { lat: 40.7128, lng: -74.006, radius: 0.3, radiusUnit: "km" },
    callToAction: { text: "See specials", link: "https://demo-motors.example/specials" },
    apps: [appId],
  });
  await createGeofence(db, admin, appId, {
    name: "Service drive",
    message: "Checking in for service? Your advisor will be right with you.",
    shape: "circle",
    location: { lat: 40.7135, lng: -74.0049, radius: 0.1, radiusUnit: "mi" },
    startDate: new Date(now - DAY).toISOString(),
    recurrence: { type: "Weekly" },
    delayedMessage: { message: "How was your service visit today? Tell us in the app.", delayMinutes: 120 },
    timeZone: DEMO_TIME_ZONE,
    apps: [appId],
  });
}
