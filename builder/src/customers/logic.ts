/**
 * The Customers table's state lives in the URL (so a search survives a reload and can be shared): these
 * turn the query string into a search and back, and build the POST users/search body.
 */

export type SortField = "name" | "email" | "signedInAt" | "createdAt" | "make" | "year";
export type SortOrder = "ascend" | "descend";

export interface CustomerQuery {
  term: string;
  make: string;
  model: string;
  yearFrom?: number;
  yearTo?: number;
  /** undefined: either; true: only customers with a push subscription; false: only those without. */
  hasPush?: boolean;
  page: number;
  pageSize: number;
  sort?: { field: SortField; order: SortOrder };
}

export const PAGE_SIZES = [25, 50, 100, 200] as const;
const SORT_FIELDS: readonly SortField[] = ["name", "email", "signedInAt", "createdAt", "make", "year"];

const intOrUndefined = (raw: string | null, min: number, max: number): number | undefined => {
  if (raw == null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
};

/** Reads the table's state from a query string; anything malformed falls back to its default. */
export function parseCustomerQuery(params: URLSearchParams): CustomerQuery {
  const push = params.get("push");
  const sortRaw = params.get("sort") ?? "";
  const [field, dir] = sortRaw.split(":");
  const pageSize = intOrUndefined(params.get("size"), 1, 200);
  return {
    term: params.get("term") ?? "",
    make: params.get("make") ?? "",
    model: params.get("model") ?? "",
    yearFrom: intOrUndefined(params.get("yearFrom"), 1900, 2100),
    yearTo: intOrUndefined(params.get("yearTo"), 1900, 2100),
    hasPush: push === "yes" ? true : push === "no" ? false : undefined,
    page: intOrUndefined(params.get("page"), 1, 1_000_000) ?? 1,
    pageSize: pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 50,
    sort:
      SORT_FIELDS.includes(field as SortField) && (dir === "asc" || dir === "desc")
        ? { field: field as SortField, order: dir === "asc" ? "ascend" : "descend" }
        : undefined,
  };
}

/** The query string for a state: defaults are left out, so a fresh table has a clean URL. */
export function customerQueryString(q: CustomerQuery): string {
  const p = new URLSearchParams();
  if (q.term.trim()) p.set("term", q.term);
  if (q.make.trim()) p.set("make", q.make);
  if (q.model.trim()) p.set("model", q.model);
  if (q.yearFrom != null) p.set("yearFrom", String(q.yearFrom));
  if (q.yearTo != null) p.set("yearTo", String(q.yearTo));
  if (q.hasPush != null) p.set("push", q.hasPush ? "yes" : "no");
  if (q.sort) p.set("sort", `${q.sort.field}:${q.sort.order === "ascend" ? "asc" : "desc"}`);
  if (q.page > 1) p.set("page", String(q.page));
  if (q.pageSize !== 50) p.set("size", String(q.pageSize));
  return p.toString();
}

export interface SearchBody {
  term?: string;
  make?: string;
  model?: string;
  yearFrom?: number;
  yearTo?: number;
  hasPush?: boolean;
  skip: number;
  take: number;
  sort?: string;
}

/**
 * The POST users/search body: only what is set, the year range in order (a reversed range is read the way
 * the user meant it), the page as skip/take, and the sort as the field with a leading '-' when descending.
 */
export function searchBody(q: CustomerQuery): SearchBody {
  const body: SearchBody = { skip: (q.page - 1) * q.pageSize, take: q.pageSize };
  if (q.term.trim()) body.term = q.term.trim();
  if (q.make.trim()) body.make = q.make.trim();
  if (q.model.trim()) body.model = q.model.trim();
  let { yearFrom, yearTo } = q;
  if (yearFrom != null && yearTo != null && yearFrom > yearTo) [yearFrom, yearTo] = [yearTo, yearFrom];
  if (yearFrom != null) body.yearFrom = yearFrom;
  if (yearTo != null) body.yearTo = yearTo;
  if (q.hasPush != null) body.hasPush = q.hasPush;
  if (q.sort) body.sort = `${q.sort.order === "descend" ? "-" : ""}${q.sort.field}`;
  return body;
}

/** Is any filter other than the search term set (the empty state then says to clear them)? */
export const hasFilters = (q: CustomerQuery) =>
  Boolean(q.make.trim() || q.model.trim() || q.yearFrom != null || q.yearTo != null || q.hasPush != null);

/** The push composer with the current search as its audience, or with one customer. */
export const pushForSearch = (appId: string, term: string) =>
  `/apps/${appId}/push/add${term.trim() ? `?term=${encodeURIComponent(term.trim())}` : ""}`;
export const pushForUser = (appId: string, userId: string) =>
  `/apps/${appId}/push/add?users=${encodeURIComponent(userId)}`;

export interface VehicleDraft {
  make?: string;
  model?: string;
  year?: number | null;
  vin?: string;
  unit?: string;
  mileage?: number | null;
}

/** A vehicle as the form left it, cleaned for PUT users/{id}/vehicles: empty fields are left out. */
export function cleanVehicle(v: VehicleDraft): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of ["make", "model", "vin", "unit"] as const) {
    const s = v[key]?.trim();
    if (s) out[key] = key === "vin" ? s.toUpperCase() : s;
  }
  if (v.year != null) out.year = v.year;
  if (v.mileage != null) out.mileage = v.mileage;
  return out;
}

/** The vehicle list with one replaced (index) or added (index -1). */
export function withVehicle<T>(list: readonly T[], index: number, vehicle: T): T[] {
  if (index < 0 || index >= list.length) return [...list, vehicle];
  return list.map((v, i) => (i === index ? vehicle : v));
}

/** "2019 Toyota Camry", or what there is of it. */
export const vehicleTitle = (v: { year?: number | null; make?: string; model?: string }) =>
  [v.year, v.make, v.model].filter((x) => x != null && x !== "").join(" ");

/** A date (no time) as the console shows it. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
