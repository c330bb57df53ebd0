import { and, eq, inArray } from "drizzle-orm";
import type { FacetCount, InventoryResults, InventorySearch, InventoryVehicle } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { dealerVehicles as v } from "../db/schema-dealer.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID } from "./apps.ts";
import { vehicleRecord } from "./dealer-data.ts";
import { type InventorySnapshot, inventorySnapshot } from "./inventory-snapshot.ts";

/** The list filters, in the order of their bits in a row's mask of failed filters. */
const listFilters = ["bodyStyle", "color", "availability", "status", "transmission", "fuel"] as const;
type ListFilter = (typeof listFilters)[number];
const MAKES = 1 << 6;
const RANGES = 1 << 7;
/** A vehicle without every search word: in no result and no facet (two bits, like two failed filters). */
const SEARCHED_OUT = 0b11;

/** Code-unit order: the order PostgreSQL's C collation (this database's) gives the values in SQL. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byCount = (a: FacetCount, b: FacetCount) => b.count - a.count || byCode(a.value, b.value);

type Sort = NonNullable<InventorySearch["sort"]>;

/** The snapshot's rows in a sort's order, ties by id (uuid order is its lower-case text order). */
function orderOf(s: InventorySnapshot, sort: Sort): Int32Array {
  const known = s.orders.get(sort);
  if (known) return known;
  const key: Record<Sort, [Float64Array, number]> = {
    newest: [s.updated, -1],
    price_asc: [s.price, 1],
    price_desc: [s.price, -1],
    year_desc: [s.year, -1],
    year_asc: [s.year, 1],
    mileage_asc: [s.mileage, 1],
  };
  const [col, dir] = key[sort];
  const idx = Array.from({ length: s.n }, (_, i) => i);
  idx.sort((a, b) => {
    const x = col[a];
    const y = col[b];
    // Nulls last in both directions (the SQL sorts said "nulls last").
    if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
    if (x !== y && !Number.isNaN(x)) return (x - y) * dir;
    return byCode(s.ids[a], s.ids[b]);
  });
  const order = Int32Array.from(idx);
  s.orders.set(sort, order);
  return order;
}

/**
 * Searches an app's inventory (spec §3 filter) with facets: each list facet counts the vehicles matching
 * every other filter (so picking a colour still shows the other colours' counts), makes with their models
 * likewise, and the year, price and mileage bounds of the vehicles matching the non-range filters. The
 * search words always apply (every facet is of the searched vehicles).
 *
 * One pass over the app's snapshot: each vehicle gets a mask of the filters it fails; with none it is a
 * result and counts in every facet, with exactly one it counts only in that filter's facet.
 */
