import { and, asc, eq, type SQL } from "drizzle-orm";
import {
  type CatalogQuery,
  type EngineType,
  EngineTypeInput,
  type ImportResult,
  type MakeModel,
  MakeModelInput,
  validate,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { engineTypes, makeModels } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type CsvRow, parseCsv, toCsv } from "../services/csv.ts";
import { isUniqueViolation, UUID } from "./apps.ts";

type MakeModelRow = typeof makeModels.$inferSelect;
type EngineTypeRow = typeof engineTypes.$inferSelect;

const toMakeModel = (r: MakeModelRow): MakeModel => ({
  id: r.id,
  type: r.type,
  make: r.make,
  model: r.model,
});
const toEngineType = (r: EngineTypeRow): EngineType => ({
  id: r.id,
  type: r.type,
  make: r.make,
  model: r.model,
  engineType: r.engineType,
});

const clean = (input: MakeModelInput) => ({
  type: input.type ?? "Car",
  make: input.make.trim(),
  model: input.model.trim(),
});

function makeModelFilter(q: CatalogQuery): SQL | undefined {
  const f: SQL[] = [];
  if (q.type) f.push(eq(makeModels.type, q.type));
  if (q.make) f.push(eq(makeModels.make, q.make));
  if (q.model) f.push(eq(makeModels.model, q.model));
  return f.length ? and(...f) : undefined;
}

export async function listMakeModels(db: Db, q: CatalogQuery): Promise<MakeModel[]> {
  const rows = await db
    .select()
    .from(makeModels)
    .where(makeModelFilter(q))
    .orderBy(asc(makeModels.type), asc(makeModels.make), asc(makeModels.model));
  return rows.map(toMakeModel);
}

