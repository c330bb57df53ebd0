import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { LeadListQuery, LeadPage, LeadRow } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { formData, leads } from "../db/schema-mobile.ts";
import { offers } from "../db/schema-offers.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { toCsv } from "../services/csv.ts";
import { likeEscaped, phoneDigits } from "./app-user-search.ts";
import { appForCaller, UUID } from "./apps.ts";
import { formFieldOrder, orderedFieldNames } from "./form-data.ts";

/** The most rows one CSV export holds; a bigger export is cut (the console narrows it by dates). */
export const LEADS_CSV_MAX = 50_000;

function leadFilter(appId: string, q: Omit<LeadListQuery, "skip" | "take">): SQL {
  const where: SQL[] = [eq(leads.appId, appId)];
  const text = q.q?.trim();
  if (text) {
    const pattern = `%${likeEscaped(text)}%`;
    const digits = phoneDigits(text);
    where.push(
      or(
        ilike(leads.name, pattern),
        ilike(leads.email, pattern),
        ilike(leads.phone, pattern),
        ilike(leads.comments, pattern),
        // Leads keep phones as typed in forms ("+1 555 010 2030"): digits against digits.
        ...(digits ? [sql`regexp_replace(${leads.phone}, '\D', '', 'g') like ${`%${digits}%`}`] : []),
      ) as SQL,
    );
  }
  if (q.from) where.push(gte(leads.createdAt, new Date(q.from)));
  if (q.to) where.push(lt(leads.createdAt, new Date(q.to)));
  return and(...where) as SQL;
}

const selection = {
  lead: leads,
  offerTitle: offers.title,
  formTitle: formData.title,
  formFeatureId: formData.featureId,
  values: formData.values,
};

type Joined = {
  lead: typeof leads.$inferSelect;
  offerTitle: string | null;
  formTitle: string | null;
  formFeatureId: string | null;
  values: unknown;
};

const joined = (db: Db) =>
  db
    .select(selection)
    .from(leads)
    .leftJoin(offers, eq(offers.id, leads.offerId))
    .leftJoin(formData, eq(formData.id, leads.formDataId));

/** A lead as the console lists it: where it came from (an offer, a form with its values) and its context. */
function leadRow({ lead, offerTitle, formTitle, formFeatureId, values }: Joined): LeadRow {
  return {
    id: lead.id,
    source: lead.source,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    comments: lead.comments,
    createdAt: lead.createdAt.toISOString(),
    userId: lead.userId,
    ...(lead.offerId && offerTitle !== null ? { offer: { id: lead.offerId, title: offerTitle } } : {}),
    ...(lead.formDataId && formFeatureId !== null
      ? {
          form: { id: lead.formDataId, title: formTitle ?? "Form" },
          values: (values ?? {}) as Record<string, string | boolean>,
        }
      : {}),
    ...(lead.context && typeof lead.context === "object"
      ? { context: lead.context as Record<string, unknown> }
      : {}),
  };
}

/** The app's leads, newest first, narrowed by a text (name, e-mail, phone, comments) and a date range. */
export async function listLeads(db: Db, caller: Caller, appId: string, q: LeadListQuery): Promise<LeadPage> {
  await appForCaller(db, caller, appId, "leads.read");
  const where = leadFilter(appId, q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(q.take ?? 50)
      .offset(q.skip ?? 0),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { items: rows.map(leadRow), total: Number(total) };
}

/** One lead of this app, or 404 (another app's lead id is unknown here). */
export async function getLead(db: Db, caller: Caller, appId: string, leadId: string): Promise<LeadRow> {
  await appForCaller(db, caller, appId, "leads.read");
  if (!UUID.test(leadId)) throw new ApiError("LeadNotFound");
  const [row] = await joined(db).where(and(eq(leads.id, leadId), eq(leads.appId, appId)));
  if (!row) throw new ApiError("LeadNotFound");
  return leadRow(row);
}

/** Deletes a lead (leads.delete); its form submission stays in form data. */
export async function deleteLead(db: Db, caller: Caller, appId: string, leadId: string): Promise<void> {
  await appForCaller(db, caller, appId, "leads.delete");
  if (!UUID.test(leadId)) throw new ApiError("LeadNotFound");
  const gone = await db
    .delete(leads)
    .where(and(eq(leads.id, leadId), eq(leads.appId, appId)))
    .returning({ id: leads.id });
  if (!gone.length) throw new ApiError("LeadNotFound");
}

const csvColumns = [
  "createdAt",
  "source",
  "name",
  "email",
  "phone",
  "comments",
  "offer",
  "form",
  "fields",
  "userId",
];
const csvHeader = [
  "Date",
  "Source",
  "Name",
  "Email",
  "Phone",
  "Comments",
  "Offer",
  "Form",
  "Fields",
  "User id",
];

/**
 * The leads as a CSV file (UTF-8 with BOM, formulas escaped), narrowed like the list; a form lead's values
 * are one cell of "field: value" lines.
 */
export async function leadsCsv(
  db: Db,
  caller: Caller,
  appId: string,
  q: Omit<LeadListQuery, "skip" | "take">,
): Promise<string> {
  const { row: app } = await appForCaller(db, caller, appId, "leads.read");
  const rows = await joined(db)
    .where(leadFilter(appId, q))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(LEADS_CSV_MAX);
  return toCsv(
    csvColumns,
    rows.map((r) => {
      const l = leadRow(r);
      const values = l.values ?? {};
      const names = orderedFieldNames(
        r.formFeatureId ? formFieldOrder(app.definition, r.formFeatureId) : [],
        [values],
      );
      return {
        ...l,
        offer: l.offer?.title,
        form: l.form?.title,
        fields: names
          .map((k) => `${k}: ${typeof values[k] === "boolean" ? (values[k] ? "Yes" : "No") : values[k]}`)
          .join("\n"),
      };
    }),
    { bom: true, header: csvHeader },
  );
}
