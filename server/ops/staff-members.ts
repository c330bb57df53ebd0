import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import Papa from "papaparse";
import { followableUrl } from "../../core/url-policy.ts";
import {
  type RowError,
  STAFF_IMPORT_MAX_ROWS,
  type StaffMemberInput,
  StaffMemberInput as StaffMemberInputSchema,
  type StaffMemberPage,
  type StaffMemberQuery,
  type StaffMemberRecord,
  type StaffTally,
  type StaffTallyNotification,
  type StaffTallyNotificationRecord,
  validate,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { endUsers } from "../db/schema-mobile.ts";
import { auditLog, staffMembers, staffTallyNotifications } from "../db/schema-team.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { toCsv } from "../services/csv.ts";
import { appForCaller, UUID } from "./apps.ts";

type StaffRow = typeof staffMembers.$inferSelect;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The audit action written when a customer picks an advisor; the tally counts these. */
export const ADVISOR_CHOSEN = "advisor.chosen";

const opt = (v: string | null) => (v === null || v === "" ? {} : { v });

/** A row as the console and the widget's directory see it (null fields left out). */
export function staffRecord(r: StaffRow): StaffMemberRecord {
  const out: StaffMemberRecord = {
    id: r.id,
    name: r.name,
    locations: (r.locations as string[] | null) ?? [],
    isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(),
  };
  for (const k of ["title", "department", "email", "phone", "image"] as const) {
    const o = opt(r[k]);
    if ("v" in o) out[k] = o.v;
  }
  return out;
}

/**
 * The stored photo address: an uploaded image (/api/images/...) or an address that passes the one URL
 * policy (core/url-policy.ts, web pages only); anything else is refused on the field.
 */
export function photoOf(image: string | undefined): string | null | { error: string } {
  const v = (image ?? "").trim();
  if (!v) return null;
  if (/^\/api\/images\/[A-Za-z0-9._/-]+$/.test(v) && !v.includes("..")) return v;
  return followableUrl(v, { appLinks: false }) ?? { error: "incorrect url" };
}

/** Checks one member against the schema and the URL policy: its field errors, or the row to store. */
export function checkMember(input: unknown): {
  errors: { field: string; message: string }[];
  value?: StaffMemberInput;
} {
  const fieldErrors = validate(StaffMemberInputSchema, input).map((e) => ({
    field: e.path.replace(/^\//, "") || "row",
    message: e.message,
  }));
  if (fieldErrors.length) return { errors: fieldErrors };
  const value = input as StaffMemberInput;
  const photo = photoOf(value.image);
  if (photo && typeof photo === "object") return { errors: [{ field: "image", message: photo.error }] };
  return { errors: [], value: { ...value, image: photo ?? undefined } };
}

const columnsOf = (m: StaffMemberInput) => ({
  name: m.name.trim(),
  title: m.title?.trim() || null,
  department: m.department?.trim() || null,
  email: m.email?.trim() || null,
  phone: m.phone?.trim() || null,
  image: m.image || null,
  locations: m.locations ?? [],
});

/** One member of this app, else 404 StaffMemberNotFound. */
async function memberOf(db: Db | Tx, appId: string, id: string): Promise<StaffRow> {
  if (!UUID.test(id)) throw new ApiError("StaffMemberNotFound");
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.appId, appId), eq(staffMembers.id, id.toLowerCase())));
  if (!row) throw new ApiError("StaffMemberNotFound");
  return row;
}

