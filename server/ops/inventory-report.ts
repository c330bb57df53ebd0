import { sql } from "drizzle-orm";
import type { InventoryReport, InventoryReportQuery } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller } from "./apps.ts";

const DAY = 86_400_000;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/**
 * POST /apps/{appId}/analytics/inventory/report (spec §7): views (inventory_details page views), favourites
 * and leads per vehicle over UTC days `from` to `to` (inclusive; default the last 30 days), read from the
 * analytics rollups, most viewed first. Vehicles since removed keep their counts under their id.
 */
export async function inventoryReport(
  db: Db,
  caller: Caller,
  appId: string,
  q: InventoryReportQuery,
): Promise<InventoryReport> {
  await appForCaller(db, caller, appId, "analytics.read");
  // Each given bound is checked before a default is derived from it (a bad `to` must not reach date math).
  for (const [path, v] of [
    ["/from", q.from],
    ["/to", q.to],
  ] as const)
    if (v !== undefined && !isDay(v))
      throw new ApiError("Validation", "Use a date like 2026-11-23", [
        { path, message: "Use a date like 2026-11-23" },
      ]);
  const today = new Date().toISOString().slice(0, 10);
  const to = q.to ?? today;
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
  if (from > to)
    throw new ApiError("Validation", "The start is after the end", [
      { path: "/from", message: "The start is after the end" },
    ]);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY);
  const { rows } = (await db.execute(sql`
    select r.key as id, v.vin, v.year, v.make, v.model, v.trim,
      coalesce(sum(r.value) filter (where r.metric = 'inventory_views'), 0)::int as views,
      coalesce(sum(r.value) filter (where r.metric = 'inventory_favorites'), 0)::int as favorites,
      coalesce(sum(r.value) filter (where r.metric = 'inventory_leads'), 0)::int as leads
    from analytics_rollups r
    left join dealer_vehicles v on v.app_id = r.app_id and v.id::text = r.key
    where r.app_id = ${appId} and r.metric in ('inventory_views', 'inventory_favorites', 'inventory_leads')
      and r.bucket >= ${start.toISOString()}::timestamptz and r.bucket < ${end.toISOString()}::timestamptz
      and r.key <> ''
    group by r.key, v.vin, v.year, v.make, v.model, v.trim
    order by views desc, leads desc, favorites desc, r.key
    limit 1000`)) as unknown as { rows: Record<string, unknown>[] };
  const items = rows.map((r) => ({
    inventoryId: String(r.id),
    ...(r.vin ? { vin: String(r.vin) } : {}),
    title: [r.year, r.make, r.model, r.trim].filter(Boolean).join(" ") || String(r.id),
    views: Number(r.views),
    favorites: Number(r.favorites),
    leads: Number(r.leads),
  }));
  const total = (k: "views" | "favorites" | "leads") => items.reduce((n, i) => n + i[k], 0);
  return {
    from,
    to,
    totals: { views: total("views"), favorites: total("favorites"), leads: total("leads") },
    items,
  };
}
