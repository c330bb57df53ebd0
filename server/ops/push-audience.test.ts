import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Audience } from "../../schemas/audience.ts";
import type { Database } from "../db/connect.ts";
import { apps, engineTypes, multiapps } from "../db/schema.ts";
import { loyaltyCards, pointsBalances, pointsEntries } from "../db/schema-loyalty.ts";
import { endUsers, endUserVehicles, pushSubscriptions } from "../db/schema-mobile.ts";
import { staffMembers } from "../db/schema-team.ts";
import { ApiError } from "../errors.ts";
import { testDatabase } from "../test-helpers.ts";
import { audienceChoices, audiencePage, checkAudienceValues, countAudience } from "./push-audience.ts";

/** Who a push reaches, on a small fixed population of two apps (runs on PGlite, and PostgreSQL with DATABASE_URL). */
describe("push audience", () => {
  let database: Database;
  const appA = randomUUID();
  const appB = randomUUID();
  const appC = randomUUID();
  const ann = randomUUID(); // A, signed in (e-mail), Honda Civic 2019, VIN 1HGCV1F30KA000001, unit "U-7"
  const bob = randomUUID(); // A, signed in (phone), Toyota Camry 2012, VIN 4T1BF1FK5CU000002
  const cy = randomUUID(); // A, end user row without a verified contact, HONDA Accord 2021
  const anon = randomUUID(); // A, anonymous widget visitor (no end_users row)
  const dee = randomUUID(); // B, signed in
  let groupNorth = "";
  let groupSouth = "";
  const web = (n: number) =>
    JSON.stringify({ endpoint: `https://push.example/${n}`, keys: { p256dh: "p", auth: "a" } });

  beforeAll(async () => {
    database = await testDatabase();
    const { db } = database;
    await db.insert(apps).values([
      {
        id: appA,
        slug: `a-${appA}`,
        locations: [{ id: "loc-east", name: "East lot" }, { id: "loc-west" }],
      },
      { id: appB, slug: `b-${appB}`, locations: [{ id: "loc-b", name: "Bravo HQ" }] },
      // C sells trucks: its engine types come from the Truck catalog.
      { id: appC, slug: `c-${appC}`, makeModelType: "Truck" },
    ]);
    await db.insert(endUsers).values([
      { id: ann, appId: appA, name: "Ann Lee", email: "ann@example.com", emailVerified: true },
      { id: bob, appId: appA, name: "Bob 50%_Off", phone: "+15550100200", phoneVerified: true },
      { id: cy, appId: appA, name: "Cy", email: "cy@example.com" },
      { id: dee, appId: appB, name: "Dee Ann", email: "dee@example.com", emailVerified: true },
    ]);
    await db.insert(endUserVehicles).values([
      {
        endUserId: ann,
        position: 0,
        make: "Honda",
        model: "Civic",
        year: 2019,
        vin: "1HGCV1F30KA000001",
        unit: "U-7",
      },
      { endUserId: bob, position: 0, make: "Toyota", model: "Camry", year: 2012, vin: "4T1BF1FK5CU000002" },
      { endUserId: cy, position: 0, make: "HONDA", model: "Accord", year: 2021, vin: "1HGCV2F30MA000003" },
    ]);
    // The admin catalog: a Civic is listed with two engine types; a Truck-catalog Civic is not the cars' one.
    await db.insert(engineTypes).values([
      { type: "Car", make: "Honda", model: "Civic", engineType: "Gasoline" },
      { type: "Car", make: "HONDA", model: "CIVIC", engineType: "Hybrid" },
      { type: "Car", make: "Toyota", model: "Camry", engineType: "Hybrid" },
      { type: "Car", make: "Honda", model: "Accord", engineType: "Diesel" },
      { type: "Truck", make: "Honda", model: "Civic", engineType: "Electric" },
    ]);
    // Loyalty: Ann has a stamp card in A (completed), Bob has earned points in A (spent since: balance 0).
    await db.insert(loyaltyCards).values({
      appId: appA,
      featureId: "loyalty-1",
      endUserId: ann,
      stamps: 5,
      stampNumber: 5,
      completedAt: new Date(),
    });
    await db.insert(pointsEntries).values([
      { appId: appA, endUserId: bob, kind: "earn", amount: 40 },
      { appId: appA, endUserId: bob, kind: "spend", amount: -40 },
    ]);
    await db.insert(pointsBalances).values({ appId: appA, endUserId: bob, balance: 0 });
    // Multi-app groups: "North" holds A and B, "South" holds B only.
    const [north, south] = await db
      .insert(multiapps)
      .values([
        { name: "North", appIds: [appA, appB] },
        { name: "South", appIds: [appB] },
      ])
      .returning({ id: multiapps.id });
    groupNorth = north.id;
    groupSouth = south.id;
    // Advisors: Ann's works at the east lot, Cy's at east and west; Bob has none.
    const [east, both] = await db
      .insert(staffMembers)
      .values([
        { appId: appA, name: "Eve East", locations: ["loc-east"] },
        { appId: appA, name: "Will Both", locations: ["loc-west", "loc-east"] },
      ])
      .returning({ id: staffMembers.id });
    await db.update(endUsers).set({ staffMemberId: east.id }).where(eq(endUsers.id, ann));
    await db.update(endUsers).set({ staffMemberId: both.id }).where(eq(endUsers.id, cy));
    await db.insert(pushSubscriptions).values([
      { appId: appA, userId: ann, platform: "web", token: web(1) },
      { appId: appA, userId: ann, platform: "web", token: `fallback-${ann}` },
      { appId: appA, userId: bob, platform: "web", token: web(2) },
      { appId: appA, userId: cy, platform: "web", token: `fallback-${cy}` },
      { appId: appA, userId: anon, platform: "web", token: web(3) },
      { appId: appB, userId: dee, platform: "web", token: web(4) },
      // Ann's id subscribed in app B too, where she is no signed-in user
      { appId: appB, userId: ann, platform: "web", token: web(5) },
    ]);
  });
  afterAll(() => database.close());

  const users = async (appIds: string[], audience: Audience) => {
    const page = await audiencePage(database.db, appIds, audience, null, 100);
    return [...new Set(page.map((s) => `${s.appId === appA ? "A" : "B"}:${name(s.userId)}`))].sort();
  };
  const name = (id: string) =>
    ({ [ann]: "ann", [bob]: "bob", [cy]: "cy", [anon]: "anon", [dee]: "dee" })[id] ?? id;

  it("counts subscriptions, distinct users and real Web Push subscriptions of the given apps", async () => {
    expect(await countAudience(database.db, [appA], {})).toEqual({ subscriptions: 5, users: 4, webPush: 3 });
    expect(await countAudience(database.db, [appA, appB], {})).toEqual({
      subscriptions: 7,
      users: 6,
      webPush: 5,
    });
    expect(await countAudience(database.db, [appC], {})).toEqual({ subscriptions: 0, users: 0, webPush: 0 });
    expect(await countAudience(database.db, [], {})).toEqual({ subscriptions: 0, users: 0, webPush: 0 });
  });

  it("keeps only signed-in end users of the subscription's own app", async () => {
    expect(await users([appA, appB], { authenticated: true })).toEqual(["A:ann", "A:bob", "B:dee"]);
  });

  it("matches the term like the customer search, in any case, LIKE characters literally", async () => {
    expect(await users([appA, appB], { term: "ANN" })).toEqual(["A:ann", "B:dee"]);
    expect(await users([appA], { term: "0100" })).toEqual(["A:bob"]);
    expect(await users([appA], { term: "50%_" })).toEqual(["A:bob"]);
    expect(await users([appA], { term: "%" })).toEqual(["A:bob"]);
    // like the console's customer search: phone digits however typed, and vehicles' make, model and VIN
    expect(await users([appA], { term: "(555) 0100" })).toEqual(["A:bob"]);
    expect(await users([appA], { term: "honda civic" })).toEqual(["A:ann"]);
    expect(await users([appA], { term: "cu000002" })).toEqual(["A:bob"]);
    expect(await users([appA], { term: "   " })).toEqual(["A:ann", "A:anon", "A:bob", "A:cy"]);
  });

  it("filters by vehicle: make and model in any case, unit, year range and VIN range with a prefix end", async () => {
    expect(await users([appA], { make: "honda" })).toEqual(["A:ann", "A:cy"]);
    expect(await users([appA], { make: "Honda", model: "civic" })).toEqual(["A:ann"]);
    expect(await users([appA], { make: "Honda", yearFrom: 2020 })).toEqual(["A:cy"]);
    expect(await users([appA], { yearFrom: 2012, yearTo: 2019 })).toEqual(["A:ann", "A:bob"]);
    expect(await users([appA], { unit: "u-7" })).toEqual(["A:ann"]);
    expect(await users([appA], { vinFrom: "1hg", vinTo: "1HGCV1" })).toEqual(["A:ann"]);
    expect(await users([appA], { vinFrom: "1HG", vinTo: "1HG" })).toEqual(["A:ann", "A:cy"]);
    expect(await users([appA], { vinFrom: "2" })).toEqual(["A:bob"]);
    // make and year must hold for the same vehicle
    expect(await users([appA], { make: "Toyota", yearFrom: 2019 })).toEqual([]);
  });

  it("takes chosen user ids, combined with the other filters", async () => {
    expect(await users([appA, appB], { userIds: [ann, dee] })).toEqual(["A:ann", "B:ann", "B:dee"]);
    expect(await users([appA, appB], { userIds: [ann, dee], authenticated: true })).toEqual([
      "A:ann",
      "B:dee",
    ]);
  });

  it("engine type: a vehicle whose make and model the app's catalog lists with it, in any case", async () => {
    // Ann's Civic is listed Gasoline and Hybrid; Bob's Camry Hybrid; Cy's Accord Diesel.
    expect(await users([appA], { engineType: "hybrid" })).toEqual(["A:ann", "A:bob"]);
    expect(await users([appA], { engineType: "Gasoline" })).toEqual(["A:ann"]);
    expect(await users([appA], { engineType: "DIESEL" })).toEqual(["A:cy"]);
    // The Truck catalog's Civic is not the cars' one: nobody in A is Electric.
    expect(await users([appA], { engineType: "Electric" })).toEqual([]);
    // With the other vehicle filters it must hold for the same vehicle.
    expect(await users([appA], { engineType: "Hybrid", make: "Toyota" })).toEqual(["A:bob"]);
    expect(await users([appA], { engineType: "Hybrid", yearFrom: 2020 })).toEqual([]);
    expect(await countAudience(database.db, [appA], { engineType: "Hybrid" })).toEqual({
      subscriptions: 3,
      users: 2,
      webPush: 2,
    });
  });

  it("membership: members have a stamp card or points in the app; non-members are everyone else", async () => {
    expect(await users([appA, appB], { membership: "member" })).toEqual(["A:ann", "A:bob"]);
    // Cy (no card, no points), the anonymous visitor, and everyone in B (loyalty is per app: Ann's id in B too).
    expect(await users([appA, appB], { membership: "non-member" })).toEqual([
      "A:anon",
      "A:cy",
      "B:ann",
      "B:dee",
    ]);
    expect(await users([appA], { membership: "member", authenticated: true, make: "Toyota" })).toEqual([
      "A:bob",
    ]);
    // A value stored before the filter had a meaning reaches nobody rather than everybody.
    expect(await users([appA], { membership: "Gold" as "member" })).toEqual([]);
  });

  it("groups: subscriptions of apps in a named multi-app group (by id or by name in any case)", async () => {
    expect(await users([appA, appB], { groups: [groupSouth] })).toEqual(["B:ann", "B:dee"]);
    expect(await users([appA, appB], { groups: ["north"] })).toEqual([
      "A:ann",
      "A:anon",
      "A:bob",
      "A:cy",
      "B:ann",
      "B:dee",
    ]);
    expect(await users([appA], { groups: [groupSouth, "Nowhere"] })).toEqual([]);
    expect(await users([appA, appB], { groups: [groupSouth], authenticated: true })).toEqual(["B:dee"]);
  });

  it("locations: end users whose advisor works at one of the locations", async () => {
    expect(await users([appA], { locations: ["loc-east"] })).toEqual(["A:ann", "A:cy"]);
    expect(await users([appA], { locations: ["loc-west"] })).toEqual(["A:cy"]);
    expect(await users([appA], { locations: ["loc-west", "loc-b"] })).toEqual(["A:cy"]);
    expect(await users([appA, appB], { locations: ["loc-b"] })).toEqual([]);
    expect(await users([appA], { locations: ["loc-east"], make: "honda", yearTo: 2020 })).toEqual(["A:ann"]);
  });

  it("blank list entries and texts are no filter", async () => {
    expect(await users([appA], { groups: [], locations: [" "], engineType: " " })).toHaveLength(4);
  });

  it("offers the target apps' engine types, groups and locations, and refuses values that name nothing", async () => {
    expect(await audienceChoices(database.db, [appA])).toEqual({
      engineTypes: ["Diesel", "Gasoline", "Hybrid"],
      groups: [{ id: groupNorth, name: "North" }],
      locations: [
        { id: "loc-east", name: "East lot", appId: appA },
        { id: "loc-west", name: "loc-west", appId: appA },
      ],
    });
    expect(await audienceChoices(database.db, [appC, appB])).toEqual({
      engineTypes: ["Diesel", "Electric", "Gasoline", "Hybrid"],
      groups: [
        { id: groupNorth, name: "North" },
        { id: groupSouth, name: "South" },
      ],
      locations: [{ id: "loc-b", name: "Bravo HQ", appId: appB }],
    });
    await expect(
      checkAudienceValues(database.db, [appA], {
        engineType: "hybrid",
        groups: ["NORTH"],
        locations: ["loc-west"],
      }),
    ).resolves.toBeUndefined();
    const refused = await checkAudienceValues(
      database.db,
      [appA],
      { engineType: "Electric", groups: [groupNorth, groupSouth], locations: ["", "loc-b"] },
      "/filters",
    ).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.status).toBe(400);
    expect(refused.details).toEqual([
      {
        path: "/filters/engineType",
        message: "'Electric' is not an engine type of the catalog for the chosen apps",
      },
      {
        path: "/filters/groups/1",
        message: `'${groupSouth}' is not a group of the chosen apps`,
      },
      { path: "/filters/locations/1", message: "'loc-b' is not a location of the chosen apps" },
    ]);
  });

  it("pages by subscription id: every subscription once, in order", async () => {
    const all = await audiencePage(database.db, [appA, appB], {}, null, 100);
    expect(all).toHaveLength(7);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await audiencePage(database.db, [appA, appB], {}, after, 3);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((s) => s.id));
      after = page[page.length - 1].id;
    }
    expect(seen).toEqual(all.map((s) => s.id));
    expect([...seen].sort()).toEqual(seen);
    const first = all.find((s) => s.token === web(1));
    expect(first).toMatchObject({ appId: appA, userId: ann, platform: "web" });
  });
});
