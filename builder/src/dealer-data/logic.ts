import Papa from "papaparse";
import {
  type DealerCsvField,
  type DealerKind,
  dealerCsvFields,
  guessDealerMapping,
  type InventorySearch,
} from "../../../schemas/index.ts";

/** The tabs of the Dealer data page and the names people read. */
export const KIND_LABEL: Record<DealerKind, string> = {
  inventory: "Inventory",
  "repair-orders": "Repair orders",
  deals: "Deals",
  "service-contracts": "Service contracts",
};

/** Rows shown before importing. */
export const PREVIEW_ROWS = 5;

export interface CsvPreview {
  headers: string[];
  rows: string[][];
  /** Data rows in the file (the header not counted). */
  total: number;
  mapping: Record<string, string>;
}

/** Reads a CSV text for the mapping step: headers, the first rows, the row count and the guessed mapping. */
export function previewCsv(kind: DealerKind, text: string): CsvPreview {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", ";", "\t", "|"],
  });
  const [headers = [], ...rows] = parsed.data;
  return {
    headers,
    rows: rows.slice(0, PREVIEW_ROWS),
    total: rows.length,
    mapping: guessDealerMapping(kind, headers),
  };
}

/** Required fields no header is mapped to (the import would be refused). */
export function missingRequired(kind: DealerKind, mapping: Record<string, string>): DealerCsvField[] {
  const mapped = new Set(Object.values(mapping));
  return dealerCsvFields[kind].filter((f) => f.required && !mapped.has(f.field));
}

/** Two headers mapped to one field: the second would be ignored, so the console refuses it. */
export function doubleMapped(mapping: Record<string, string>): string[] {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const [header, field] of Object.entries(mapping)) {
    if (!field) continue;
    if (seen.has(field)) twice.push(header);
    else seen.set(field, header);
  }
  return twice;
}

/** Money as the console shows it. */
export const money = (n: number | undefined | null) =>
  n === undefined || n === null
    ? "—"
    : n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });

export const miles = (n: number | undefined | null) =>
  n === undefined || n === null ? "—" : `${n.toLocaleString("en-US")} mi`;

/** A filter without its empty parts, so equal filters share one cached query. */
export function cleanFilter(f: InventorySearch): InventorySearch {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v) && !v.length) continue;
    out[k] = v;
  }
  return out as InventorySearch;
}
