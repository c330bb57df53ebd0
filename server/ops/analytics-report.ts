import { type SQL, sql } from "drizzle-orm";
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_METRICS,
  type AnalyticsInterval,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsType,
} from "../../schemas/analytics-report.ts";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { VisitorSketch } from "./analytics-sketch.ts";
import { appForCaller } from "./apps.ts";
import { isTimeZone } from "./push-notifications.ts";

const DAY = 86_400_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A zone the days are counted in: when its local dates begin, today there, and its name. */
interface Zone {
  label: string;
  /** The instant (ms) a local date's midnight is. */
  midnight(date: string): number;
  /** Today's local date. */
  today(now: Date): string;
}

/**
 * The caller's zone: `tz` (IANA, with its DST), else the console's x-user-timezone-offset header (minutes
 * behind UTC, as Date#getTimezoneOffset gives them; any multiple of 15 minutes), else UTC.
 */
export function analyticsZone(tz: string | undefined, offsetHeader: string | undefined): Zone {
  if (tz !== undefined) {
    if (!isTimeZone(tz))
      throw new ApiError("TimeZoneInvalid", undefined, [{ path: "/tz", message: "unknown time zone" }]);
    const name = new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
    return {
      label: name,
      midnight: (date) => zoneMidnight(name, date),
      today: (now) => new Intl.DateTimeFormat("en-CA", { timeZone: name }).format(now),
    };
  }
  const behind = Number(offsetHeader);
  const east =
    offsetHeader !== undefined && Number.isInteger(behind) && behind % 15 === 0 && Math.abs(behind) <= 14 * 60
      ? -behind
      : 0;
  const hh = String(Math.floor(Math.abs(east) / 60)).padStart(2, "0");
  const mm = String(Math.abs(east) % 60).padStart(2, "0");
  return {
    label: east === 0 ? "UTC" : `UTC${east < 0 ? "-" : "+"}${hh}:${mm}`,
    midnight: (date) => Date.parse(`${date}T00:00:00Z`) - east * 60_000,
    today: (now) => new Date(now.getTime() + east * 60_000).toISOString().slice(0, 10),
  };
}