function single(input: unknown): StaffMemberInput {
  const { errors, value } = checkMember(input);
  if (errors.length || !value)
    throw new ApiError(
      "Validation",
      errors[0].message,
      errors.map((e) => ({ path: `/${e.field}`, message: e.message })),
    );
  return value;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /apps/{appId}/staff-members?q&skip&take: by name, title, department, e-mail or phone. */
export async function listStaff(
  db: Db,
  caller: Caller,
  appId: string,
  query: StaffMemberQuery,
): Promise<StaffMemberPage> {
  await appForCaller(db, caller, appId, "staff.read");
  const term = query.q?.trim();
  const like = term ? `%${escapeLike(term)}%` : undefined;
  const where = and(
    eq(staffMembers.appId, appId),
    like
      ? or(
          ilike(staffMembers.name, like),
          ilike(staffMembers.title, like),
          ilike(staffMembers.department, like),
          ilike(staffMembers.email, like),
          ilike(staffMembers.phone, like),
        )
      : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(staffMembers).where(where);
  const rows = await db
    .select()
    .from(staffMembers)
    .where(where)
    .orderBy(asc(staffMembers.position), asc(sql`lower(${staffMembers.name})`), asc(staffMembers.id))
    .offset(query.skip ?? 0)
    .limit(query.take ?? 50);
  return { items: rows.map(staffRecord), total: Number(n) };
}

export async function getStaff(db: Db, caller: Caller, appId: string, id: string) {
  await appForCaller(db, caller, appId, "staff.read");
  return staffRecord(await memberOf(db, appId, id));
}

/** Makes `id` the app's one default (the partial unique index holds the rule; the old one is cleared first). */
async function makeDefault(tx: Tx, appId: string, id: string) {
  await tx
    .update(staffMembers)
    .set({ isDefault: false })
    .where(and(eq(staffMembers.appId, appId), eq(staffMembers.isDefault, true)));
  await tx.update(staffMembers).set({ isDefault: true }).where(eq(staffMembers.id, id));
}

async function nextPosition(tx: Tx, appId: string): Promise<number> {
  const [{ p }] = await tx
    .select({ p: sql<number>`coalesce(max(${staffMembers.position}), -1) + 1` })
    .from(staffMembers)
    .where(eq(staffMembers.appId, appId));
  return Number(p);
}

/** Inserts members in one transaction (positions after the existing ones); a default row becomes the default. */
export async function insertMembersTx(
  tx: Tx,
  appId: string,
  members: StaffMemberInput[],
): Promise<StaffRow[]> {
  const start = await nextPosition(tx, appId);
  const out: StaffRow[] = [];
  // Chunks keep each statement's parameter count well under PostgreSQL's limit.
  for (let i = 0; i < members.length; i += 500) {
    const rows = await tx
      .insert(staffMembers)
      .values(members.slice(i, i + 500).map((m, j) => ({ ...columnsOf(m), appId, position: start + i + j })))
      .returning();
    out.push(...rows);
  }
  const def = members.findLastIndex((m) => m.isDefault);
  if (def >= 0) {
    await makeDefault(tx, appId, out[def].id);
    out[def] = { ...out[def], isDefault: true };
  }
  return out;
}

export async function createStaff(db: Db, caller: Caller, appId: string, input: unknown) {
  await appForCaller(db, caller, appId, "staff.manage");
  const value = single(input);
  const [row] = await db.transaction((tx) => insertMembersTx(tx, appId, [value]));
  return staffRecord(row);
}

export async function updateStaff(db: Db, caller: Caller, appId: string, id: string, input: unknown) {
  await appForCaller(db, caller, appId, "staff.manage");
  const value = single(input);
  const current = await memberOf(db, appId, id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(staffMembers)
      .set({ ...columnsOf(value), updatedAt: new Date() })
      .where(eq(staffMembers.id, current.id))
      .returning();
    if (value.isDefault === true && !current.isDefault) {
      await makeDefault(tx, appId, current.id);
      return { ...updated, isDefault: true };
    }
    if (value.isDefault === false && current.isDefault) {
      const [off] = await tx
        .update(staffMembers)
        .set({ isDefault: false })
        .where(eq(staffMembers.id, current.id))
        .returning();
      return off;
    }
    return updated;
  });
  return staffRecord(row);
}

export async function deleteStaff(db: Db, caller: Caller, appId: string, id: string) {
  await appForCaller(db, caller, appId, "staff.manage");
  const current = await memberOf(db, appId, id);
  await db.delete(staffMembers).where(eq(staffMembers.id, current.id));
}

/** PUT /apps/{appId}/staff-members/{id}/toggle-default: makes the member the default, or no longer. */
export async function toggleDefault(db: Db, caller: Caller, appId: string, id: string) {
  await appForCaller(db, caller, appId, "staff.manage");
  const current = await memberOf(db, appId, id);
  await db.transaction(async (tx) => {
    if (current.isDefault)
      await tx.update(staffMembers).set({ isDefault: false }).where(eq(staffMembers.id, current.id));
    else await makeDefault(tx, appId, current.id);
  });
  return staffRecord(await memberOf(db, appId, id));
}

/** Validates rows one by one; `rowOf(i)` names a row as the user counts it. */
export function checkRows(
  rows: unknown[],
  rowOf: (i: number) => number,
  onProgress?: (done: number) => void,
): { members: StaffMemberInput[]; errors: RowError[] } {
  const members: StaffMemberInput[] = [];
  const errors: RowError[] = [];
  let defaults = 0;
  rows.forEach((r, i) => {
    const checked = checkMember(r);
    for (const e of checked.errors) errors.push({ row: rowOf(i), field: e.field, message: e.message });
    if (checked.value) {
      members.push(checked.value);
      if (checked.value.isDefault && ++defaults === 2)
        errors.push({
          row: rowOf(i),
          field: "isDefault",
          message: "Only one staff member can be the default",
        });
    }
    onProgress?.(i + 1);
  });
  return { members, errors };
}

/** Applies checked members in one transaction, all or nothing. */
export async function applyMembers(db: Db, appId: string, members: StaffMemberInput[], actorId?: string) {
  return db.transaction(async (tx) => {
    const rows = await insertMembersTx(tx, appId, members);
    await tx.insert(auditLog).values({
      actorId: actorId ?? null,
      appId,
      action: "staff.import",
      target: "staff_members",
      after: { added: rows.length },
    });
    return rows;
  });
}

/** POST /apps/{appId}/staff-members/bulk: every row valid, then all added; else 400 with the row errors. */
export async function bulkAddStaff(db: Db, caller: Caller, appId: string, rows: unknown[]) {
  await appForCaller(db, caller, appId, "staff.manage");
  if (rows.length > STAFF_IMPORT_MAX_ROWS) throw new ApiError("StaffImportTooLarge");
  const { members, errors } = checkRows(rows, (i) => i + 1);
  if (errors.length) throw new ApiError("StaffRowsInvalid", undefined, errors);
  const added = await applyMembers(db, appId, members, caller.id);
  return added.map(staffRecord);
}

/** The CSV columns of export and import, with the header names an import also accepts. */
const csvColumns = [
  ["name", "Name", ["name", "fullname", "staffname", "nombre"]],
  ["title", "Title", ["title", "position", "jobtitle", "role", "cargo"]],
  ["department", "Department", ["department", "dept", "departamento"]],
  ["email", "Email", ["email", "emailaddress", "mail", "correo"]],
  ["phone", "Phone", ["phone", "phonenumber", "telephone", "mobile", "cell", "telefono"]],
  ["image", "Photo", ["photo", "image", "photourl", "imageurl", "picture", "foto"]],
  ["locations", "Locations", ["locations", "location"]],
] as const;

const headerKey = (h: string) =>
  h
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** A leading quote added by an export's formula escaping is taken off again. */
const unescapeCell = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

export interface StaffCsv {
  /** One object per data row, keyed by field; `line` is the row as a spreadsheet numbers it (header = 1). */
  rows: { line: number; member: Record<string, unknown> }[];
}

/**
 * Reads a staff CSV: a header row mapped by name (any order, unknown columns ignored), `;`, tab or comma
 * separated, with or without a BOM, CRLF or LF. A file without a Name column is refused as a whole.
 */
export function parseStaffCsv(text: string): StaffCsv {
  const clean = text.replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(clean, {
    skipEmptyLines: false,
    delimitersToGuess: [";", "\t", ",", "|"],
  });
  const [header, ...lines] = parsed.data;
  if (!header || header.every((h) => !h.trim())) throw new ApiError("CsvInvalid", "The CSV file is empty");
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const key = headerKey(h);
    const col = csvColumns.find(([, , names]) => (names as readonly string[]).includes(key));
    if (col && !index.has(col[0])) index.set(col[0], i);
  });
  if (!index.has("name"))
    throw new ApiError(
      "CsvInvalid",
      "The CSV file needs a Name column (Name, Title, Department, Email, Phone, Photo, Locations)",
    );
  const rows: StaffCsv["rows"] = [];
  lines.forEach((cells, i) => {
    if (cells.every((c) => !c.trim())) return;
    const member: Record<string, unknown> = {};
    for (const [field, at] of index) {
      const cell = unescapeCell((cells[at] ?? "").trim());
      if (cell === "") continue;
      member[field] =
        field === "locations"
          ? cell
              .split(/[|,]/)
              .map((s) => s.trim())
              .filter(Boolean)
          : cell;
    }
    rows.push({ line: i + 2, member });
  });
  if (rows.length > STAFF_IMPORT_MAX_ROWS) throw new ApiError("StaffImportTooLarge");
  return { rows };
}

