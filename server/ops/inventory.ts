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
import type { FacetCount, InventoryResults, InventorySearch, InventoryVehicle } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { dealerVehicles as v } from "../db/schema-dealer.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID } from "./apps.ts";
import { vehicleRecord } from "./dealer-data.ts";

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
 * Searches an app's inventory (spec §3 filter) with facets: each list facet counts the vehicles matching
 * every other filter (so picking a colour still shows the other colours' counts), makes with their models
 * likewise, and the year, price and mileage bounds of the vehicles matching the non-range filters.
 */
export async function searchInventory(db: Db, appId: string, f: InventorySearch): Promise<InventoryResults> {
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