export async function createMakeModel(db: Db, input: MakeModelInput): Promise<MakeModel> {
  try {
    const [row] = await db.insert(makeModels).values(clean(input)).returning();
    return toMakeModel(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new ApiError("MakeModelTaken");
    throw e;
  }
}

async function makeModelRow(db: Db, id: string): Promise<MakeModelRow> {
  if (!UUID.test(id)) throw new ApiError("MakeModelNotFound");
  const [row] = await db.select().from(makeModels).where(eq(makeModels.id, id));
  if (!row) throw new ApiError("MakeModelNotFound");
  return row;
}

export const getMakeModel = async (db: Db, id: string) => toMakeModel(await makeModelRow(db, id));

export async function updateMakeModel(db: Db, id: string, input: MakeModelInput): Promise<MakeModel> {
  await makeModelRow(db, id);
  try {
    const [row] = await db.update(makeModels).set(clean(input)).where(eq(makeModels.id, id)).returning();
    return toMakeModel(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new ApiError("MakeModelTaken");
    throw e;
  }
}

export async function deleteMakeModel(db: Db, id: string): Promise<void> {
  await makeModelRow(db, id);
  await db.delete(makeModels).where(eq(makeModels.id, id));
}

/** "make: value can't be empty" from the first field error of a row. */
function rowError(errors: { path: string; message: string }[]): string {
  const [first] = errors;
  const field = first.path.replace(/^\//, "");
  return field ? `${field}: ${first.message}` : first.message;
}

/**
 * Imports rows, keeping the good ones: each row is validated alone, rows already in the catalog (or
 * repeated in the file) count as unchanged, and bad rows are reported by number.
 */
async function importRows<T extends object>(
  rows: { row: number; value: unknown }[],
  schema: object,
  insert: (valid: T[]) => Promise<number>,
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, unchanged: 0, errors: [] };
  const valid: T[] = [];
  for (const { row, value } of rows) {
    const errors = validate(schema, value);
    if (errors.length) result.errors.push({ row, message: rowError(errors) });
    else valid.push(value as T);
  }
  // Chunks keep each statement's parameter count well under PostgreSQL's limit.
  for (let i = 0; i < valid.length; i += 500) {
    const chunk = valid.slice(i, i + 500);
    const created = await insert(chunk);
    result.created += created;
    result.unchanged += chunk.length - created;
  }
  return result;
}

const bulkRows = (items: unknown[]) => items.map((value, i) => ({ row: i + 1, value }));
const csvRows = (rows: CsvRow[]) => rows.map((r) => ({ row: r.line, value: r.record }));

const insertMakeModels = async (db: Db, rows: MakeModelInput[]) =>
  (await db.insert(makeModels).values(rows.map(clean)).onConflictDoNothing().returning({ id: makeModels.id }))
    .length;

const insertEngineTypes = async (db: Db, rows: EngineTypeInput[]) =>
  (
    await db
      .insert(engineTypes)
      .values(rows.map((r) => ({ ...clean(r), engineType: r.engineType.trim() })))
      .onConflictDoNothing()
      .returning({ id: engineTypes.id })
  ).length;

export const bulkMakeModels = (db: Db, items: unknown[]) =>
  importRows<MakeModelInput>(bulkRows(items), MakeModelInput, (rows) => insertMakeModels(db, rows));

export const bulkEngineTypes = (db: Db, items: unknown[]) =>
  importRows<EngineTypeInput>(bulkRows(items), EngineTypeInput, (rows) => insertEngineTypes(db, rows));

export const makeModelColumns = ["type", "make", "model"] as const;
export const engineTypeColumns = ["type", "make", "model", "engineType"] as const;

/**
 * How a CSV import applies: `partial` keeps the good rows (the API's default), `all` applies every row or,
 * when any row is bad, none, and `preview` applies nothing and answers what `all` would do.
 */
export type ImportMode = "partial" | "all" | "preview";

class Rollback extends Error {
  constructor(readonly result: ImportResult) {
    super("import rolled back");
  }
}

async function importCsv<T extends object>(
  db: Db,
  text: string,
  columns: readonly string[],
  schema: object,
  insert: (db: Db, rows: T[]) => Promise<number>,
  mode: ImportMode = "partial",
): Promise<ImportResult> {
  const { rows, errors } = parseCsv(text, columns);
  const run = async (target: Db) => {
    const result = await importRows<T>(csvRows(rows), schema, (valid) => insert(target, valid));
    result.errors = [...errors, ...result.errors].sort((a, b) => a.row - b.row);
    return result;
  };
  // partial answers as it always has (no `applied`): what it could write, it wrote.
  if (mode === "partial") return run(db);
  // The rows are inserted in a transaction so the counts are the database's own (duplicates included),
  // then kept only when every row is good and this is not a preview.
  try {
    return await db.transaction(async (tx) => {
      const result = await run(tx as unknown as Db);
      if (mode === "preview" || result.errors.length) throw new Rollback({ ...result, applied: false });
      return { ...result, applied: true };
    });
  } catch (e) {
    if (e instanceof Rollback) return e.result;
    throw e;
  }
}

export const importMakeModelsCsv = (db: Db, text: string, mode?: ImportMode) =>
  importCsv<MakeModelInput>(db, text, makeModelColumns, MakeModelInput, insertMakeModels, mode);

export const importEngineTypesCsv = (db: Db, text: string, mode?: ImportMode) =>
  importCsv<EngineTypeInput>(db, text, engineTypeColumns, EngineTypeInput, insertEngineTypes, mode);

export async function exportMakeModelsCsv(db: Db): Promise<string> {
  return toCsv(makeModelColumns, await listMakeModels(db, {}));
}

function engineTypeFilter(q: CatalogQuery): SQL | undefined {
  const f: SQL[] = [];
  if (q.type) f.push(eq(engineTypes.type, q.type));
  if (q.make) f.push(eq(engineTypes.make, q.make));
  if (q.model) f.push(eq(engineTypes.model, q.model));
  return f.length ? and(...f) : undefined;
}

export async function listEngineTypes(db: Db, q: CatalogQuery): Promise<EngineType[]> {
  const rows = await db
    .select()
    .from(engineTypes)
    .where(engineTypeFilter(q))
    .orderBy(
      asc(engineTypes.type),
      asc(engineTypes.make),
      asc(engineTypes.model),
      asc(engineTypes.engineType),
    );
  return rows.map(toEngineType);
}

export async function exportEngineTypesCsv(db: Db): Promise<string> {
  return toCsv(engineTypeColumns, await listEngineTypes(db, {}));
}

export async function deleteEngineType(db: Db, id: string): Promise<void> {
  if (!UUID.test(id)) throw new ApiError("EngineTypeNotFound");
  const deleted = await db
    .delete(engineTypes)
    .where(eq(engineTypes.id, id))
    .returning({ id: engineTypes.id });
  if (!deleted.length) throw new ApiError("EngineTypeNotFound");
}

/** The mobile cars calls: distinct makes, models of a make, engine types of a make (and model). */
export async function carMakes(db: Db, type: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ make: makeModels.make })
    .from(makeModels)
    .where(eq(makeModels.type, type))
    .orderBy(asc(makeModels.make));
  return rows.map((r) => r.make);
}

export async function carModels(db: Db, type: string, make: string): Promise<string[]> {
  const rows = await db
    .select({ model: makeModels.model })
    .from(makeModels)
    .where(and(eq(makeModels.type, type), eq(makeModels.make, make)))
    .orderBy(asc(makeModels.model));
  return rows.map((r) => r.model);
}

export async function carEngineTypes(db: Db, type: string, make: string, model?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ engineType: engineTypes.engineType })
    .from(engineTypes)
    .where(
      and(
        eq(engineTypes.type, type),
        eq(engineTypes.make, make),
        model ? eq(engineTypes.model, model) : undefined,
      ),
    )
    .orderBy(asc(engineTypes.engineType));
  return rows.map((r) => r.engineType);
}
