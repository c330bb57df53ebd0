import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  max,
  min,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FacetCount, InventoryResults, InventorySearch } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { dealerVehicles as v } from "../db/schema-dealer.ts";
import { testApp, testAppOf, testUser } from "../test-helpers.ts";
import { applyBatch, vehicleRecord } from "./dealer-data.ts";
import { searchInventory } from "./inventory.ts";

/** The list filters and the column each one reads. */
const listFilters = {
  bodyStyle: v.bodyStyle,
  color: v.color,
  availability: v.availability,
  status: v.status,
  transmission: v.transmission,
  fuel: v.fuel,
} as const;
type ListFilter = keyof typeof listFilters;
type Part = ListFilter | "makes" | "ranges" | "search";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search's conditions, each tagged with the filter it comes from (a facet leaves its own out). */
function conditions(appId: string, f: InventorySearch): { part: Part; cond: SQL }[] {
  const out: { part: Part; cond: SQL }[] = [{ part: "search", cond: eq(v.appId, appId) }];
  for (const word of (f.search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8))
    out.push({ part: "search", cond: ilike(v.searchText, `%${escapeLike(word)}%`) });
  if (f.vehicleMakes?.length) {
    const any = f.vehicleMakes.map((m) =>
      m.model ? (and(eq(v.make, m.name), eq(v.model, m.model)) as SQL) : eq(v.make, m.name),
    );
    out.push({ part: "makes", cond: or(...any) as SQL });
  }
  const range = (col: typeof v.year | typeof v.price | typeof v.mileage, from?: number, to?: number) => {
    if (from !== undefined) out.push({ part: "ranges", cond: gte(col, from) });
    if (to !== undefined) out.push({ part: "ranges", cond: lte(col, to) });
  };
  range(v.year, f.yearFrom, f.yearTo);
  range(v.price, f.priceFrom, f.priceTo);
  range(v.mileage, f.mileageFrom, f.mileageTo);
  for (const [name, col] of Object.entries(listFilters) as [ListFilter, (typeof listFilters)[ListFilter]][]) {
    const values = f[name];
    if (values?.length) out.push({ part: name, cond: inArray(col, values) });
  }
  return out;
}

const whereWithout = (all: { part: Part; cond: SQL }[], skip?: Part) =>
  and(...all.filter((c) => c.part !== skip).map((c) => c.cond));

const orders: Record<NonNullable<InventorySearch["sort"]>, SQL[]> = {
  newest: [desc(v.updatedAt), asc(v.id)],
  price_asc: [sql`${v.price} asc nulls last`, asc(v.id)],
  price_desc: [sql`${v.price} desc nulls last`, asc(v.id)],
  year_desc: [sql`${v.year} desc nulls last`, asc(v.id)],
  year_asc: [sql`${v.year} asc nulls last`, asc(v.id)],
  mileage_asc: [sql`${v.mileage} asc nulls last`, asc(v.id)],
};

/**
 * The reference: the search as SQL did it before the snapshot (one aggregating query per facet). It
 * Searches an app's inventory (spec §3 filter) with facets: each list facet counts the vehicles matching
 * every other filter (so picking a colour still shows the other colours' counts), makes with their models
 * likewise, and the year, price and mileage bounds of the vehicles matching the non-range filters.
 */