/** Minutes a zone is ahead of UTC at an instant. */
function offsetAt(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The instant a local date begins in an IANA zone (the first instant of the day where midnight is skipped). */
function zoneMidnight(zone: string, date: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let guess = wall - offsetAt(zone, wall) * 60_000;
  guess = wall - offsetAt(zone, guess) * 60_000;
  return guess;
}

/**
 * How the rollups cover [lo, hi): whole UTC days from the daily rows, the partial days at the edges (local
 * midnights that are not UTC midnights) from the 15-minute rows.
 */
export function coverRange(lo: number, hi: number): { kind: "d" | "q"; lo: number; hi: number }[] {
  const dayLo = Math.ceil(lo / DAY) * DAY;
  const dayHi = Math.floor(hi / DAY) * DAY;
  if (dayLo >= dayHi) return lo < hi ? [{ kind: "q", lo, hi }] : [];
  return [
    ...(lo < dayLo ? [{ kind: "q" as const, lo, hi: dayLo }] : []),
    { kind: "d" as const, lo: dayLo, hi: dayHi },
    ...(dayHi < hi ? [{ kind: "q" as const, lo: dayHi, hi }] : []),
  ];
}

const HOUR = 3_600_000;

/**
 * How the visitor sketches cover [lo, hi): whole UTC days, whole UTC hours at the edges (a local midnight on
 * the hour), and the quarter hours left (zones at a half or three-quarter hour offset) from the 15-minute rows.
 */
export function coverVisitors(
  lo: number,
  hi: number,
): { kind: "day" | "hour" | "q"; lo: number; hi: number }[] {
  const out: { kind: "day" | "hour" | "q"; lo: number; hi: number }[] = [];
  const hours = (a: number, b: number) => {
    const hLo = Math.ceil(a / HOUR) * HOUR;
    const hHi = Math.floor(b / HOUR) * HOUR;
    if (hLo >= hHi) {
      if (a < b) out.push({ kind: "q", lo: a, hi: b });
      return;
    }
    if (a < hLo) out.push({ kind: "q", lo: a, hi: hLo });
    out.push({ kind: "hour", lo: hLo, hi: hHi });
    if (hHi < b) out.push({ kind: "q", lo: hHi, hi: b });
  };
  const dayLo = Math.ceil(lo / DAY) * DAY;
  const dayHi = Math.floor(hi / DAY) * DAY;
  if (dayLo >= dayHi) hours(lo, hi);
  else {
    hours(lo, dayLo);
    out.push({ kind: "day", lo: dayLo, hi: dayHi });
    hours(dayHi, hi);
  }
  return out;
}

const toDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const fromDays = (days: number) => new Date(days * DAY).toISOString().slice(0, 10);
const validDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && fromDays(toDays(date)) === date;

/** The range asked for (default: the 30 days ending today) and the range of the same length just before. */
export function analyticsRange(
  query: Pick<AnalyticsQuery, "from" | "to">,
  today: string,
): { from: string; to: string; previous: { from: string; to: string } } {
  for (const field of ["from", "to"] as const) {
    const v = query[field];
    if (v !== undefined && !validDate(v))
      throw new ApiError("Validation", `${field} must be a date (YYYY-MM-DD)`, [
        { path: `/${field}`, message: "must be a date (YYYY-MM-DD)" },
      ]);
  }
  const to = query.to ?? (query.from && toDays(query.from) > toDays(today) ? query.from : today);
  const from = query.from ?? fromDays(toDays(to) - 29);
  const days = toDays(to) - toDays(from) + 1;
  if (days < 1)
    throw new ApiError("Validation", "from must not be after to", [
      { path: "/from", message: "must not be after to" },
    ]);
  if (days > ANALYTICS_MAX_DAYS)
    throw new ApiError("Validation", `A report covers at most ${ANALYTICS_MAX_DAYS} days`, [
      { path: "/to", message: `at most ${ANALYTICS_MAX_DAYS} days after from` },
    ]);
  const prevTo = toDays(from) - 1;
  return { from, to, previous: { from: fromDays(prevTo - days + 1), to: fromDays(prevTo) } };
}

/** Every period of the range, zeros included: its first local day (the range's start for a clipped first one). */
export function periodsOf(from: string, to: string, interval: AnalyticsInterval): string[] {
  const out: string[] = [];
  const last = toDays(to);
  let d = toDays(from);
  while (d <= last) {
    out.push(fromDays(d));
    const date = new Date(d * DAY);
    if (interval === "day") d += 1;
    else if (interval === "week")
      d += 7 - ((date.getUTCDay() + 6) % 7); // to next Monday (ISO weeks, as date_trunc)
    else d = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY;
  }
  return out;
}

/** Metrics broken down by a key, and what the key is. */
const BREAKDOWN: Partial<
  Record<string, "method" | "reason" | "page" | "feature" | "offer" | "source" | "geofence" | "vehicle">
> = {
  sign_ins: "method",
  sign_in_failures: "reason",
  page_views: "page",
  feature_opens: "feature",
  offer_views: "offer",
  offer_redemptions: "offer",
  offer_shares: "offer",
  offer_calendar_adds: "offer",
  leads: "source",
  form_submissions: "feature",
  geofence_entries: "geofence",
  geofence_completions: "geofence",
  inventory_views: "vehicle",
  inventory_favorites: "vehicle",
  inventory_leads: "vehicle",
};

/** A breakdown shows the largest keys; the rest still count in the total. */
const BREAKDOWN_ROWS = 100;

const METHOD_LABELS: Record<string, string> = { email: "E-mail", phone: "Text message" };
/** The widget's page ids (spec §2) in words; the id stays the row's key (and the CSV's). */
const PAGE_LABELS: Record<string, string> = {
  home: "Home",
  contactUs: "Contact us",
  coupons: "Specials",
  couponDetails: "Special details",
  events: "Promotions",
  eventDetails: "Promotion details",
  loyalty: "Loyalty",
  loyalty2: "Loyalty card",
  referral: "Refer a friend",
  webLink: "Web link",
  Form: "Form",
  glovebox: "Glovebox",
  tca_contracts: "Service contracts",
  popup: "Popup",
  i360: "i360",
  utp: "UTP",
  inventory: "Inventory",
  inventory_details: "Vehicle details",
  inventory_favorites: "Saved vehicles",
  roadside_assistance: "Roadside assistance",
  uptime_pro: "Uptime Pro",
};

/** Why the server refused a sign-in code (server/ops/mobile-auth.ts). */
const REASON_LABELS: Record<string, string> = {
  wrong_code: "Wrong code",
  code_expired: "Expired code",
  too_many_attempts: "Too many wrong codes",
  no_code: "No code sent, or already used",
};

/**
 * One dashboard's numbers (issue 15): each metric's total, the previous range's total, a point per period
 * and, where it has one, the breakdown. Read from the rollups only (never the raw signals), in the caller's
 * zone; `analytics.read` on the app.
 */
export async function analyticsReport(
  db: Db,
  caller: Caller,
  appId: string,
  type: AnalyticsType,
  query: AnalyticsQuery,
  opts: { offsetHeader?: string; now?: Date } = {},
): Promise<AnalyticsReport> {
  const access = await appForCaller(db, caller, appId, "analytics.read");
  const zone = analyticsZone(query.tz, opts.offsetHeader);
  const interval = query.interval ?? "day";
  const range = analyticsRange(query, zone.today(opts.now ?? new Date()));
  const prevStart = zone.midnight(range.previous.from);
  const curStart = zone.midnight(range.from);
  const end = zone.midnight(fromDays(toDays(range.to) + 1));
  const metricIds: readonly string[] = ANALYTICS_METRICS[type];
  const counted = metricIds.filter((m) => m !== "visitors");
  const filters: SQL[] = [];
  if (query.platform) filters.push(sql`and r.platform = ${query.platform}`);
  if (query.location !== undefined && query.location !== "")
    filters.push(sql`and r.location = ${query.location}`);
  const filtered = sql.join(filters, sql` `);
  const metricList = sql.join(
    counted.map((m) => sql`${m}`),
    sql`, `,
  );
  const periods = periodsOf(range.from, range.to, interval);
  const iso = (ms: number) => new Date(ms).toISOString();
  // Each period (and the previous range, as one) read from the rollups that cover it with the fewest rows.
  const segments = [
    ...periods.map((p, i) => ({
      label: p,
      lo: zone.midnight(p),
      hi: i + 1 < periods.length ? zone.midnight(periods[i + 1]) : end,
    })),
    { label: "", lo: prevStart, hi: curStart },
  ].flatMap((s) => coverRange(s.lo, s.hi).map((c) => ({ ...c, label: s.label })));
  const segmentRows = sql.join(
    segments.map((g) => sql`(${g.label}, ${g.kind}, ${iso(g.lo)}::timestamptz, ${iso(g.hi)}::timestamptz)`),
    sql`, `,
  );

  // Unique visitors are distinct users, which sums cannot give: each period's (and the previous range's)
  // sketches of whole UTC days and hours are merged, and the quarter hours left at a zone's odd offset are
  // counted from the 15-minute rows; the range's total is the merge of its periods.
  const countVisitors = async () => {
    const parts = [
      ...periods.map((p, i) => ({
        lo: zone.midnight(p),
        hi: i + 1 < periods.length ? zone.midnight(periods[i + 1]) : end,
      })),
      { lo: prevStart, hi: curStart },
    ].flatMap((s, n) => coverVisitors(s.lo, s.hi).map((c) => ({ ...c, n })));
    if (!parts.length) return { total: 0, previousTotal: 0, points: new Map<string, number>() };
    const seg = sql.join(
      parts.map((g) => sql`(${g.n}::int, ${g.kind}, ${iso(g.lo)}::timestamptz, ${iso(g.hi)}::timestamptz)`),
      sql`, `,
    );
    const rows = rowsOf<{ n: number; registers: Uint8Array | null; hashes: Uint8Array | null }>(
      await db.execute(sql`with seg (n, kind, lo, hi) as (values ${seg})
        select s.n, r.registers, r.hashes
        from seg s join analytics_visitor_sketches r on s.kind <> 'q' and r.app_id = ${appId} and r.span = s.kind
          and r.start >= s.lo and r.start < s.hi ${filtered}
        ${
          // Only zones at a half or three-quarter hour offset leave quarter hours to read one by one.
          parts.some((g) => g.kind === "q")
            ? sql`union all
        select n, null, string_agg(analytics_user_hash(user_id), ''::bytea) from (
          select distinct s.n, r.user_id from seg s join analytics_visitors r on s.kind = 'q' and r.app_id = ${appId}
            and r.bucket >= s.lo and r.bucket < s.hi ${filtered}
        ) q group by n`
            : sql``
        }`),
    );
    const sketches = new Map<number, VisitorSketch>();
    for (const r of rows) {
      const n = Number(r.n);
      const sketch = sketches.get(n) ?? new VisitorSketch();
      sketches.set(n, sketch);
      if (r.registers) sketch.mergeRegisters(r.registers);
      else if (r.hashes) sketch.addHashes(r.hashes);
    }
    const total = new VisitorSketch();
    const points = new Map<string, number>();
    periods.forEach((p, i) => {
      const sketch = sketches.get(i);
      if (!sketch) return;
      points.set(p, sketch.count());
      total.merge(sketch);
    });
    return { total: total.count(), previousTotal: sketches.get(periods.length)?.count() ?? 0, points };
  };

  const [counts, visitorCounts, filterRows] = await Promise.all([
    counted.length
      ? db.execute(sql`with seg (label, kind, lo, hi) as (values ${segmentRows})
          select label, metric, key, sum(n)::bigint as n from (
            select s.label, r.metric, r.key, r.value as n from seg s join analytics_rollups r
              on s.kind = 'q' and r.app_id = ${appId} and r.metric in (${metricList})
              and r.bucket >= s.lo and r.bucket < s.hi ${filtered}
            union all
            select s.label, r.metric, r.key, r.value as n from seg s join analytics_rollups_daily r
              on s.kind = 'd' and r.app_id = ${appId} and r.metric in (${metricList})
              and r.day >= (s.lo at time zone 'UTC')::date and r.day < (s.hi at time zone 'UTC')::date ${filtered}
          ) x group by 1, 2, 3`)
      : Promise.resolve({ rows: [] }),
    metricIds.includes("visitors") ? countVisitors() : Promise.resolve(null),
    // The filter choices: whole UTC days around the range are near enough for a list of values.
    db.execute(sql`select distinct platform, location from analytics_rollups_daily where app_id = ${appId}
        and metric in (${metricList}) and day >= ${fromDays(toDays(range.previous.from) - 1)}::date
        and day <= ${fromDays(toDays(range.to) + 1)}::date`),
  ]);

  type Acc = {
    total: number;
    previousTotal: number;
    points: Map<string, number>;
    keys: Map<string, [number, number]>;
  };
  const acc = new Map<string, Acc>(
    metricIds.map((m) => [m, { total: 0, previousTotal: 0, points: new Map(), keys: new Map() }]),
  );
  for (const r of rowsOf<{ label: string; metric: string; key: string; n: string | number }>(counts)) {
    const a = acc.get(r.metric);
    if (!a) continue;
    const n = Number(r.n);
    const k = a.keys.get(r.key) ?? [0, 0];
    if (r.label) {
      a.total += n;
      a.points.set(r.label, (a.points.get(r.label) ?? 0) + n);
      k[0] += n;
    } else {
      a.previousTotal += n;
      k[1] += n;
    }
    a.keys.set(r.key, k);
  }
  const visitors = acc.get("visitors");
  if (visitors && visitorCounts) Object.assign(visitors, visitorCounts);

  const labels = await breakdownLabels(db, appId, access.row.definition, acc);
  const filterValues = rowsOf<{ platform: string; location: string }>(filterRows);
  return {
    type,
    from: range.from,
    to: range.to,
    interval,
    timeZone: zone.label,
    previous: range.previous,
    filters: {
      platforms: [...new Set(filterValues.map((r) => r.platform))].sort(),
      locations: [...new Set(filterValues.map((r) => r.location).filter(Boolean))].sort(),
    },
    metrics: metricIds.map((id) => {
      const a = acc.get(id) as Acc;
      const kind = BREAKDOWN[id];
      return {
        id,
        total: a.total,
        previousTotal: a.previousTotal,
        points: periods.map((p) => ({ period: p, value: a.points.get(p) ?? 0 })),
        ...(kind
          ? {
              breakdown: [...a.keys]
                .map(([key, [value, previousValue]]) => ({
                  key,
                  label: labels(kind, key),
                  value,
                  previousValue,
                }))
                .sort(
                  (x, y) =>
                    y.value - x.value || y.previousValue - x.previousValue || x.label.localeCompare(y.label),
                )
                .slice(0, BREAKDOWN_ROWS),
            }
          : {}),
      };
    }),
  };
}

/** Names for breakdown keys: feature titles from the definition; offer titles, geofence names and vehicles from this app's records. */
async function breakdownLabels(
  db: Db,
  appId: string,
  definition: unknown,
  acc: Map<string, { keys: Map<string, unknown> }>,
): Promise<(kind: NonNullable<(typeof BREAKDOWN)[string]>, key: string) => string> {
  const keysOf = (kind: string) =>
    [...acc]
      .filter(([m]) => BREAKDOWN[m] === kind)
      .flatMap(([, a]) => [...a.keys.keys()])
      .filter(Boolean);
  const uuids = (keys: string[]) => [...new Set(keys)].filter((k) => /^[0-9a-f-]{36}$/i.test(k));
  const features = new Map<string, string>();
  for (const f of (definition as { features?: { id?: unknown; title?: unknown }[] } | null)?.features ?? [])
    if (typeof f?.id === "string" && typeof f.title === "string") features.set(f.id, f.title);
  // Only records of this app give names: a signal naming another app's offer, geofence or vehicle (anyone
  // may post signals) must not show that app's titles here.
  const lookups = {
    offer: (list: SQL) => sql`select o.id::text as id, o.title as label from offers o
      where o.id in (${list}) and (o.owner_app_id = ${appId}
        or exists (select 1 from offer_apps x where x.offer_id = o.id and x.app_id = ${appId}))`,
    geofence: (list: SQL) => sql`select g.id::text as id, g.name as label from geofences g
      where g.id in (${list}) and (g.owner_app_id = ${appId}
        or exists (select 1 from geofence_apps x where x.geofence_id = g.id and x.app_id = ${appId}))`,
    vehicle: (list: SQL) => sql`select v.id::text as id,
        concat_ws(' ', v.year::text, v.make, v.model, v.trim) || ' (' || v.vin || ')' as label
      from dealer_vehicles v where v.id in (${list}) and v.app_id = ${appId}`,
  };
  const named = async (kind: keyof typeof lookups) => {
    const ids = uuids(keysOf(kind));
    if (!ids.length) return new Map<string, string>();
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = rowsOf<{ id: string; label: string }>(await db.execute(lookups[kind](list)));
    return new Map(rows.map((r) => [r.id, r.label]));
  };
  const [offers, geofences, vehicles] = await Promise.all([
    named("offer"),
    named("geofence"),
    named("vehicle"),
  ]);
  return (kind, key) => {
    if (key === "") return "(not set)";
    switch (kind) {
      case "method":
        return METHOD_LABELS[key] ?? key;
      case "reason":
        return REASON_LABELS[key] ?? key;
      case "page":
        return PAGE_LABELS[key] ?? key;
      case "feature":
        return features.get(key) ?? `Removed feature (${key.slice(0, 8)})`;
      case "offer":
        return offers.get(key) ?? `Removed offer (${key.slice(0, 8)})`;
      case "geofence":
        return geofences.get(key) ?? `Removed geofence (${key.slice(0, 8)})`;
      case "vehicle":
        return vehicles.get(key) ?? key;
      default:
        return key;
    }
  };
}
