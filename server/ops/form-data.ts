import { and, count, desc, eq, max, type SQL } from "drizzle-orm";
import type { FormDataPage, FormDataQuery, FormDataRow } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { formData } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { toCsv } from "../services/csv.ts";
import { appForCaller, UUID } from "./apps.ts";

/** The most submissions one CSV export holds. */
export const FORM_DATA_CSV_MAX = 50_000;

type FormDataRecord = typeof formData.$inferSelect;

const formDataRow = (r: FormDataRecord): FormDataRow => ({
  id: r.id,
  featureId: r.featureId,
  title: r.title,
  userId: r.userId,
  values: (r.values ?? {}) as Record<string, string | boolean>,
  createdAt: r.createdAt.toISOString(),
});

const filter = (appId: string, featureId?: string): SQL =>
  (featureId
    ? and(eq(formData.appId, appId), eq(formData.featureId, featureId))
    : eq(formData.appId, appId)) as SQL;

/**
 * The app's custom form submissions (formData.read), newest first, optionally of one form; `forms` lists
 * every form that has submissions with its latest title and count, so the console can offer a form filter.
 */
export async function listFormData(
  db: Db,
  caller: Caller,
  appId: string,
  q: FormDataQuery,
): Promise<FormDataPage> {
  await appForCaller(db, caller, appId, "formData.read");
  const where = filter(appId, q.featureId);
  const [rows, [{ total }], forms] = await Promise.all([
    db
      .select()
      .from(formData)
      .where(where)
      .orderBy(desc(formData.createdAt), desc(formData.id))
      .limit(q.take ?? 50)
      .offset(q.skip ?? 0),
    db.select({ total: count() }).from(formData).where(where),
    db
      .select({ featureId: formData.featureId, count: count(), last: max(formData.createdAt) })
      .from(formData)
      .where(eq(formData.appId, appId))
      .groupBy(formData.featureId)
      .orderBy(desc(max(formData.createdAt))),
  ]);
  const titles = await latestTitles(db, appId);
  return {
    items: rows.map(formDataRow),
    total: Number(total),
    forms: forms.map((f) => ({
      featureId: f.featureId,
      title: titles.get(f.featureId) ?? null,
      count: Number(f.count),
    })),
  };
}

/** Each form's title as of its latest submission (a renamed form lists under its new name). */
async function latestTitles(db: Db, appId: string): Promise<Map<string, string | null>> {
  const rows = await db
    .selectDistinctOn([formData.featureId], { featureId: formData.featureId, title: formData.title })
    .from(formData)
    .where(eq(formData.appId, appId))
    .orderBy(formData.featureId, desc(formData.createdAt));
  return new Map(rows.map((r) => [r.featureId, r.title]));
}

async function oneOf(db: Db, appId: string, id: string): Promise<FormDataRecord> {
  if (!UUID.test(id)) throw new ApiError("FormDataNotFound");
  const [row] = await db
    .select()
    .from(formData)
    .where(and(eq(formData.id, id), eq(formData.appId, appId)));
  if (!row) throw new ApiError("FormDataNotFound");
  return row;
}

/** One submission of this app, or 404. */
export async function getFormData(db: Db, caller: Caller, appId: string, id: string): Promise<FormDataRow> {
  await appForCaller(db, caller, appId, "formData.read");
  return formDataRow(await oneOf(db, appId, id));
}

/** Deletes a submission and the lead made from it (leads.delete: the same people who delete leads). */
export async function deleteFormData(db: Db, caller: Caller, appId: string, id: string): Promise<void> {
  await appForCaller(db, caller, appId, "leads.delete");
  const row = await oneOf(db, appId, id);
  await db.delete(formData).where(eq(formData.id, row.id));
}

/**
 * The field names of the app's form `featureId` in the form's order (empty for a form no longer in the app).
 * Stored values come back in the database's key order, so exports and lists put them in this order.
 */
export function formFieldOrder(definition: unknown, featureId: string): string[] {
  const features = ((definition as { features?: unknown[] } | null)?.features ?? []) as {
    id?: unknown;
    fields?: { name?: unknown }[];
  }[];
  const form = features.find((f) => f.id === featureId);
  return (form?.fields ?? []).map((f) => f.name).filter((n): n is string => typeof n === "string");
}

/** Names in the form's order first, then the others in the order they first appear. */
export function orderedFieldNames(order: readonly string[], valueSets: readonly object[]): string[] {
  const present = new Set(valueSets.flatMap((v) => Object.keys(v)));
  const names = order.filter((n) => present.has(n));
  for (const v of valueSets) for (const k of Object.keys(v)) if (!names.includes(k)) names.push(k);
  return names;
}

/**
 * Submissions as a CSV file (UTF-8 with BOM, formulas escaped, headers too): date, form, user, then one
 * column per field name, in the form's order (then fields the form no longer has); a yes/no field reads Yes
 * or No.
 */
export async function formDataCsv(
  db: Db,
  caller: Caller,
  appId: string,
  featureId?: string,
): Promise<string> {
  const { row: app } = await appForCaller(db, caller, appId, "formData.read");
  const rows = await db
    .select()
    .from(formData)
    .where(filter(appId, featureId))
    .orderBy(desc(formData.createdAt), desc(formData.id))
    .limit(FORM_DATA_CSV_MAX);
  const fields = orderedFieldNames(
    featureId ? formFieldOrder(app.definition, featureId) : [],
    rows.map((r) => (r.values ?? {}) as object),
  );
  const columns = ["createdAt", "title", "userId", ...fields.map((_, i) => `field${i}`)];
  return toCsv(
    columns,
    rows.map((r) => {
      const values = (r.values ?? {}) as Record<string, unknown>;
      const record: Record<string, unknown> = {
        createdAt: r.createdAt.toISOString(),
        title: r.title,
        userId: r.userId,
      };
      fields.forEach((f, i) => {
        const v = values[f];
        record[`field${i}`] = typeof v === "boolean" ? (v ? "Yes" : "No") : v;
      });
      return record;
    }),
    { bom: true, header: ["Date", "Form", "User id", ...fields] },
  );
}
