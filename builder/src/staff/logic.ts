import { Type } from "@sinclair/typebox";
import {
  type FieldError,
  type RowError,
  StaffMemberInput,
  type StaffMemberRecord,
  type TaskRecord,
} from "../../../schemas/index.ts";

/** The drawer's form value: the input's fields (the default is toggled from the table). */
export interface StaffFormValue {
  name?: string;
  title?: string;
  department?: string;
  phone?: string;
  email?: string;
  image?: string;
  locations?: string[];
}

const p = StaffMemberInput.properties;

/** The drawer's schema, cut from the contract's StaffMemberInput (built once so ajv compiles it once). */
export const STAFF_FORM_SCHEMA = Type.Object(
  {
    name: p.name,
    title: p.title,
    department: p.department,
    phone: p.phone,
    email: p.email,
    image: p.image,
    locations: p.locations,
  },
  { additionalProperties: false },
);

export const STAFF_FIELDS = ["name", "title", "department", "phone", "email", "image", "locations"] as const;

/** What the console calls each field (the CSV's header names too). */
export const FIELD_LABEL: Record<string, string> = {
  name: "Name",
  title: "Title",
  department: "Department",
  phone: "Phone",
  email: "Email",
  image: "Photo",
  locations: "Locations",
  isDefault: "Default",
  row: "Row",
};

export const STAFF_FORM_UI = {
  "ui:order": [...STAFF_FIELDS],
  title: { "ui:title": "Title" },
  image: { "ui:widget": "image" },
  locations: { "ui:field": "locations" },
};

export function toFormValue(m: StaffMemberRecord | null): StaffFormValue {
  if (!m) return {};
  const out: StaffFormValue = { name: m.name };
  for (const k of ["title", "department", "phone", "email", "image"] as const) if (m[k]) out[k] = m[k];
  if (m.locations.length) out.locations = [...m.locations];
  return out;
}

/** The body of a create or update: trimmed, empty fields left out; an edit keeps the member's default. */
export function toInput(v: StaffFormValue, current: StaffMemberRecord | null): StaffMemberInput {
  const out: StaffMemberInput = { name: (v.name ?? "").trim() };
  for (const k of ["title", "department", "phone", "email", "image"] as const) {
    const s = v[k]?.trim();
    if (s) out[k] = s;
  }
  if (v.locations?.length) out.locations = v.locations;
  if (current) out.isDefault = current.isDefault;
  return out;
}

/**
 * The server's field errors (`details` of a 400) as errors of the form (paths may be under /body);
 * errors of fields the form does not have are returned apart.
 */
export function serverFieldErrors(details: unknown): { fields: FieldError[]; other: FieldError[] } {
  const fields: FieldError[] = [];
  const other: FieldError[] = [];
  if (!Array.isArray(details)) return { fields, other };
  for (const d of details) {
    if (!d || typeof d.path !== "string" || typeof d.message !== "string") continue;
    const path = d.path.replace(/^\/body(?=\/|$)/, "");
    const head = path.split("/")[1];
    if ((STAFF_FIELDS as readonly string[]).includes(head)) fields.push({ path, message: d.message });
    else other.push({ path, message: d.message });
  }
  return { fields, other };
}

/** A finished task no longer needs polling. */
export const taskFinished = (t: Pick<TaskRecord, "status"> | undefined) =>
  t?.status === "done" || t?.status === "failed";

/** The progress bar's percent: rows checked of all rows (a finished task is at 100). */
export function taskPercent(t: Pick<TaskRecord, "status" | "total" | "processed"> | undefined): number {
  if (!t) return 0;
  if (taskFinished(t)) return 100;
  if (!t.total) return 0;
  return Math.min(99, Math.floor((t.processed / t.total) * 100));
}

/** A row error as the errors table shows it: the row, the field's name and the message. */
export function rowErrorRows(errors: readonly RowError[]) {
  return errors.map((e, i) => ({
    key: `${e.row}:${e.field ?? ""}:${i}`,
    row: e.row,
    field: e.field ? (FIELD_LABEL[e.field] ?? e.field) : "",
    message: e.message,
  }));
}

/** The tally's default period: the last 30 days up to the end of today (local days). */
export function defaultTallyRange(now: Date): { from: Date; to: Date } {
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const from = new Date(to.getFullYear(), to.getMonth(), to.getDate() - 30);
  return { from, to };
}

/** A range of whole local days [first, last] as the tally's from and to (to is the day after `last`). */
export function tallyQuery(first: Date, last: Date): { from: string; to: string } {
  const from = new Date(first.getFullYear(), first.getMonth(), first.getDate());
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The export's file name for today (the server names it too; a blob download needs it here). */
export const exportFileName = (now: Date) =>
  `staff-${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}.csv`;
