import Papa from "papaparse";
import { ApiError } from "../errors.ts";

export interface CsvRow {
  /** Line number in the file; the header is line 1. */
  line: number;
  record: Record<string, string>;
}

const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * A cell a spreadsheet would run as a formula: it starts with =, +, -, @, a tab or a carriage return, after
 * any number of quotes (so a cell that already starts with a quote and a formula character keeps its quote
 * through an export and an import).
 */
const FORMULA = /^'*[=+\-@\t\r]/;

/** A leading quote added on export (see toCsv) is taken off again on import. */
const unescapeCell = (v: string) => (/^'+[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/**
 * Parses a CSV file with a header row. Columns are matched loosely ("Engine Type", "engine_type" and
 * "engineType" are one column) and named as in `columns`. A missing column rejects the file; a broken row
 * is reported with its line and the other rows are kept.
 */
export function parseCsv(
  text: string,
  columns: readonly string[],
): { rows: CsvRow[]; errors: { row: number; message: string }[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const [header, ...lines] = parsed.data;
  if (!header || header.every((h) => !h.trim())) throw new ApiError("CsvInvalid", "The CSV file is empty");
  const byKey = new Map(columns.map((c) => [headerKey(c), c]));
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const name = byKey.get(headerKey(h));
    if (name && !index.has(name)) index.set(name, i);
  });
  const missing = columns.filter((c) => c !== "type" && !index.has(c));
  if (missing.length)
    throw new ApiError(
      "CsvInvalid",
      `The CSV file needs the columns ${columns.join(", ")}; missing: ${missing.join(", ")}`,
    );
  const errors = parsed.errors
    .filter((e) => e.row !== undefined)
    .map((e) => ({ row: (e.row as number) + 1, message: e.message }));
  const broken = new Set(errors.map((e) => e.row));
  const rows: CsvRow[] = [];
  lines.forEach((cells, i) => {
    const line = i + 2;
    if (broken.has(line) || cells.every((c) => !c.trim())) return;
    const record: Record<string, string> = {};
    for (const [name, at] of index) {
      const cell = (cells[at] ?? "").trim();
      if (cell !== "") record[name] = unescapeCell(cell);
    }
    rows.push({ line, record });
  });
  return { rows, errors };
}

/** The byte order mark that makes spreadsheets (Excel above all) read a CSV file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/**
 * Writes CSV, the one writer of the product. Cells that a spreadsheet would run as a formula (starting with
 * =, +, -, @, a tab or a carriage return) get a leading quote, so an export cannot carry a formula into
 * someone's spreadsheet; parseCsv takes the quote off again. `bom` starts the file with a UTF-8 byte order
 * mark (the console's downloads: spreadsheets then show accents and emoji as typed).
 */
export function toCsv(
  columns: readonly string[],
  rows: Record<string, unknown>[],
  options: { bom?: boolean; header?: readonly string[] } = {},
): string {
  const safe = (v: unknown) => {
    const s = v === null || v === undefined ? "" : String(v);
    return FORMULA.test(s) ? `'${s}` : s;
  };
  const csv = Papa.unparse({
    fields: (options.header ?? columns).map(safe),
    data: rows.map((r) => columns.map((c) => safe(r[c]))),
  });
  return `${options.bom ? CSV_BOM : ""}${csv}\r\n`;
}
