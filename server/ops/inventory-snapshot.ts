import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";

/**
 * One app's vehicles as columns in memory, for the inventory search (issue 16). Counting facets in SQL meant
 * eight aggregating passes over every vehicle of the app per search (each list facet leaves its own filter
 * out, so no index narrows it; 50,000 vehicles made each pass a hash aggregate of 10–20 ms, and a single
 * GROUPING SETS pass was slower still). Here a search is one loop over plain arrays, the page's rows are
 * then read by primary key. The snapshot is reloaded only when the app's inventory version changed
 * (migration 0014: a statement trigger gives every write a new version, in the writer's transaction).
 */
/**
 * A text column as codes: codes[i] is the row's index into values, 0 for SQL null (values[0] is null), so a
 * search compares and counts small integers instead of strings.
 */
export interface Coded {
  codes: Uint32Array;
  values: (string | null)[];
}

export interface InventorySnapshot {
  version: string;
  n: number;
  ids: string[];
  make: Coded;
  model: Coded;
  /** The (make, model) pair's code: pairs[code] says which (for the makes facet's one count per pair). */
  makeModel: Uint32Array;
  pairs: [number, number][];
  bodyStyle: Coded;
  color: Coded;
  availability: Coded;
  status: Coded;
  transmission: Coded;
  fuel: Coded;
  /** NaN where the vehicle has none (SQL null: fails every range, left out of the bounds). */
  year: Float64Array;
  price: Float64Array;
  mileage: Float64Array;
  /** search_text, lower-cased as ILIKE compares it. */
  searchText: string[];
  /** updated_at in microseconds since the epoch (the column's own precision, for the newest-first order). */
  updated: Float64Array;
  /** Row orders per sort, made on first use. */
  orders: Map<string, Int32Array>;
}

/** Builds a Coded column; code(value) gives a value's code, adding it on first sight. */
function coder(n: number) {
  const col: Coded = { codes: new Uint32Array(n), values: [null] };
  const known = new Map<string, number>();
  return {
    col,
    set(i: number, value: string | null) {
      if (value === null) return;
      let code = known.get(value);
      if (code === undefined) {
        code = col.values.length;
        col.values.push(value);
        known.set(value, code);
      }
      col.codes[i] = code;
    },
  };
}

interface Row {
  version: string;
  id: string | null;
  make: string | null;
  model: string | null;
  body_style: string | null;
  color: string | null;
  availability: string | null;
  status: string | null;
  transmission: string | null;
  fuel: string | null;
  year: number | string | null;
  price: string | null;
  mileage: number | string | null;
  search_text: string | null;
  updated: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Apps kept per database; the least recently searched one goes first. */
const MAX_APPS = 16;
const cache = new WeakMap<Db, Map<string, InventorySnapshot>>();
const loading = new WeakMap<Db, Map<string, Promise<InventorySnapshot>>>();

async function currentVersion(db: Db, appId: string): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(
      sql`select version::text as version from dealer_inventory_versions where app_id = ${appId}`,
    ),
  );
  return row?.version ?? "0";
}

/** Reads the version and the rows in one statement, so both come from the same database snapshot. */
async function load(db: Db, appId: string): Promise<InventorySnapshot> {
  const rows = rowsOf<Row>(
    await db.execute(sql`select ver.version, v.id, v.make, v.model, v.body_style, v.color, v.availability,
        v.status, v.transmission, v.fuel, v.year, v.price::text as price, v.mileage, v.search_text,
        (extract(epoch from v.updated_at) * 1000000)::bigint::text as updated
      from (select coalesce((select version from dealer_inventory_versions where app_id = ${appId}), 0)::text
        as version) ver
      left join dealer_vehicles v on v.app_id = ${appId}`),
  );
  const version = rows[0]?.version ?? "0";
  const present = rows.filter((r) => r.id !== null);
  const n = present.length;
  const num = (x: number | string | null) => (x === null ? Number.NaN : Number(x));
  const [make, model, bodyStyle, color, availability, status, transmission, fuel] = Array.from(
    { length: 8 },
    () => coder(n),
  );
  const makeModel = new Uint32Array(n);
  const pairCodes = new Map<number, number>();
  const pairs: [number, number][] = [];
  const snap: InventorySnapshot = {
    version,
    n,
    ids: new Array(n),
    make: make.col,
    model: model.col,
    makeModel,
    pairs,
    bodyStyle: bodyStyle.col,
    color: color.col,
    availability: availability.col,
    status: status.col,
    transmission: transmission.col,
    fuel: fuel.col,
    year: new Float64Array(n),
    price: new Float64Array(n),
    mileage: new Float64Array(n),
    searchText: new Array(n),
    updated: new Float64Array(n),
    orders: new Map(),
  };
  present.forEach((r, i) => {
    snap.ids[i] = r.id as string;
    make.set(i, r.make);
    model.set(i, r.model);
    const pairKey = make.col.codes[i] * 0x100000 + model.col.codes[i];
    let pair = pairCodes.get(pairKey);
    if (pair === undefined) {
      pair = pairs.length;
      pairs.push([make.col.codes[i], model.col.codes[i]]);
      pairCodes.set(pairKey, pair);
    }
    makeModel[i] = pair;
    bodyStyle.set(i, r.body_style);
    color.set(i, r.color);
    availability.set(i, r.availability);
    status.set(i, r.status);
    transmission.set(i, r.transmission);
    fuel.set(i, r.fuel);
    snap.year[i] = num(r.year);
    snap.price[i] = num(r.price);
    snap.mileage[i] = num(r.mileage);
    snap.searchText[i] = (r.search_text ?? "").toLowerCase();
    snap.updated[i] = Number(r.updated);
  });
  return snap;
}

/** The app's snapshot at the inventory's current version (one primary-key read when nothing changed). */
export async function inventorySnapshot(db: Db, appId: string): Promise<InventorySnapshot> {
  const apps = cache.get(db) ?? new Map<string, InventorySnapshot>();
  cache.set(db, apps);
  const pending = loading.get(db) ?? new Map<string, Promise<InventorySnapshot>>();
  loading.set(db, pending);
  const version = await currentVersion(db, appId);
  const kept = apps.get(appId);
  if (kept && kept.version === version) {
    apps.delete(appId);
    apps.set(appId, kept);
    return kept;
  }
  // Concurrent searches after a change share one load.
  let p = pending.get(appId);
  if (!p) {
    p = load(db, appId).finally(() => pending.delete(appId));
    pending.set(appId, p);
  }
  const snap = await p;
  const newest = apps.get(appId);
  if (!newest || BigInt(newest.version) <= BigInt(snap.version)) {
    apps.delete(appId);
    apps.set(appId, snap);
    while (apps.size > MAX_APPS) apps.delete(apps.keys().next().value as string);
  }
  return snap;
}
