import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./connect.ts";
import {
  derivedId as derived,
  type MigrationEngine,
  migrationsBefore,
  openMigrationEngine,
} from "./migration-testing.ts";

/**
 * Migration 0006 moves the geofences and pushes stored in apps.definition into their tables. The apps are
 * written on the schema of 0000-0005, then 0006 (and anything after it) runs; on PGlite, and on PostgreSQL
 * when DATABASE_URL is set (as in CI).
 */
const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const LOT = "33333333-3333-4333-8333-333333333333";
const COPIED = "44444444-4444-4444-8444-444444444444";
const OIL = "55555555-5555-4555-8555-555555555555";
const PAST = "66666666-6666-4666-8666-666666666666";
const FUTURE = "77777777-7777-4777-8777-777777777777";
const features = [{ id: "f1", type: "Coupons", title: "Specials" }];

let engine: MigrationEngine;
let fences: any[];
let fenceLinks: any[];
let pushes: any[];
let pushLinks: any[];
let definitions: Record<string, any>;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

beforeAll(async () => {
  engine = await openMigrationEngine();
  const before = migrationsBefore(6);
  try {
    await engine.migrate(before);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
  const definitionA = {
    name: "Alpha",
    features,
    geofences: [
      // 1: every field, kept id, linked to B (any case) and an unknown app (ignored).
      {
        id: LOT,
        name: "Lot",
        message: "Welcome!",
        silent: true,
        location: { lat: 40.7, lng: -74, radius: 2, radiusUnit: "mi" },
        shape: "circle",
        callToAction: { text: "Book", link: "https://x.example/book" },
        startDate: "2026-01-01T09:00:00.000Z",
        endDate: "2026-12-31T18:00:00Z",
        recurrence: { type: "Weekly", endsBy: "2026-06-30T00:00:00Z" },
        delayedMessage: { message: "How was it?", delayMinutes: 90 },
        filters: { authenticated: true, make: "Honda" },
        apps: [B.toUpperCase(), "not-an-app"],
      },
      // 2: malformed id, no name, unknown unit, unreadable date: derived id, 'Geofence', km, no start.
      {
        id: "g2",
        message: "Hi",
        location: { lat: 1, lng: 2, radius: 3, radiusUnit: "furlong" },
        startDate: "soon",
      },
      // 3: the same id as a geofence of B: derived in both apps.
      { id: COPIED, name: "Copied", message: "Copy", location: { lat: 0, lng: 0, radius: 1 } },
      // 4-6: no message, coordinates that are not numbers, not an object: not moved.
      { id: "g4", name: "Mute", message: "", location: { lat: 1, lng: 1, radius: 1 } },
      { id: "g5", name: "Nowhere", message: "Lost", location: { lat: "north", lng: 1, radius: 1 } },
      "junk",
    ],
    notifications: [
      // 1: sent long ago: kept as history, not sent again (no next send).
      {
        id: PAST,
        apps: [A, B],
        message: "Old news",
        path: "https://x.example/news",
        scheduleTime: "2020-05-01T15:00:00Z",
        recurrence: { type: "Once" },
      },
      // 2: to come, weekly, sharing a coupon, with its audience.
      {
        id: FUTURE,
        apps: [A],
        message: "Service week",
        scheduleTime: "2099-03-01T14:30:00Z",
        recurrence: { type: "Weekly", endsBy: "2099-04-01T00:00:00Z" },
        shareCoupon: OIL.toUpperCase(),
        shareEvent: "88888888-8888-4888-8888-888888888888",
        authenticated: true,
        make: "Honda",
        yearFrom: 2015,
      },
      // 3: malformed id and an unknown recurrence: derived id, Once.
      {
        id: "p3",
        message: "Odd one",
        scheduleTime: "2099-01-01T00:00:00Z",
        recurrence: { type: "Fortnightly" },
      },
      // 4-5: no message, no readable time: not moved.
      { id: "p4", message: "", scheduleTime: "2099-01-01T00:00:00Z" },
      { id: "p5", message: "When?", scheduleTime: "next week" },
      // 6: a date shaped right that is no date: not moved (the cast used to stop the whole upgrade).
      { id: "p6", message: "Leap", scheduleTime: "2026-02-30T10:00:00Z" },
    ],
  };
  const definitionB = {
    name: "Bravo",
    features,
    geofences: [
      { id: COPIED, name: "Copied", message: "Copy", location: { lat: 0, lng: 0, radius: 1 } },
      // 2: values no cast can read: moved without them (no dates, not silent, no delay).
      {
        id: "b2",
        name: "Feb",
        message: "Bad values",
        silent: "maybe",
        location: { lat: 1, lng: 1, radius: 1 },
        startDate: "2026-02-30T00:00:00Z",
        endDate: "2026-13-01",
        recurrence: { type: "Weekly", endsBy: "2026-02-31" },
        delayedMessage: { message: "Later", delayMinutes: 1e12 },
      },
      // 3-4: a latitude past any double, and one past the pole: not moved.
      { id: "b3", name: "Huge", message: "Far", location: { lat: "__HUGE__", lng: 1, radius: 1 } },
      { id: "b4", name: "Pole", message: "Cold", location: { lat: 95, lng: 1, radius: 1 } },
    ],
    notifications: "not a list",
  };
  await engine.query(
    "insert into apps (id, slug, definition) values ($1, 'app-alpha', $2), ($3, 'app-bravo', $4)",
    // 1e400 is valid JSON that jsonb keeps as a number, but no JavaScript value writes it.
    [A, JSON.stringify(definitionA), B, JSON.stringify(definitionB).replace('"__HUGE__"', "1e400")],
  );
  // A coupon of A, an offer since 0005: a push may share it.
  await engine.query("insert into offers (id, kind, owner_app_id, title) values ($1, 'coupon', $2, 'Oil')", [
    OIL,
    A,
  ]);
  await engine.migrate(migrationsFolder);
  fences = await engine.query(
    `select id::text, owner_app_id::text as owner, name, message, silent, lat, lng, radius, radius_unit, shape,
       cta_text, cta_link, ${iso("starts_at")} as starts, ${iso("ends_at")} as ends, recurrence_type,
       ${iso("recurrence_ends_by")} as ends_by, delayed_message, delay_minutes, filters, version
     from geofences order by owner_app_id, name collate "C"`,
  );
  fenceLinks = await engine.query(
    "select geofence_id::text as fence, app_id::text as app, position from geofence_apps order by app_id, position, geofence_id",
  );
  pushes = await engine.query(
    `select id::text, owner_app_id::text as owner, message, path, ${iso("schedule_time")} as at, recurrence_type,
       ${iso("recurrence_ends_by")} as ends_by, audience, share_coupon::text, share_event::text,
       ${iso("next_at")} as next_at, source, time_zone
     from push_notifications order by message collate "C"`,
  );
  pushLinks = await engine.query(
    "select push_id::text as push, app_id::text as app from push_notification_apps order by push_id, app_id",
  );
  const apps = await engine.query("select id::text, definition from apps");
  definitions = Object.fromEntries(apps.map((r) => [r.id, r.definition]));
}, 60_000);
afterAll(() => engine?.close());

describe("migration 0006: definitions' geofences and pushes move to their tables", () => {
  it("moves geofences with every field, keeps UUID ids used once, derives the others, skips unusable ones", () => {
    expect(fences.map((g) => [g.owner, g.name, g.id])).toEqual([
      [A, "Copied", derived(A, "geofence", 3)],
      [A, "Geofence", derived(A, "geofence", 2)],
      [A, "Lot", LOT],
      [B, "Copied", derived(B, "geofence", 1)],
      [B, "Feb", derived(B, "geofence", 2)],
    ]);
    expect(fences.find((g) => g.name === "Feb")).toMatchObject({
      silent: false,
      starts: null,
      ends: null,
      ends_by: null,
      delayed_message: "Later",
      delay_minutes: null,
    });
    expect(fences.find((g) => g.id === LOT)).toEqual({
      id: LOT,
      owner: A,
      name: "Lot",
      message: "Welcome!",
      silent: true,
      lat: 40.7,
      lng: -74,
      radius: 2,
      radius_unit: "mi",
      shape: "circle",
      cta_text: "Book",
      cta_link: "https://x.example/book",
      starts: "2026-01-01T09:00:00Z",
      ends: "2026-12-31T18:00:00Z",
      recurrence_type: "Weekly",
      ends_by: "2026-06-30T00:00:00Z",
      delayed_message: "How was it?",
      delay_minutes: 90,
      filters: { authenticated: true, make: "Honda" },
      version: 1,
    });
    expect(fences.find((g) => g.id === derived(A, "geofence", 2))).toMatchObject({
      radius_unit: "km",
      starts: null,
      silent: false,
      cta_text: null,
      recurrence_type: null,
      filters: {},
    });
  });

  it("links each geofence to its app in the stored order and to the other apps it named, last", () => {
    expect(fenceLinks).toEqual(
      [
        { fence: LOT, app: A, position: 0 },
        { fence: derived(A, "geofence", 2), app: A, position: 1 },
        { fence: derived(A, "geofence", 3), app: A, position: 2 },
        { fence: derived(B, "geofence", 1), app: B, position: 0 },
        { fence: derived(B, "geofence", 2), app: B, position: 1 },
        { fence: LOT, app: B, position: 1_000_000 },
      ].sort(
        (x, y) => x.app.localeCompare(y.app) || x.position - y.position || x.fence.localeCompare(y.fence),
      ),
    );
  });

  it("moves pushes: past ones as history without a next send, future ones scheduled, the rest as their audience", () => {
    expect(pushes).toEqual([
      {
        id: derived(A, "push", 3),
        owner: A,
        message: "Odd one",
        path: null,
        at: "2099-01-01T00:00:00Z",
        recurrence_type: "Once",
        ends_by: null,
        audience: {},
        share_coupon: null,
        share_event: null,
        next_at: "2099-01-01T00:00:00Z",
        source: "composer",
        time_zone: "UTC",
      },
      {
        id: PAST,
        owner: A,
        message: "Old news",
        path: "https://x.example/news",
        at: "2020-05-01T15:00:00Z",
        recurrence_type: "Once",
        ends_by: null,
        audience: {},
        share_coupon: null,
        share_event: null,
        next_at: null,
        source: "composer",
        time_zone: "UTC",
      },
      {
        id: FUTURE,
        owner: A,
        message: "Service week",
        path: null,
        at: "2099-03-01T14:30:00Z",
        recurrence_type: "Weekly",
        ends_by: "2099-04-01T00:00:00Z",
        // The coupon (an offer) is linked in any case; an unknown event is dropped.
        audience: { authenticated: true, make: "Honda", yearFrom: 2015 },
        share_coupon: OIL,
        share_event: null,
        next_at: "2099-03-01T14:30:00Z",
        source: "composer",
        time_zone: "UTC",
      },
    ]);
    expect(pushLinks).toEqual(
      [
        { push: PAST, app: A },
        { push: PAST, app: B },
        { push: FUTURE, app: A },
        { push: derived(A, "push", 3), app: A },
      ].sort((x, y) => x.push.localeCompare(y.push) || x.app.localeCompare(y.app)),
    );
  });

  it("strips both lists from every definition and keeps the rest", () => {
    expect(definitions[A]).toEqual({ name: "Alpha", features });
    expect(definitions[B]).toEqual({ name: "Bravo", features });
  });
});