/** GET /apps/{appId}/staff-members/csv: every member, UTF-8 with a BOM, formulas escaped. */
export async function exportStaffCsv(db: Db, caller: Caller, appId: string): Promise<string> {
  await appForCaller(db, caller, appId, "staff.read");
  const rows = await db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.appId, appId))
    .orderBy(asc(staffMembers.position), asc(staffMembers.id));
  const csv = toCsv(
    [...csvColumns.map(([, header]) => header), "Default"],
    rows.map((r) => ({
      Name: r.name,
      Title: r.title,
      Department: r.department,
      Email: r.email,
      Phone: r.phone,
      Photo: r.image,
      Locations: ((r.locations as string[] | null) ?? []).join("|"),
      Default: r.isDefault ? "yes" : "",
    })),
  );
  return csv.startsWith("\uFEFF") ? csv : `\uFEFF${csv}`;
}

const dateOr = (v: string | undefined, fallback: Date) => {
  if (!v) return fallback;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new ApiError("InvalidValue", "The date is invalid");
  return d;
};

/**
 * Per member between `from` and `to` (default: the last 30 days): customers who chose them as their advisor
 * (the audit entries the advisor call writes), leads and redemptions carrying them.
 */
export async function staffTally(db: Db, appId: string, fromIso?: string, toIso?: string, now = new Date()) {
  const to = dateOr(toIso, now);
  const from = dateOr(fromIso, new Date(to.getTime() - 30 * 86_400_000));
  if (from > to) throw new ApiError("InvalidValue", "From must be before To");
  const result = await db.execute(sql`
    select s.id, s.name,
      (select count(distinct a.target)::int from audit_log a
        where a.app_id = s.app_id and a.action = ${ADVISOR_CHOSEN} and a.after->>'staffMemberId' = s.id::text
          and a.created_at >= ${from.toISOString()} and a.created_at < ${to.toISOString()}) as customers,
      (select count(*)::int from leads l where l.app_id = s.app_id and l.staff_member_id = s.id
          and l.created_at >= ${from.toISOString()} and l.created_at < ${to.toISOString()}) as leads,
      (select count(*)::int from redemptions r where r.app_id = s.app_id and r.staff_member_id = s.id
          and r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}) as redemptions
    from staff_members s where s.app_id = ${appId}
    order by s.position, lower(s.name), s.id`);
  const list = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    staffMemberId: String(r.id),
    name: String(r.name),
    customers: Number(r.customers),
    leads: Number(r.leads),
    redemptions: Number(r.redemptions),
  }));
  return { from: from.toISOString(), to: to.toISOString(), items: list } satisfies StaffTally;
}

