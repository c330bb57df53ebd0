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
 * Migration 0005 moves the coupons and events of apps.definition into offers + offer_apps. The apps are
 * written on the schema of 0000-0004, then 0005 (and anything after it) runs; on PGlite, and on PostgreSQL
 * when DATABASE_URL is set (as in CI).
 */
const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "66666666-6666-4666-8666-666666666666";
const OIL = "33333333-3333-4333-8333-333333333333";
const EVENT = "44444444-4444-4444-8444-444444444444";
const COPIED = "55555555-5555-4555-8555-555555555555";
const B1 = "77777777-7777-4777-8777-777777777777";
const PERSONAL = "88888888-8888-4888-8888-888888888888";
const BAD_DATE = "99999999-9999-4999-8999-999999999999";
const features = [{ id: "f1", type: "Coupons", title: "Specials" }];
const geofences = [{ id: "g1", name: "Lot" }];

let engine: MigrationEngine;
let offers: any[];
let links: any[];
let definitions: Record<string, unknown>;

beforeAll(async () => {
  engine = await openMigrationEngine();
  const before = migrationsBefore(5);
  try {
    await engine.migrate(before);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
  const definitionA = {
    name: "Alpha",
    features,
    geofences,
    coupons: [
      // 1: kept, linked to B and C (any case), an unknown app ignored; a coupon's link is dropped.
      {
        id: OIL,
        title: "Oil",
        from: "2026-01-01T00:00:00.000Z",
        apps: [B, "not-an-app", C.toUpperCase()],
        link: "https://x.example",
      },
      // 2: malformed id: derived.
      { id: "dup", title: "Dup" },
      // 3: the same id as a coupon of B (a copied definition): derived in both apps.
      { id: COPIED, title: "Copied" },
      // 4 and 5: no title, not an object: not moved.
      { id: "blank", title: "" },
      "junk",
      // 6: every field.
      {
        id: PERSONAL,
        title: "Personal",
        description: "For you only.",
        image: "/api/images/p.png",
        to: "2027-01-01T00:00:00Z",
        personalized: true,
        hideDates: true,
        category: "Service",
      },
      // 7: dates that are not ones (one shaped like a date) and flags that are not booleans: none of them.
      {
        id: BAD_DATE,
        title: "Bad date",
        from: "tomorrow",
        to: "2026-02-30T00:00:00Z",
        personalized: "maybe",
        hideDates: "yes-ish",
      },
    ],
    events: [{ id: EVENT, title: "Ev", link: "https://x.example/ev", to: "2027-01-01T00:00:00Z" }],
  };
  const definitionB = {
    name: "Bravo",
    features,
    coupons: [
      { id: B1, title: "B1" },
      { id: COPIED, title: "Copied" },
    ],
    events: "not a list",
  };
  const definitionC = { name: "Charlie", features };
  await engine.query(
    "insert into apps (id, slug, definition) values ($1, 'app-alpha', $2), ($3, 'app-bravo', $4), ($5, 'app-charlie', $6)",
    [A, JSON.stringify(definitionA), B, JSON.stringify(definitionB), C, JSON.stringify(definitionC)],
  );
  await engine.migrate(migrationsFolder);
  offers = await engine.query(
    `select id::text, kind, owner_app_id::text as owner, title, description, image, personalized, hide_dates,
       link, category, once_per_user, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts,
       to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends
     from offers order by owner_app_id, kind, title`,
  );
  links = await engine.query(
    "select offer_id::text as offer, app_id::text as app, position from offer_apps order by app_id, position, offer_id",
  );
  const apps = await engine.query("select id::text, definition from apps");
  definitions = Object.fromEntries(apps.map((r) => [r.id, r.definition]));
}, 60_000);
afterAll(() => engine?.close());

describe("migration 0005: coupons and events become offers", () => {
  it("keeps UUID ids used once, derives the others, and skips entries without a title", () => {
    const ids = offers.map((o) => [o.owner, o.kind, o.title, o.id]);
    expect(ids).toEqual([
      [A, "coupon", "Bad date", BAD_DATE],
      [A, "coupon", "Copied", derived(A, "coupon", 3)],
      [A, "coupon", "Dup", derived(A, "coupon", 2)],
      [A, "coupon", "Oil", OIL],
      [A, "coupon", "Personal", PERSONAL],
      [A, "event", "Ev", EVENT],
      [B, "coupon", "B1", B1],
      [B, "coupon", "Copied", derived(B, "coupon", 2)],
    ]);
  });

  it("moves every field and date; a coupon has no link; unreadable dates are left empty", () => {
    const byId = Object.fromEntries(offers.map((o) => [o.id, o]));
    expect(byId[PERSONAL]).toEqual({
      id: PERSONAL,
      kind: "coupon",
      owner: A,
      title: "Personal",
      description: "For you only.",
      image: "/api/images/p.png",
      personalized: true,
      hide_dates: true,
      link: null,
      category: "Service",
      once_per_user: true,
      starts: null,
      ends: "2027-01-01T00:00:00Z",
    });
    expect(byId[OIL]).toMatchObject({
      starts: "2026-01-01T00:00:00Z",
      ends: null,
      link: null,
      personalized: false,
    });
    expect(byId[BAD_DATE]).toMatchObject({
      starts: null,
      ends: null,
      personalized: false,
      hide_dates: false,
    });
    expect(byId[EVENT]).toMatchObject({
      kind: "event",
      link: "https://x.example/ev",
      ends: "2027-01-01T00:00:00Z",
    });
  });

  it("keeps each app's order and links the apps a coupon named, at the end of their lists", () => {
    expect(links).toEqual([
      { offer: OIL, app: A, position: 0 },
      { offer: EVENT, app: A, position: 0 },
      { offer: derived(A, "coupon", 2), app: A, position: 1 },
      { offer: derived(A, "coupon", 3), app: A, position: 2 },
      { offer: PERSONAL, app: A, position: 5 },
      { offer: BAD_DATE, app: A, position: 6 },
      { offer: B1, app: B, position: 0 },
      { offer: derived(B, "coupon", 2), app: B, position: 1 },
      { offer: OIL, app: B, position: 1_000_000 },
      { offer: OIL, app: C, position: 1_000_000 },
    ]);
  });

  // 0006, which runs after it here, moves geofences out too (migration-0006.test.ts); the rest stays.
  it("strips coupons and events from the definitions and leaves the rest", () => {
    expect(definitions).toEqual({
      [A]: { name: "Alpha", features },
      [B]: { name: "Bravo", features },
      [C]: { name: "Charlie", features },
    });
  });
});
