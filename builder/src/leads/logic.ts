/** Pure helpers of the Leads and Form data pages. */

export interface LeadRow {
  id: string;
  source?: string;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  comments?: string | null;
  createdAt: string;
  userId?: string | null;
  offer?: { id: string; title: string } | null;
  form?: { id: string; title: string } | null;
  values?: Record<string, unknown> | null;
}

export interface FormDataRow {
  id: string;
  featureId: string;
  title?: string;
  userId?: string | null;
  values: Record<string, unknown>;
  createdAt: string;
}

/** A file name part: letters, digits and dashes only, at most 40 characters ("Bob's Cars!" → "Bob-s-Cars"). */
export const fileSlug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "app";

/** "Bob-s-Cars-leads-2026-11-23.csv": the app, what, and the local date of the download. */
export function csvFileName(appName: string, what: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${fileSlug(appName)}-${fileSlug(what)}-${day}.csv`;
}

/** Where a lead came from, as the table says it: the offer, else the form, else its source. */
export function leadOrigin(lead: LeadRow): string {
  if (lead.offer?.title) return lead.offer.title;
  if (lead.form?.title) return lead.form.title;
  return lead.source ?? "";
}

/** "Name (e-mail, phone)" or what there is of it. */
export function leadContact(lead: Pick<LeadRow, "email" | "phone">): string {
  return [lead.email, lead.phone].filter(Boolean).join(", ");
}

/**
 * The columns of a form's table: the form's fields in the form's order (the database keeps a submission's
 * values in its own key order), then any other field its submissions have (a field since removed from the
 * form), in first-seen order. Only fields some submission has get a column.
 */
export function formColumns(
  rows: readonly Pick<FormDataRow, "values">[],
  fieldOrder: readonly string[] = [],
): string[] {
  const present = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.values ?? {})) present.add(k);
  const seen = new Set<string>(fieldOrder.filter((f) => present.has(f)));
  for (const r of rows) for (const k of Object.keys(r.values ?? {})) seen.add(k);
  return [...seen];
}

/** A submitted value as text: lists joined, objects as JSON, nothing as empty. */
export function valueText(v: unknown): string {
  if (v == null) return "";
  if (Array.isArray(v)) return v.map(valueText).join(", ");
  if (typeof v === "object") return JSON.stringify(v);
  if (typeof v === "boolean") return v ? "Yes" : "No";
  return String(v);
}
