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
  /** Where the lead was sent from (the vehicle, screen, ...), as the widget recorded it. */
  context?: Record<string, unknown> | null;
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

/** The leads CSV's query string: the list's search and dates, without its page ("" when none). */
export function exportQuery(list: { q?: string; from?: string; to?: string }): string {
  const p = new URLSearchParams();
  for (const key of ["q", "from", "to"] as const) if (list[key]) p.set(key, list[key]);
  const s = p.toString();
  return s ? `?${s}` : "";
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

/** "vehicle" → "Vehicle", "staffMember" → "Staff member": a context key as a label. */
const keyLabel = (key: string) => {
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A lead's context as labelled lines for its detail: a vehicle-like object reads "2019 Toyota Camry, VIN
 * 1HG…", other values as text; empty values are left out.
 */
export function contextEntries(context: Record<string, unknown> | null | undefined): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(context ?? {})) {
    let text: string;
    if (value && typeof value === "object" && !Array.isArray(value) && ("make" in value || "vin" in value)) {
      const v = value as { year?: unknown; make?: unknown; model?: unknown; vin?: unknown };
      const name = [v.year, v.make, v.model].filter((x) => x != null && x !== "").join(" ");
      text = [name, v.vin ? `VIN ${v.vin}` : ""].filter(Boolean).join(", ");
    } else text = valueText(value);
    if (text) out.push([keyLabel(key), text]);
  }
  return out;
}

/** A submitted value as text: lists joined, objects as JSON, nothing as empty. */
export function valueText(v: unknown): string {
  if (v == null) return "";
  if (Array.isArray(v)) return v.map(valueText).join(", ");
  if (typeof v === "object") return JSON.stringify(v);
  if (typeof v === "boolean") return v ? "Yes" : "No";
  return String(v);
}