export async function searchInventory(db: Db, appId: string, f: InventorySearch): Promise<InventoryResults> {
  const page = f.page ?? 1;
  const pageSize = f.pageSize ?? 20;
  const s = await inventorySnapshot(db, appId);
  const words = (f.search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  // Which (make, model) pairs the makes filter keeps: a make alone keeps all its models.
  const anyMake = (f.vehicleMakes?.length ?? 0) > 0;
  const pairKept = new Uint8Array(s.pairs.length);
  if (anyMake)
    s.pairs.forEach(([make, model], p) => {
      const name = s.make.values[make];
      const modelName = s.model.values[model];
      pairKept[p] = f.vehicleMakes?.some((m) => m.name === name && (!m.model || m.model === modelName))
        ? 1
        : 0;
    });
  const ranges: [Float64Array, number, number][] = [];
  const range = (col: Float64Array, from?: number, to?: number) => {
    if (from !== undefined || to !== undefined) ranges.push([col, from ?? -Infinity, to ?? Infinity]);
  };
  range(s.year, f.yearFrom, f.yearTo);
  range(s.price, f.priceFrom, f.priceTo);
  range(s.mileage, f.mileageFrom, f.mileageTo);
  const lists = listFilters.map((name) => {
    const { codes, values } = s[name];
    const wanted = f[name]?.length ? new Set(f[name]) : null;
    // kept[code]: the value passes this filter (null, code 0, never does when the filter is set).
    const kept = wanted ? Uint8Array.from(values, (x) => (x !== null && wanted.has(x) ? 1 : 0)) : null;
    return { codes, values, kept, counts: new Int32Array(values.length) };
  });

  const masks = new Uint8Array(s.n);
  const pairCounts = new Int32Array(s.pairs.length);
  const bounds = {
    year: [Infinity, -Infinity],
    price: [Infinity, -Infinity],
    mileage: [Infinity, -Infinity],
  };
  const widen = (b: number[], x: number) => {
    if (x < b[0]) b[0] = x;
    if (x > b[1]) b[1] = x;
  };
  let total = 0;
  scan: for (let i = 0; i < s.n; i++) {
    let mask = 0;
    for (const w of words)
      if (!s.searchText[i].includes(w)) {
        masks[i] = SEARCHED_OUT;
        continue scan;
      }
    // The make's code 0 is a null make: no pair with it is kept.
    if (anyMake && (s.make.codes[i] === 0 || !pairKept[s.makeModel[i]])) mask |= MAKES;
    for (const [col, lo, hi] of ranges) {
      const x = col[i];
      if (!(x >= lo && x <= hi)) {
        mask |= RANGES;
        break;
      }
    }
    for (let k = 0; k < lists.length; k++) {
      const { kept, codes } = lists[k];
      if (kept && !kept[codes[i]]) mask |= 1 << k;
    }
    masks[i] = mask;
    if (mask & (mask - 1)) continue; // two or more filters failed: in no count
    if (mask === 0) total++;
    for (let k = 0; k < lists.length; k++)
      if (mask === 0 || mask === 1 << k) lists[k].counts[lists[k].codes[i]]++;
    if (mask === 0 || mask === MAKES) pairCounts[s.makeModel[i]]++;
    if (mask === 0 || mask === RANGES) {
      if (!Number.isNaN(s.year[i])) widen(bounds.year, s.year[i]);
      if (!Number.isNaN(s.price[i])) widen(bounds.price, s.price[i]);
      if (!Number.isNaN(s.mileage[i])) widen(bounds.mileage, s.mileage[i]);
    }
  }

  const pageIds: string[] = [];
  const skip = (page - 1) * pageSize;
  if (skip < total) {
    let seen = 0;
    for (const i of orderOf(s, f.sort ?? "newest")) {
      if (masks[i] !== 0) continue;
      if (seen++ < skip) continue;
      pageIds.push(s.ids[i]);
      if (pageIds.length === pageSize) break;
    }
  }
  const rows = pageIds.length
    ? await db
        .select()
        .from(v)
        .where(and(eq(v.appId, appId), inArray(v.id, pageIds)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));

  const makes = new Map<string, { value: string; count: number; models: FacetCount[] }>();
  s.pairs.forEach(([makeCode, modelCode], p) => {
    const count = pairCounts[p];
    const make = s.make.values[makeCode];
    if (!count || make === null) return; // vehicles without a make are in no makes entry
    const model = s.model.values[modelCode];
    const entry = makes.get(make) ?? { value: make, count: 0, models: [] };
    entry.count += count;
    if (model) entry.models.push({ value: model, count });
    makes.set(make, entry);
  });
  const sortedMakes = [...makes.values()]
    .map((m) => ({
      ...m,
      models: m.models.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const facet = (k: number) =>
    lists[k].values
      .flatMap((value, code) =>
        value !== null && lists[k].counts[code] ? [{ value, count: lists[k].counts[code] }] : [],
      )
      .sort(byCount)
      .slice(0, 100);
  const bound = (b: number[]) => (b[0] <= b[1] ? { min: b[0], max: b[1] } : { min: null, max: null });
  return {
    items: pageIds.flatMap((id) => {
      const r = byId.get(id);
      // A vehicle deleted since the snapshot was read is left out of the page.
      return r ? [vehicleRecord(r)] : [];
    }),
    total,
    page,
    pageSize,
    facets: {
      makes: sortedMakes,
      ...(Object.fromEntries(listFilters.map((name, k) => [name, facet(k)])) as Record<
        ListFilter,
        FacetCount[]
      >),
      year: bound(bounds.year),
      price: bound(bounds.price),
      mileage: bound(bounds.mileage),
    },
  };
}

/** POST /apps/{appId}/inventory/search: the console's search. */
export async function searchInventoryFor(
  db: Db,
  caller: Caller,
  appId: string,
  f: InventorySearch,
): Promise<InventoryResults> {
  await appForCaller(db, caller, appId, "dealerData.read");
  return searchInventory(db, appId, f);
}

/** One vehicle of this app for the widget (404 VehicleNotFound otherwise). */
export async function publicVehicle(db: Db, appId: string, id: string): Promise<InventoryVehicle> {
  if (!UUID.test(id) || !UUID.test(appId)) throw new ApiError("VehicleNotFound");
  const [row] = await db
    .select()
    .from(v)
    .where(and(eq(v.appId, appId), eq(v.id, id.toLowerCase())));
  if (!row) throw new ApiError("VehicleNotFound");
  return vehicleRecord(row);
}