export async function getStaffTally(db: Db, caller: Caller, appId: string, from?: string, to?: string) {
  await appForCaller(db, caller, appId, "staff.read");
  return staffTally(db, appId, from, to);
}

const notificationOf = (
  r: typeof staffTallyNotifications.$inferSelect | undefined,
): StaffTallyNotificationRecord => ({
  recipients: (r?.recipients as string[] | undefined) ?? [],
  frequency: (r?.frequency as StaffTallyNotification["frequency"]) ?? "weekly",
  enabled: r?.enabled ?? false,
  ...(r?.lastSentAt ? { lastSentAt: r.lastSentAt.toISOString() } : {}),
});

export async function getTallyNotification(db: Db, caller: Caller, appId: string) {
  await appForCaller(db, caller, appId, "staff.read");
  const [row] = await db
    .select()
    .from(staffTallyNotifications)
    .where(eq(staffTallyNotifications.appId, appId));
  return notificationOf(row);
}

export async function putTallyNotification(
  db: Db,
  caller: Caller,
  appId: string,
  input: StaffTallyNotification,
) {
  await appForCaller(db, caller, appId, "staff.manage");
  const recipients = [...new Set(input.recipients.map((e) => e.trim().toLowerCase()))];
  if (input.enabled && !recipients.length)
    throw new ApiError("Validation", "Add at least one recipient", [
      { path: "/recipients", message: "Add at least one recipient" },
    ]);
  const values = { recipients, frequency: input.frequency, enabled: input.enabled, updatedAt: new Date() };
  const [row] = await db
    .insert(staffTallyNotifications)
    .values({ appId, ...values })
    .onConflictDoUpdate({ target: staffTallyNotifications.appId, set: values })
    .returning();
  return notificationOf(row);
}

