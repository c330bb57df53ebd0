import { and, asc, eq, gt } from "drizzle-orm";
import { type DealerKind, dealerCsvFields } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import type { dealerRepairOrders } from "../db/schema-dealer.ts";
import type { Caller } from "../permissions.ts";
import { toCsv } from "../services/csv.ts";
import { appForCaller } from "./apps.ts";
import { type DealerRecord, dealerTables, shapers } from "./dealer-data.ts";

/** Each kind's natural key as a row field (the keyset of the export). */
const keyFields = {
  inventory: "vin",
  "repair-orders": "roNumber",
  deals: "dealNumber",
  "service-contracts": "contractNumber",
} as const;

/** Rows read per query while exporting: the export's memory stays one chunk whatever the table's size. */
export const DEALER_EXPORT_CHUNK = 1000;

/**
 * A record as the CSV import reads it back: the import's own columns (dealerCsvFields), photos joined with
 * "|", a repair order's lines as one line (descriptions joined, labour and parts summed).
 */
function csvValues(kind: DealerKind, r: DealerRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...r };
  if (kind === "inventory") out.photos = ((r as { photos?: string[] }).photos ?? []).join("|");
  if (kind === "repair-orders") {
    const lines = (r as { lines?: { description: string; labor?: number; parts?: number }[] }).lines ?? [];
    const sum = (k: "labor" | "parts") =>
      lines.some((l) => l[k] !== undefined) ? lines.reduce((s, l) => s + (l[k] ?? 0), 0) : undefined;
    out.lineDescription = lines.map((l) => l.description).join("; ") || undefined;
    out.lineLabor = sum("labor");
    out.lineParts = sum("parts");
  }
  return out;
}

/**
 * GET /apps/{appId}/dealer-data/{kind}/csv: every record of one kind as CSV in the import's columns, in
 * natural-key order (VIN, RO, deal or contract number), through the product's one CSV writer (formula
 * cells get a leading quote). The caller's role is checked before the first byte; then the rows are read
 * DEALER_EXPORT_CHUNK at a time by keyset on the (app, key) unique index, each chunk written and let go, so
 * 50,000 vehicles never sit in memory at once. Rows changed while the file streams show as they are when
 * their chunk is read.
 */
export async function dealerCsvExport(
  db: Db,
  caller: Caller,
  appId: string,
  kind: DealerKind,
  options: { bom?: boolean } = {},
): Promise<AsyncGenerator<string>> {
  await appForCaller(db, caller, appId, "dealerData.read");
  const { table, key } = dealerTables[kind];
  const t = table as unknown as typeof dealerRepairOrders;
  const keyCol = key as unknown as typeof dealerRepairOrders.roNumber;
  const fields = dealerCsvFields[kind];
  const columns = fields.map((f) => f.field);
  const header = fields.map((f) => f.header);
  const shape = shapers[kind] as (r: unknown) => DealerRecord;
  return (async function* () {
    // The header alone (toCsv writes it with every call; the chunks below drop theirs).
    const head = toCsv(columns, [], { bom: options.bom, header });
    yield head.slice(0, head.indexOf("\r\n") + 2);
    let after: string | null = null;
    for (;;) {
      const rows: Record<string, unknown>[] = await db
        .select()
        .from(table)
        .where(after === null ? eq(t.appId, appId) : and(eq(t.appId, appId), gt(keyCol, after)))
        .orderBy(asc(keyCol))
        .limit(DEALER_EXPORT_CHUNK);
      if (!rows.length) return;
      const text = toCsv(
        columns,
        rows.map((r) => csvValues(kind, shape(r))),
        { header },
      );
      yield text.slice(text.indexOf("\r\n") + 2);
      if (rows.length < DEALER_EXPORT_CHUNK) return;
      after = rows[rows.length - 1][keyFields[kind]] as string;
    }
  })();
}
