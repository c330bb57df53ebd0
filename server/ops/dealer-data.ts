import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import Papa from "papaparse";
import { toE164 } from "../../core/phone.ts";
import {
  DEALER_BATCH_MAX_ROWS,
  type Deal,
  type DealerBatchResult,
  type DealerKind,
  type DealerListQuery,
  type DealInput,
  dealerCsvFields,
  dealerInputs,
  dealerKeys,
  guessDealerMapping,
  type InventoryVehicle,
  type InventoryVehicleInput,
  type RepairOrder,
  type RepairOrderInput,
  type RowError,
  type ServiceContract,
  type ServiceContractInput,
  validate,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  dealerDeals,
  dealerRepairOrders,
  dealerServiceContracts,
  dealerVehicles,
} from "../db/schema-dealer.ts";
import { endUserVehicles } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID } from "./apps.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** The table of each kind and the column of its natural key. */
export const dealerTables = {
  inventory: { table: dealerVehicles, key: dealerVehicles.vin },
  "repair-orders": { table: dealerRepairOrders, key: dealerRepairOrders.roNumber },
  deals: { table: dealerDeals, key: dealerDeals.dealNumber },
  "service-contracts": { table: dealerServiceContracts, key: dealerServiceContracts.contractNumber },
} as const;

const clean = (v: string | undefined) => v?.trim() || null;
export const normalVin = (v: string | undefined | null) => v?.trim().toUpperCase() || null;
export const normalEmail = (v: string | undefined | null) => v?.trim().toLowerCase() || null;
/** Phones in E.164 when they can be read, otherwise as sent (still matched exactly). */
export const normalPhone = (v: string | undefined | null) => (v?.trim() ? (toE164(v) ?? v.trim()) : null);
const sum = (xs: (number | undefined)[]) =>
  Math.round(xs.reduce<number>((a, x) => a + (x ?? 0), 0) * 100) / 100;

/** The columns one checked record writes (everything but id, app and timestamps). */
export function columnsOf(kind: DealerKind, input: Record<string, unknown>): Record<string, unknown> {
  switch (kind) {
    case "inventory": {
      const v = input as InventoryVehicleInput;
      const vin = normalVin(v.vin) as string;
      return {
        vin,
        stockNumber: clean(v.stockNumber),
        year: v.year ?? null,
        make: clean(v.make),
        model: clean(v.model),
        trim: clean(v.trim),
        bodyStyle: clean(v.bodyStyle),
        color: clean(v.color),
        mileage: v.mileage ?? null,
        price: v.price ?? null,
        availability: clean(v.availability),
        status: v.status ?? null,
        transmission: clean(v.transmission),
        fuel: clean(v.fuel),
        photos: (v.photos ?? []).map((p) => p.trim()).filter(Boolean),
        location: clean(v.location),
        description: clean(v.description),
        searchText: [v.year, v.make, v.model, v.trim, v.bodyStyle, v.color, vin, v.stockNumber]
          .filter((x) => x !== undefined && x !== null && x !== "")
          .join(" ")
          .toLowerCase(),
      };
    }
    case "repair-orders": {
      const r = input as RepairOrderInput;
      const lines = (r.lines ?? []).map((l) => ({
        description: l.description.trim(),
        labor: l.labor ?? 0,
        parts: l.parts ?? 0,
      }));
      const laborTotal = r.laborTotal ?? sum(lines.map((l) => l.labor));
      const partsTotal = r.partsTotal ?? sum(lines.map((l) => l.parts));
      return {
        roNumber: r.roNumber.trim(),
        date: r.date,
        vin: normalVin(r.vin),
        mileage: r.mileage ?? null,
        customerName: clean(r.customerName),
        email: normalEmail(r.email),
        phone: normalPhone(r.phone),
        lines,
        laborTotal,
        partsTotal,
        total: r.total ?? sum([laborTotal, partsTotal]),
        advisor: clean(r.advisor),
        location: clean(r.location),
      };
    }
    case "deals": {
      const d = input as DealInput;
      return {
        dealNumber: d.dealNumber.trim(),
        date: d.date,
        vin: normalVin(d.vin),
        year: d.year ?? null,
        make: clean(d.make),
        model: clean(d.model),
        customerName: clean(d.customerName),
        email: normalEmail(d.email),
        phone: normalPhone(d.phone),
        term: d.term ?? null,
        monthlyPayment: d.monthlyPayment ?? null,
        paid: d.paid ?? null,
        amountFinanced: d.amountFinanced ?? null,
        downPayment: d.downPayment ?? null,
        totalDown: d.totalDown ?? null,
        salesPrice: d.salesPrice ?? null,
        totalBackSales: d.totalBackSales ?? null,
        totalPickupPayments: d.totalPickupPayments ?? null,
        aftermarketSale: d.aftermarketSale ?? null,
        tradeActualCashValue: d.tradeActualCashValue ?? null,
        total: d.total ?? null,
        products: (d.products ?? []).map((p) => ({
          description: p.description.trim(),
          quantity: p.quantity ?? 1,
          warranty: p.warranty ?? false,
          internal: p.internal ?? false,
        })),
        location: clean(d.location),
      };
    }
    case "service-contracts": {
      const c = input as ServiceContractInput;
      return {
        contractNumber: c.contractNumber.trim(),
        product: c.product.trim(),
        provider: clean(c.provider),
        vin: normalVin(c.vin),
        customerName: clean(c.customerName),
        email: normalEmail(c.email),
        phone: normalPhone(c.phone),
        startDate: c.startDate ?? null,
        endDate: c.endDate ?? null,
        endMileage: c.endMileage ?? null,
        price: c.price ?? null,
        location: clean(c.location),
      };
    }
  }
}

