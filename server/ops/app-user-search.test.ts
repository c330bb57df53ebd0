import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/connect.ts";
import { endUsers, endUserVehicles } from "../db/schema-mobile.ts";
import { testApp, testAppOf, testUser } from "../test-helpers.ts";
import { userSearchCondition } from "./app-user-search.ts";

/** The shared search condition (console customers, push audiences' term) on a handful of users. */
let app: FastifyInstance;
let database: Database;
let appId: string;
let otherAppId: string;
const ids: Record<string, string> = {};

async function endUser(app: string, fields: { name?: string; email?: string; phone?: string }) {
  const id = randomUUID();
  await database.db.insert(endUsers).values({ id, appId: app, ...fields });
  return id;
}

beforeAll(async () => {
  app = await testApp();
  database = app.database;
  const owner = await testUser(app);
  appId = await testAppOf(app, owner, "Search Motors");
  otherAppId = await testAppOf(app, owner, "Other Motors");
  ids.ann = await endUser(appId, {
    name: "Ann Smith",
    email: "ann.smith@example.com",
    phone: "+15551234567",
  });
  ids.bob = await endUser(appId, { name: "Bob O'Neil", email: "BOB@Example.org", phone: "+442071234567" });
  ids.pct = await endUser(appId, { name: "100% Carla", email: "carla_x@example.com" });
  ids.car = await endUser(appId, { email: "dana@example.net" });
  await database.db.insert(endUserVehicles).values([
    { endUserId: ids.car, position: 0, make: "Toyota", model: "Camry", year: 2019, vin: "4T1BF1FK5CU123456" },
    { endUserId: ids.car, position: 1, make: "Honda", model: "Civic", year: 2012 },
  ]);
  ids.foreign = await endUser(otherAppId, { name: "Ann Smith", phone: "+15551234567" });
});
afterAll(() => app?.close());

const found = async (term: string) =>
  (
    await database.db
      .select({ id: endUsers.id })
      .from(endUsers)
      .where(and(eq(endUsers.appId, appId), userSearchCondition(term)))
      .orderBy(asc(endUsers.email))
  ).map((r) => r.id);

describe("userSearchCondition", () => {
  it("matches part of a name or e-mail in any case, spaces collapsed", async () => {
    expect(await found("SMITH")).toEqual([ids.ann]);
    expect(await found("  ann   smith ")).toEqual([ids.ann]);
    expect(await found("example.org")).toEqual([ids.bob]);
    expect(await found("o'neil")).toEqual([ids.bob]);
  });

  it("matches phone digits however they are typed", async () => {
    for (const term of ["555 12", "(555) 12", "555-1234", "+1 555 123 4567", "5551234567"])
      expect(await found(term)).toEqual([ids.ann]);
    expect(await found("2071")).toEqual([ids.bob]);
    // Letters among the digits: not a phone search.
    expect(await found("555x12")).toEqual([]);
  });

  it("matches a vehicle's VIN, make, model or make and model", async () => {
    expect(await found("cu1234")).toEqual([ids.car]);
    expect(await found("toyo")).toEqual([ids.car]);
    expect(await found("civic")).toEqual([ids.car]);
    expect(await found("Toyota Camry")).toEqual([ids.car]);
    expect(await found("toyota civic")).toEqual([]);
  });

  it("matches a vehicle with only a make or only a model, and every make and model of many", async () => {
    const onlyModel = await endUser(appId, { email: "only-model@example.com" });
    const onlyMake = await endUser(appId, { email: "only-make@example.com" });
    const many = await endUser(appId, { email: "many@example.com" });
    await database.db.insert(endUserVehicles).values([
      { endUserId: onlyModel, position: 0, model: "Roadster" },
      { endUserId: onlyMake, position: 0, make: "Lotus" },
      ...["Audi A4", "Audi Q7", "Fiat 500", "Kia Rio", "Seat Leon", "Zastava Yugo"].map((mm, position) => {
        const [make, model] = mm.split(" ");
        return { endUserId: many, position, make, model };
      }),
    ]);
    try {
      expect(await found("roadster")).toEqual([onlyModel]);
      expect(await found("lotus")).toEqual([onlyMake]);
      expect(await found("lotus road")).toEqual([]);
      // The first, a middle and the last of the makes and models (the index is walked value by value).
      for (const term of ["audi", "a4", "q7", "fiat 500", "rio", "leon", "zastava", "yugo", "zastava yugo"])
        expect(await found(term)).toEqual([many]);
      expect(await found("audi q")).toEqual([many]);
      expect(await found("kia leon")).toEqual([]);
    } finally {
      await database.db.delete(endUsers).where(inArray(endUsers.id, [onlyModel, onlyMake, many]));
    }
  });

  it("takes % and _ as themselves, and an empty term as everyone", async () => {
    expect(await found("0%")).toEqual([ids.pct]);
    expect(await found("a_x")).toEqual([ids.pct]);
    expect(await found("n_s")).toEqual([]);
    expect((await found("  ")).length).toBe(4);
  });

  it("works on an aliased end_users row", async () => {
    const rows = await database.db.execute(
      sql`select u.id from end_users u where u.app_id = ${otherAppId} and ${userSearchCondition("555 12", sql`u`)}`,
    );
    expect((rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([ids.foreign]);
  });
});
