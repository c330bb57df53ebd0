/** Pure helpers of the admin console (issue 18). */
import type { AppMetadata } from "../../../schemas/index.ts";
import { counted } from "../counted.ts";

/** Spec §9: the admin list shows 20 apps a page. */
export const ADMIN_PAGE_SIZE = 20;

export type PageItem = number | "gap";

/**
 * Spec §9 "Pagination: current page ±2 plus first and last": the page numbers to show (1-based), with a
 * "gap" where pages are left out.
 */
export function pageItems(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  const pages = new Set<number>([1, pageCount]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageItem[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === "number" && p - prev > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

export interface DiffRow {
  key: string;
  before: string;
  after: string;
}

const shown = (v: unknown): string => {
  if (v === undefined || v === null || v === "") return "(empty)";
  if (typeof v === "string") return v;
  return JSON.stringify(v);
};

/**
 * What a metadata PUT would change, as the server merges it (absent keys kept, null clears, objects merge
 * key by key): one row per key whose value would differ, nested config keys as `config.key`.
 */
export function metadataDiff(stored: Record<string, unknown>, patch: Record<string, unknown>): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const before = stored[key];
    const isObject = (x: unknown) => x !== null && typeof x === "object" && !Array.isArray(x);
    if (isObject(value) && (isObject(before) || before == null)) {
      const base = (before ?? {}) as Record<string, unknown>;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const next = v === null ? undefined : v;
        if (JSON.stringify(base[k]) !== JSON.stringify(next))
          rows.push({ key: `${key}.${k}`, before: shown(base[k]), after: shown(next) });
      }
      continue;
    }
    if (JSON.stringify(before ?? null) !== JSON.stringify(value ?? null))
      rows.push({ key, before: shown(before), after: shown(value) });
  }
  return rows;
}

/** Where 'Back to admin' returns: kept across the reloads of a sign-in-as. */
const RETURN_KEY = "adminReturnPath";

/** Only a path of this console ("/admin/apps?page=2"), never another origin ("//evil.example", "https:"). */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}

export const returnPath = {
  set(path: string | null | undefined, storage: Pick<Storage, "setItem" | "removeItem"> = localStorage) {
    const safe = safeReturnPath(path);
    if (safe) storage.setItem(RETURN_KEY, safe);
    else storage.removeItem(RETURN_KEY);
  },
  /** Reads and forgets the return path. */
  take(storage: Pick<Storage, "getItem" | "removeItem"> = localStorage): string | null {
    const path = safeReturnPath(storage.getItem(RETURN_KEY));
    storage.removeItem(RETURN_KEY);
    return path;
  },
};

/** "1 row" / "3 rows". */
export const rows = (n: number) => counted(n, "row", "rows");

export const textKeys = [
  ["appleBundleId", "Apple bundle id"],
  ["iosVersion", "iOS version"],
  ["androidVersion", "Android version"],
  ["inReviewVersion", "In-review version"],
  ["appleStoreUrl", "Apple store URL"],
  ["googlePlayUrl", "Google Play URL"],
  ["analyticsId", "Analytics id"],
  ["integrationAccountId", "Integration account id"],
  ["loyaltyAccountId", "Loyalty account id"],
  ["website", "Website"],
  ["portalUrl", "Portal URL"],
] as const;
export const selectKeys = [
  ["status", "Status", ["Active", "Inactive"]],
  ["lang", "Language", ["en", "es"]],
  ["domainType", "Domain type", ["Auto", "Restaurant", "WebPromos"]],
  ["makeModelType", "Make-model type", ["Car", "Truck", "Powersport", "Trailer"]],
] as const;
export const configKeys = [
  ["integrationConfig", "Integration config"],
  ["loyaltyConfig", "Loyalty config"],
  ["navi360Config", "Navi360 config"],
  ["uptimeProConfig", "UptimePro config"],
] as const;

/** A config as the editor shows it: indented JSON, "" for none. */
export const jsonText = (v: unknown) => (v == null ? "" : JSON.stringify(v, null, 2));

/**
 * The metadata PUT body from the editor's values: only what changed, texts emptied as null, configs parsed
 * (keys taken out of a config are sent as null, since the server merges key by key); a config that is not a
 * JSON object is a field error.
 */
export function metadataPatch(
  stored: Required<AppMetadata>,
  values: Record<string, unknown>,
): { patch: Record<string, unknown>; errors: [string, string][] } {
  const patch: Record<string, unknown> = {};
  const errors: [string, string][] = [];
  for (const [k] of textKeys) {
    const v = String(values[k] ?? "").trim();
    const before = stored[k] ?? "";
    if (v !== before) patch[k] = v === "" ? null : v;
  }
  for (const [k] of selectKeys) if (values[k] !== stored[k]) patch[k] = values[k];
  for (const k of ["brandLocked", "isMaster"] as const) if (values[k] !== stored[k]) patch[k] = values[k];
  for (const [k] of configKeys) {
    const text = String(values[k] ?? "").trim();
    if (text === jsonText(stored[k]).trim()) continue;
    if (text === "") {
      patch[k] = null;
      continue;
    }
    try {
      const parsed = JSON.parse(text);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
      // The server merges key by key: keys taken out of the text are cleared with null.
      const before = (stored[k] ?? {}) as Record<string, unknown>;
      const next: Record<string, unknown> = { ...parsed };
      for (const old of Object.keys(before)) if (!(old in parsed)) next[old] = null;
      patch[k] = next;
    } catch {
      errors.push([k, 'Write a JSON object, like {"key": "value"}']);
    }
  }
  return { patch, errors };
}