async function searchInventorySql(db: Db, appId: string, f: InventorySearch): Promise<InventoryResults> {
  const page = f.page ?? 1;
  const pageSize = f.pageSize ?? 20;
  const all = conditions(appId, f);
  const where = whereWithout(all);
  const facet = async (name: ListFilter): Promise<FacetCount[]> => {
    const col = listFilters[name];
    const rows = await db
      .select({ value: col, count: count() })
      .from(v)
      .where(and(whereWithout(all, name), isNotNull(col)))
      .groupBy(col)
      .orderBy(desc(count()), asc(col))
      .limit(100);
    return rows.map((r) => ({ value: r.value as string, count: Number(r.count) }));
  };
  const [items, [{ n }], makeRows, bounds, ...lists] = await Promise.all([
    db
      .select()
      .from(v)
      .where(where)
      .orderBy(...orders[f.sort ?? "newest"])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(v).where(where),
    db
      .select({ make: v.make, model: v.model, count: count() })
      .from(v)
      .where(and(whereWithout(all, "makes"), isNotNull(v.make)))
      .groupBy(v.make, v.model),
    db
      .select({
        yearMin: min(v.year),
        yearMax: max(v.year),
        priceMin: min(v.price),
        priceMax: max(v.price),
        mileageMin: min(v.mileage),
        mileageMax: max(v.mileage),
      })
      .from(v)
      .where(whereWithout(all, "ranges")),
    ...(Object.keys(listFilters) as ListFilter[]).map(facet),
  ]);
  const makes = new Map<string, { value: string; count: number; models: FacetCount[] }>();
  for (const r of makeRows) {
    const make = r.make as string;
    const entry = makes.get(make) ?? { value: make, count: 0, models: [] };
    entry.count += Number(r.count);
    if (r.model) entry.models.push({ value: r.model, count: Number(r.count) });
    makes.set(make, entry);
  }
  const sorted = [...makes.values()]
    .map((m) => ({
      ...m,
      models: m.models.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const b = bounds[0];
  const num = (x: unknown) => (x === null || x === undefined ? null : Number(x));
  const facets = Object.fromEntries((Object.keys(listFilters) as ListFilter[]).map((k, i) => [k, lists[i]]));
  return {
    items: (items as (typeof v.$inferSelect)[]).map(vehicleRecord),
    total: Number(n),
    page,
    pageSize,
    facets: {
      makes: sorted,
      ...(facets as Record<ListFilter, FacetCount[]>),
      year: { min: num(b?.yearMin), max: num(b?.yearMax) },
      price: { min: num(b?.priceMin), max: num(b?.priceMax) },
      mileage: { min: num(b?.mileageMin), max: num(b?.mileageMax) },
    },
  };
}

/** A small deterministic generator (the same data on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const HEX = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
const makes: [string, string[]][] = [
  ["Ford", ["F-150", "Escape", "Mustang"]],
  ["Toyota", ["Camry", "RAV4"]],
  ["Honda", ["Civic", "Accord"]],
  ["Škoda", ["Octavia"]],
  ["bmw", ["X5", "330i"]],
];

function vehicles(n: number, seed: number) {
  const r = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const maybe = <T>(x: T) => (r() < 0.15 ? undefined : x);
  return Array.from({ length: n }, (_, i) => {
    const [make, models] = pick(makes);
    const vin = `1BA${String(i).padStart(6, "0")}${Array.from({ length: 8 }, () => pick([...HEX])).join("")}`;
    return {
      vin,
      stockNumber: `S${i}`,
      year: maybe(2010 + Math.floor(r() * 15)),
      make: maybe(make),
      model: maybe(pick(models)),
      bodyStyle: maybe(pick(["Sedan", "SUV", "Truck", "suv"])),
      color: maybe(pick(["White", "Black", "black", "Red", "Ölive"])),
      mileage: maybe(Math.floor(r() * 120_000)),
      price: maybe(pick([9999.99, 15000, 15000.5, 24990, 31000, 47999.01])),
      availability: maybe(pick(["In stock", "In transit"])),
      status: maybe(pick(["new", "used", "certified"] as const)),
      transmission: maybe(pick(["Automatic", "Manual"])),
      fuel: maybe(pick(["Gasoline", "Hybrid", "Electric"])),
    };
  });
}

function filters(seed: number): InventorySearch[] {
  const r = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const some = <T>(xs: T[]) => xs.filter(() => r() < 0.4);
  const out: InventorySearch[] = [
    {},
    { search: "ford" },
    { search: "f-150 20" },
    { vehicleMakes: [{ name: "Ford", model: "Escape" }, { name: "bmw" }], sort: "price_desc" },
    { priceFrom: 15000, priceTo: 15000.5, sort: "year_asc" },
    { color: ["Ölive", "black"], page: 2, pageSize: 7 },
    { page: 999 },
  ];
  for (let k = 0; k < 40; k++) {
    const f: InventorySearch = {};
    if (r() < 0.2) f.search = pick(["honda", "suv", "20", "escape white", "s1", "x5"]);
    if (r() < 0.4)
      f.vehicleMakes = some(makes).map(([name, models]) =>
        r() < 0.5 ? { name } : { name, model: pick(models) },
      );
    if (r() < 0.3) f.yearFrom = 2012 + Math.floor(r() * 6);
    if (r() < 0.3) f.yearTo = 2016 + Math.floor(r() * 8);
    if (r() < 0.3) f.priceFrom = pick([0, 9999.99, 15000, 20000]);
    if (r() < 0.3) f.priceTo = pick([15000, 24990, 40000]);
    if (r() < 0.3) f.mileageTo = Math.floor(r() * 100_000);
    if (r() < 0.4) f.bodyStyle = some(["Sedan", "SUV", "Truck", "suv"]);
    if (r() < 0.4) f.color = some(["White", "Black", "black", "Red", "Ölive"]);
    if (r() < 0.3) f.availability = ["In stock"];
    if (r() < 0.4) f.status = some(["new", "used", "certified"]);
    if (r() < 0.3) f.transmission = [pick(["Automatic", "Manual"])];
    if (r() < 0.3) f.fuel = some(["Gasoline", "Hybrid", "Electric"]);
    f.sort = pick(["newest", "price_asc", "price_desc", "year_desc", "year_asc", "mileage_asc"] as const);
    f.page = 1 + Math.floor(r() * 3);
    f.pageSize = pick([5, 20, 50]);
    out.push(f);
  }
  return out;
}

let app: FastifyInstance;
let db: Db;
let appA: string;
let appB: string;

beforeAll(async () => {
  app = await testApp();
  db = app.database.db;
  const owner = await testUser(app);
  appA = await testAppOf(app, owner, "Alpha Motors");
  appB = await testAppOf(app, owner, "Bravo Motors");
  const a = await applyBatch(db, appA, "inventory", vehicles(300, 1));
  expect(a.errors).toEqual([]);
  // Some vehicles share an updated_at (one statement), some not: the newest order's ties go by id.
  const later = await applyBatch(db, appA, "inventory", vehicles(330, 1).slice(300));
  expect(later.errors).toEqual([]);
  expect((await applyBatch(db, appB, "inventory", vehicles(40, 2))).errors).toEqual([]);
}, 60_000);
afterAll(() => app.close());

describe("inventory search from the snapshot", () => {
  it("gives exactly what the per-facet SQL queries give, items, total, facets and bounds", async () => {
    for (const f of filters(7)) {
      const got = await searchInventory(db, appA, f);
      const want = await searchInventorySql(db, appA, f);
      expect(got, JSON.stringify(f)).toEqual(want);
    }
    expect((await searchInventory(db, appB, {})).total).toBe(40);
  });

  it("follows every write: an import, an update and a delete show in the next search", async () => {
    const before = await searchInventory(db, appA, { vehicleMakes: [{ name: "Tesla" }] });
    expect(before.total).toBe(0);
    const tesla = {
      vin: "5YJ3E1EA7KF000004",
      make: "Tesla",
      model: "Model 3",
      price: 41000,
      color: "Red",
      status: "used" as const,
    };
    await applyBatch(db, appA, "inventory", [tesla]);
    const added = await searchInventory(db, appA, { vehicleMakes: [{ name: "Tesla" }] });
    expect(added.items.map((x) => [x.vin, x.price])).toEqual([["5YJ3E1EA7KF000004", 41000]]);
    expect(added.facets.price).toEqual({ min: 41000, max: 41000 });

    await applyBatch(db, appA, "inventory", [{ ...tesla, price: 38500 }]);
    const changed = await searchInventory(db, appA, { vehicleMakes: [{ name: "Tesla" }], priceTo: 40000 });
    expect(changed.items.map((x) => [x.vin, x.price])).toEqual([["5YJ3E1EA7KF000004", 38500]]);

    await db.delete(v).where(and(eq(v.appId, appA), eq(v.vin, tesla.vin)));
    const gone = await searchInventory(db, appA, { vehicleMakes: [{ name: "Tesla" }] });
    expect(gone.total).toBe(0);
    expect(gone.facets.makes.find((m) => m.value === "Tesla")).toBeUndefined();
    // The other app's inventory was never part of it.
    expect((await searchInventory(db, appB, { vehicleMakes: [{ name: "Tesla" }] })).total).toBe(0);
  });
});