/** GET /mobile/app/staff-directory: the app's members in order; `chosen` marks the customer's advisor. */
export async function staffDirectory(
  db: Db,
  appId: string,
  advisorId?: string | null,
): Promise<(StaffMemberRecord & { chosen?: boolean })[]> {
  if (!UUID.test(appId)) throw new ApiError("AppNotFound");
  const [app] = await db.select({ status: apps.status }).from(apps).where(eq(apps.id, appId));
  if (!app) throw new ApiError("AppNotFound");
  if (app.status === "Inactive") throw new ApiError("AppDiscontinued");
  const rows = await db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.appId, appId))
    .orderBy(asc(staffMembers.position), asc(sql`lower(${staffMembers.name})`), asc(staffMembers.id))
    .limit(STAFF_IMPORT_MAX_ROWS);
  return rows.map((r) => {
    const { createdAt: _c, ...rec } = staffRecord(r);
    return r.id === advisorId ? { ...rec, chosen: true } : rec;
  });
}

/**
 * PUT /mobile/users/{userId}/advisor: the customer's advisor (a member of the same app, else 404), or none.
 * The choice is audited; the tally counts customers from these entries.
 */
export async function chooseAdvisor(db: Db, appId: string, endUserId: string, staffMemberId: string | null) {
  const member = staffMemberId ? await memberOf(db, appId, staffMemberId) : null;
  await db.transaction(async (tx) => {
    await tx
      .update(endUsers)
      .set({ staffMemberId: member?.id ?? null, updatedAt: new Date() })
      .where(and(eq(endUsers.id, endUserId), eq(endUsers.appId, appId)));
    await tx.insert(auditLog).values({
      appId,
      action: ADVISOR_CHOSEN,
      target: endUserId,
      after: { staffMemberId: member?.id ?? null },
    });
  });
  return { staffMemberId: member?.id ?? null };
}

/**
 * The advisor a user has chosen, as a value for an insert: new leads and redemptions carry it (the tally
 * counts them). Read inside the insert itself, so no extra round trip; an unknown or foreign user id
 * (the widget's form sends the id unchecked) gives none.
 */
export const advisorOfUser = (appId: string, endUserId: string | null | undefined) =>
  endUserId
    ? sql<string | null>`(select ${endUsers.staffMemberId} from ${endUsers}
        where ${endUsers.id}::text = ${endUserId} and ${endUsers.appId} = ${appId})`
    : null;