/** The natural key of a checked record, as stored. */
export function keyOf(kind: DealerKind, value: Record<string, unknown>): string {
  const raw = String(value[dealerKeys[kind]] ?? "").trim();
  return kind === "inventory" ? raw.toUpperCase() : raw;
}

/**
 * Checks a batch row by row against the kind's schema; a key sent twice is an error on its second row.
 * `rowOf` numbers rows for people (a CSV's line, a batch's 1-based index).
 */
export function checkRecords(
  kind: DealerKind,
  records: unknown[],
  rowOf: (i: number) => number = (i) => i + 1,
  onProgress?: (checked: number) => void,
): { values: Record<string, unknown>[]; errors: RowError[] } {
  const schema = dealerInputs[kind];
  const seen = new Map<string, number>();
  const values: Record<string, unknown>[] = [];
  const errors: RowError[] = [];
  for (let i = 0; i < records.length; i++) {
    const row = rowOf(i);
    const found = validate(schema, records[i]);
    if (found.length) {
      for (const e of found)
        errors.push({ row, field: e.path.replace(/^\//, "").split("/")[0] || undefined, message: e.message });
    } else {
      const value = records[i] as Record<string, unknown>;
      const key = keyOf(kind, value);
      const first = seen.get(key);
      if (first !== undefined)
        errors.push({ row, field: dealerKeys[kind], message: `${key} is also on row ${first}` });
      else {
        seen.set(key, row);
        values.push(value);
      }
    }
    if (onProgress && (i + 1) % 1000 === 0) onProgress(i + 1);
  }
  return { values, errors };
}

const CHUNK = 2000;

/**
 * Upserts checked records of one kind by natural key. A row whose every column equals what is stored is not
 * touched (its updated_at stays), so replaying a batch reports it unchanged and changes nothing. Each chunk
 * is one statement with one array parameter per column (unnest): building and parsing a VALUES list of
 * 20 parameters per row cost more than the writes themselves.
 */
export async function upsertRecords(
  tx: DbOrTx,
  appId: string,
  kind: DealerKind,
  values: Record<string, unknown>[],
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  const { table, key } = dealerTables[kind];
  const t = table as unknown as PgTable & Record<string, { name: string; getSQLType(): string }>;
  const tableName = (table as unknown as { [k: symbol]: string })[Symbol.for("drizzle:Name")];
  const keyName = (key as unknown as { name: string }).name;
  let inserted = 0;
  let updated = 0;
  for (let at = 0; at < values.length; at += CHUNK) {
    const rows = values.slice(at, at + CHUNK).map((v) => columnsOf(kind, v));
    const fields = Object.keys(rows[0]);
    const names = fields.map((f) => t[f].name);
    const types = fields.map((f) => t[f].getSQLType().replace(/\(.*\)/, ""));
    const arrays = fields.map((f, i) =>
      rows.map((r) => {
        const v = r[f];
        if (v === null || v === undefined) return null;
        return types[i] === "jsonb" ? JSON.stringify(v) : v;
      }),
    );
    const q = (n: string) => `"${n}"`;
    const unnest = sql.join(
      arrays.map(
        (a, i) => sql`${sql.param(a)}::${sql.raw(types[i] === "jsonb" ? "text[]" : `${types[i]}[]`)}`,
      ),
      sql`, `,
    );
    const picks = names.map((n, i) => `u.${q(n)}${types[i] === "jsonb" ? "::jsonb" : ""}`).join(", ");
    const out = await tx.execute<{ inserted: boolean }>(sql`
      insert into ${sql.raw(q(tableName))} ("app_id", ${sql.raw(names.map(q).join(", "))})
      select ${appId}::uuid, ${sql.raw(picks)} from unnest(${unnest}) as u(${sql.raw(names.map(q).join(", "))})
      on conflict ("app_id", ${sql.raw(q(keyName))}) do update set
        ${sql.raw(names.map((n) => `${q(n)} = excluded.${q(n)}`).join(", "))}, "updated_at" = now()
      where (${sql.raw(names.map((n) => `${q(tableName)}.${q(n)}`).join(", "))})
        is distinct from (${sql.raw(names.map((n) => `excluded.${q(n)}`).join(", "))})
      returning (xmax = 0) as inserted`);
    const result = out as unknown as { rows?: { inserted: boolean }[] } | { inserted: boolean }[];
    for (const r of Array.isArray(result) ? result : (result.rows ?? [])) r.inserted ? inserted++ : updated++;
  }
  return { inserted, updated, unchanged: values.length - inserted - updated };
}

/**
 * Checks and applies a whole batch in one transaction: any bad row (or a duplicate key) and nothing is
 * written; the errors come back with their rows.
 */
export async function applyBatch(
  db: Db,
  appId: string,
  kind: DealerKind,
  records: unknown[],
): Promise<DealerBatchResult> {
  if (records.length > DEALER_BATCH_MAX_ROWS) throw new ApiError("DealerBatchTooLarge");
  const { values, errors } = checkRecords(kind, records);
  if (errors.length) return { total: records.length, inserted: 0, updated: 0, unchanged: 0, errors };
  const done = await db.transaction((tx) => upsertRecords(tx, appId, kind, values));
  return { total: records.length, ...done, errors: [] };
}

// CSV ---------------------------------------------------------------------------------------------------

export const DEALER_CSV_MAX_BYTES = 40 * 1024 * 1024;
const FORMULA_CELL = /^[=@]|^[+-][^\d\s.]/;
export interface DealerCsv {
  rows: { line: number; record: Record<string, unknown> }[];
  errors: RowError[];
}

/**
 * Reads a dealer CSV: delimiter guessed, BOM dropped, headers mapped to fields (the console's mapping, else
 * the guess). Cells become typed values; a formula cell or a bad number is a row error. A file that is not
 * UTF-8, has no rows or lacks a required column is refused whole (CsvInvalid).
 */
export function parseDealerCsv(kind: DealerKind, text: string, mapping?: Record<string, string>): DealerCsv {
  if (text.includes("\uFFFD")) throw new ApiError("CsvInvalid", "The file is not UTF-8 text");
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: false,
    delimitersToGuess: [",", ";", "\t", "|"],
  });
  const [header, ...lines] = parsed.data;
  if (!header || header.every((h) => !h.trim())) throw new ApiError("CsvInvalid", "The CSV file is empty");
  const map = mapping ?? guessDealerMapping(kind, header);
  const fields = dealerCsvFields[kind];
  const at = new Map<string, number>();
  header.forEach((h, i) => {
    const f = map[h];
    if (f && fields.some((c) => c.field === f) && !at.has(f)) at.set(f, i);
  });
  const missing = fields.filter((f) => f.required && !at.has(f.field)).map((f) => f.header);
  if (missing.length)
    throw new ApiError(
      "CsvInvalid",
      `The CSV file has no ${missing.join(", ")} column (columns found: ${header.join(", ").slice(0, 300)})`,
    );
  const rows: DealerCsv["rows"] = [];
  const errors: RowError[] = [];
  lines.forEach((cells, i) => {
    const line = i + 2;
    if (cells.every((c) => !c.trim())) return;
    const record: Record<string, unknown> = {};
    for (const [field, col] of at) {
      const cell = (cells[col] ?? "").trim();
      if (cell === "") continue;
      const def = fields.find((f) => f.field === field);
      if (!def) continue;
      if (FORMULA_CELL.test(cell) && !(def.type === "text" && field === "phone" && /^\+/.test(cell))) {
        errors.push({
          row: line,
          field,
          message: `${def.header} holds a formula; formulas are not imported`,
        });
        continue;
      }
      if (def.type === "int" || def.type === "number") {
        const n = Number(cell.replace(/[$,\s]/g, ""));
        if (!Number.isFinite(n) || (def.type === "int" && !Number.isInteger(n)))
          errors.push({
            row: line,
            field,
            message: `${def.header} must be ${def.type === "int" ? "a whole number" : "a number"}`,
          });
        else record[field] = n;
      } else if (def.type === "list") record[field] = cell.split(/[|\s]+/).filter(Boolean);
      else if (def.type === "bool") record[field] = /^(1|y|yes|true|x)$/i.test(cell);
      else record[field] = field === "status" ? cell.toLowerCase() : cell;
    }
    if (kind === "repair-orders") {
      const { lineDescription, lineLabor, lineParts, ...rest } = record;
      if (lineDescription !== undefined || lineLabor !== undefined || lineParts !== undefined)
        rest.lines = [
          {
            description: lineDescription ?? "Repair",
            ...(lineLabor !== undefined ? { labor: lineLabor } : {}),
            ...(lineParts !== undefined ? { parts: lineParts } : {}),
          },
        ];
      rows.push({ line, record: rest });
    } else rows.push({ line, record });
  });
  if (!rows.length) throw new ApiError("CsvInvalid", "The CSV file has no rows");
  if (rows.length > DEALER_BATCH_MAX_ROWS) throw new ApiError("DealerBatchTooLarge");
  return { rows, errors };
}

// Reading ------------------------------------------------------------------------------------------------

const iso = (d: Date) => d.toISOString();
const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;

export function vehicleRecord(r: typeof dealerVehicles.$inferSelect): InventoryVehicle {
  const { appId: _a, createdAt: _c, searchText: _s, updatedAt, photos, ...rest } = r;
  return compact({
    ...rest,
    photos: (photos as string[]) ?? [],
    updatedAt: iso(updatedAt),
  }) as InventoryVehicle;
}

function repairOrderRecord(r: typeof dealerRepairOrders.$inferSelect): RepairOrder {
  const { appId: _a, createdAt: _c, updatedAt, lines, ...rest } = r;
  return compact({ ...rest, lines: lines as RepairOrder["lines"], updatedAt: iso(updatedAt) }) as RepairOrder;
}

function dealRecord(r: typeof dealerDeals.$inferSelect): Deal {
  const { appId: _a, createdAt: _c, updatedAt, products, ...rest } = r;
  return compact({ ...rest, products: products as Deal["products"], updatedAt: iso(updatedAt) }) as Deal;
}

function contractRecord(r: typeof dealerServiceContracts.$inferSelect): ServiceContract {
  const { appId: _a, createdAt: _c, updatedAt, ...rest } = r;
  return compact({ ...rest, updatedAt: iso(updatedAt) }) as ServiceContract;
}

export const shapers = {
  inventory: vehicleRecord,
  "repair-orders": repairOrderRecord,
  deals: dealRecord,
  "service-contracts": contractRecord,
} as const;

export type DealerRecord = InventoryVehicle | RepairOrder | Deal | ServiceContract;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchOf(kind: DealerKind, q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text)}%`;
  switch (kind) {
    case "inventory":
      return ilike(dealerVehicles.searchText, like);
    case "repair-orders":
      return or(
        ilike(dealerRepairOrders.roNumber, like),
        ilike(dealerRepairOrders.vin, like),
        ilike(dealerRepairOrders.customerName, like),
        ilike(dealerRepairOrders.email, like),
        ilike(dealerRepairOrders.advisor, like),
      );
    case "deals":
      return or(
        ilike(dealerDeals.dealNumber, like),
        ilike(dealerDeals.vin, like),
        ilike(dealerDeals.customerName, like),
        ilike(dealerDeals.email, like),
      );
    case "service-contracts":
      return or(
        ilike(dealerServiceContracts.contractNumber, like),
        ilike(dealerServiceContracts.vin, like),
        ilike(dealerServiceContracts.customerName, like),
        ilike(dealerServiceContracts.product, like),
      );
  }
}

/** GET /apps/{appId}/{kind}?q&page&pageSize: newest first (by date, else by last change). */
export async function listDealerRecords(
  db: Db,
  caller: Caller,
  appId: string,
  kind: DealerKind,
  query: DealerListQuery,
): Promise<{ items: DealerRecord[]; total: number; page: number; pageSize: number }> {
  await appForCaller(db, caller, appId, "dealerData.read");
  const { table } = dealerTables[kind];
  const t = table as unknown as typeof dealerRepairOrders;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const where = and(eq(t.appId, appId), searchOf(kind, query.q));
  const order =
    kind === "inventory"
      ? [desc(dealerVehicles.updatedAt), asc(dealerVehicles.id)]
      : kind === "service-contracts"
        ? [sql`${dealerServiceContracts.startDate} desc nulls last`, asc(t.id)]
        : [desc(t.date), asc(t.id)];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(table).where(where),
  ]);
  const shape = shapers[kind] as (r: unknown) => DealerRecord;
  return { items: rows.map(shape), total: Number(n), page, pageSize };
}

const notFound = {
  inventory: "VehicleNotFound",
  "repair-orders": "RepairOrderNotFound",
  deals: "DealNotFound",
  "service-contracts": "ServiceContractNotFound",
} as const;

/** GET /apps/{appId}/{kind}/{id}: one record of this app. */
export async function getDealerRecord(
  db: Db,
  caller: Caller,
  appId: string,
  kind: DealerKind,
  id: string,
): Promise<DealerRecord> {
  await appForCaller(db, caller, appId, "dealerData.read");
  if (!UUID.test(id)) throw new ApiError(notFound[kind]);
  const { table } = dealerTables[kind];
  const t = table as unknown as typeof dealerRepairOrders;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(t.appId, appId), eq(t.id, id.toLowerCase())));
  if (!row) throw new ApiError(notFound[kind]);
  return (shapers[kind] as (r: unknown) => DealerRecord)(row);
}

/** DELETE /apps/{appId}/{kind}/{id}. */
export async function deleteDealerRecord(
  db: Db,
  caller: Caller,
  appId: string,
  kind: DealerKind,
  id: string,
): Promise<void> {
  await appForCaller(db, caller, appId, "dealerData.write");
  if (!UUID.test(id)) throw new ApiError(notFound[kind]);
  const { table } = dealerTables[kind];
  const t = table as unknown as typeof dealerRepairOrders;
  const gone = await db
    .delete(table)
    .where(and(eq(t.appId, appId), eq(t.id, id.toLowerCase())))
    .returning({ id: t.id });
  if (!gone.length) throw new ApiError(notFound[kind]);
}

/** The end user's own records: matched by their verified e-mail or phone, or a VIN among their vehicles. */
export async function endUserRecords(
  db: Db,
  user: {
    id: string;
    appId: string;
    email: string | null;
    phone: string | null;
    emailVerified: boolean;
    phoneVerified: boolean;
  },
  kind: Exclude<DealerKind, "inventory">,
): Promise<DealerRecord[]> {
  const { table } = dealerTables[kind];
  const t = table as unknown as typeof dealerRepairOrders;
  const vins = (
    await db
      .select({ vin: endUserVehicles.vin })
      .from(endUserVehicles)
      .where(eq(endUserVehicles.endUserId, user.id))
  )
    .map((v) => normalVin(v.vin))
    .filter((v): v is string => !!v);
  const who: SQL[] = [];
  if (user.email && user.emailVerified) who.push(eq(t.email, normalEmail(user.email) as string));
  if (user.phone && user.phoneVerified) who.push(eq(t.phone, normalPhone(user.phone) as string));
  if (vins.length) who.push(inArray(t.vin, vins));
  if (!who.length) return [];
  const order =
    kind === "service-contracts" ? sql`${dealerServiceContracts.startDate} desc nulls last` : desc(t.date);
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(t.appId, user.appId), or(...who)))
    .orderBy(order, asc(t.id))
    .limit(200);
  return rows.map(shapers[kind] as (r: unknown) => DealerRecord);
}
