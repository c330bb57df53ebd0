/**
 * Pure helpers of the analytics dashboards: the report's shape (the server's `analytics/{type}` answer),
 * range presets in a time zone, the page state in the URL, tables of what a chart shows, CSV of a table and
 * the change against the previous range.
 */

export type Interval = "day" | "week" | "month";
export const INTERVALS: readonly Interval[] = ["day", "week", "month"];

export interface AnalyticsPoint {
  /** YYYY-MM-DD: the first local day of the bucket. */
  period: string;
  value: number;
}
export interface AnalyticsBreakdownRow {
  key: string;
  label: string;
  value: number;
  previousValue: number;
}
export interface AnalyticsMetric {
  id: string;
  total: number;
  previousTotal: number;
  points: AnalyticsPoint[];
  breakdown?: AnalyticsBreakdownRow[];
}
/** GET /api/apps/{appId}/analytics/{type} answers `{ data: AnalyticsReport }`. */
export interface AnalyticsReport {
  type: string;
  from: string;
  to: string;
  interval: Interval;
  timeZone: string;
  previous: { from: string; to: string };
  filters: { platforms: string[]; locations: string[] };
  metrics: AnalyticsMetric[];
}

/** The dashboards with a page of their own; the overview is /analytics itself. */
export const ANALYTICS_TYPES = [
  "pages",
  "features",
  "offers",
  "leads",
  "pushes",
  "geofences",
  "inventory",
] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];
export const isAnalyticsType = (t: string | undefined): t is AnalyticsType =>
  (ANALYTICS_TYPES as readonly string[]).includes(t ?? "");

const WIDGET_NOTE =
  "The numbers come from the widget on the dealer's site: it sends each visit and tap as it happens, and they appear here within a minute or two.";

/** Each dashboard's title, what its card says and what its empty state explains. */
export const TYPE_TEXT: Record<AnalyticsType | "overview", { title: string; about: string; empty: string }> =
  {
    overview: {
      title: "Overview",
      about: "Installs, visitors and sign-ins",
      empty: `No installs, visits or sign-ins in this range yet. ${WIDGET_NOTE}`,
    },
    pages: {
      title: "Pages",
      about: "Which screens of the app people open",
      empty: `No page views in this range yet. ${WIDGET_NOTE}`,
    },
    features: {
      title: "Features",
      about: "Taps on the app's features",
      empty: `No feature taps in this range yet. ${WIDGET_NOTE}`,
    },
    offers: {
      title: "Offers",
      about: "Views, redemptions, shares and calendar adds of specials and promotions",
      empty: `No offer views, redemptions, shares or calendar adds in this range yet. ${WIDGET_NOTE}`,
    },
    leads: {
      title: "Leads and forms",
      about: "Leads by source and form submissions",
      empty: `No leads or form submissions in this range yet. Leads arrive when a customer sends a form or asks about an offer or a vehicle in the widget; they are counted as they arrive.`,
    },
    pushes: {
      title: "Push notifications",
      about: "Notifications sent, delivered and opened",
      empty:
        "No push notifications in this range yet. Sent and delivered are counted when a notification from Push goes out; opened when someone taps it on their device.",
    },
    geofences: {
      title: "Geofences",
      about: "Entries into geofences and completed geofence messages",
      empty: `No geofence entries in this range yet. They are counted when someone with the app open on a phone enters one of the app's geofences. ${WIDGET_NOTE}`,
    },
    inventory: {
      title: "Inventory",
      about: "Vehicle views, favorites and leads",
      empty: `No vehicle views, favorites or leads in this range yet. ${WIDGET_NOTE}`,
    },
  };

const METRIC_LABELS: Record<string, string> = {
  installs: "Installs",
  visitors: "Unique visitors",
  sign_ins: "Sign-ins",
  sign_in_failures: "Sign-in failures",
  page_views: "Page views",
  feature_opens: "Feature taps",
  offer_views: "Offer views",
  offer_redemptions: "Redemptions",
  offer_shares: "Shares",
  offer_calendar_adds: "Calendar adds",
  leads: "Leads",
  form_submissions: "Form submissions",
  push_sent: "Sent",
  push_delivered: "Delivered",
  push_opened: "Opened",
  geofence_entries: "Geofence entries",
  geofence_completions: "Geofence completions",
  inventory_views: "Vehicle views",
  inventory_favorites: "Favorites",
  inventory_leads: "Vehicle leads",
};
const BREAKDOWN_TITLES: Record<string, string> = {
  sign_ins: "Method",
  sign_in_failures: "Reason",
  page_views: "Page",
  feature_opens: "Feature",
  offer_views: "Offer",
  offer_redemptions: "Offer",
  offer_shares: "Offer",
  offer_calendar_adds: "Offer",
  leads: "Source",
  form_submissions: "Form",
  geofence_entries: "Geofence",
  geofence_completions: "Geofence",
  inventory_views: "Vehicle",
  inventory_favorites: "Vehicle",
  inventory_leads: "Vehicle",
};

const humanize = (id: string) => {
  const words = id.replace(/[_-]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : id;
};
/** "page_views" -> "Page views"; an id the console does not know yet still reads as words. */
export const metricLabel = (id: string) => METRIC_LABELS[id] ?? humanize(id);
/** The first column of a metric's breakdown table. */
export const breakdownTitle = (id: string) => BREAKDOWN_TITLES[id] ?? "Item";

// ---- dates (plain local dates as YYYY-MM-DD, computed on UTC midnights so no zone shifts them) ----

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that names a real day, as UTC midnight in ms; null otherwise. */
export function parseDay(s: string | null | undefined): number | null {
  const m = DATE.exec(s ?? "");
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === s ? ms : null;
}
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The day `days` after (or before, negative) a YYYY-MM-DD. */
export const addDays = (day: string, days: number) => dayString((parseDay(day) ?? 0) + days * DAY_MS);
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round(((parseDay(to) ?? 0) - (parseDay(from) ?? 0)) / DAY_MS) + 1;

/** Today's date where the user is: the calendar day at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The browser's IANA zone (sent as `tz`, so the server buckets days the way the user lives them). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export type Preset = "7d" | "30d" | "90d" | "month" | "custom";
export const PRESETS: readonly { key: Exclude<Preset, "custom">; label: string }[] = [
  { key: "7d", label: "Last 7 days" },
  { key: "30d", label: "Last 30 days" },
  { key: "90d", label: "Last 90 days" },
  { key: "month", label: "This month" },
];
export const DEFAULT_PRESET: Exclude<Preset, "custom"> = "30d";
/** The longest range the server reports (days, both ends counted). */
export const MAX_RANGE_DAYS = 366;

/** The dates of a preset, ending today in `timeZone` (This month: from its first day). */
export function presetRange(preset: Exclude<Preset, "custom">, timeZone: string, now: Date) {
  const to = todayIn(timeZone, now);
  if (preset === "month") return { from: `${to.slice(0, 8)}01`, to };
  const days = preset === "7d" ? 7 : preset === "30d" ? 30 : 90;
  return { from: addDays(to, -(days - 1)), to };
}

/** Why a custom range cannot be asked for, or null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (parseDay(from) === null || parseDay(to) === null) return "Pick a start and an end date";
  if (from > to) return "The start date must not be after the end date";
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return `Pick at most ${MAX_RANGE_DAYS} days`;
  return null;
}

export interface DashboardState {
  preset: Preset;
  from: string;
  to: string;
  interval: Interval;
  platform?: string;
  location?: string;
}

/**
 * The page's state from its URL: `range` (a preset, or `custom` with `from` and `to`), `interval`,
 * `platform` and `location`. A preset is kept as its name, so a reload tomorrow shows tomorrow's last
 * 30 days; a custom range that is not valid falls back to the default preset.
 */
export function readState(params: URLSearchParams, timeZone: string, now: Date): DashboardState {
  const interval = (INTERVALS as readonly string[]).includes(params.get("interval") ?? "")
    ? (params.get("interval") as Interval)
    : "day";
  const filters = {
    ...(params.get("platform") ? { platform: params.get("platform") as string } : {}),
    ...(params.get("location") ? { location: params.get("location") as string } : {}),
  };
  const range = params.get("range");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (range === "custom" && rangeProblem(from, to) === null)
    return { preset: "custom", from, to, interval, ...filters };
  const preset = PRESETS.some((p) => p.key === range) ? (range as Exclude<Preset, "custom">) : DEFAULT_PRESET;
  return { preset, ...presetRange(preset, timeZone, now), interval, ...filters };
}

/** The URL search params of a state (defaults left out, so the plain URL is the default view). */
export function stateParams(state: DashboardState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.preset === "custom") {
    p.set("range", "custom");
    p.set("from", state.from);
    p.set("to", state.to);
  } else if (state.preset !== DEFAULT_PRESET) p.set("range", state.preset);
  if (state.interval !== "day") p.set("interval", state.interval);
  if (state.platform) p.set("platform", state.platform);
  if (state.location) p.set("location", state.location);
  return p;
}

/** The query of the analytics call for a state. */
export function reportQuery(state: DashboardState, timeZone: string) {
  return {
    from: state.from,
    to: state.to,
    interval: state.interval,
    tz: timeZone,
    ...(state.platform ? { platform: state.platform } : {}),
    ...(state.location ? { location: state.location } : {}),
  };
}

// ---- texts ----

const monthDay = (ms: number, withYear: boolean) =>
  new Date(ms).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
  });

/** A bucket's name in a table: "Nov 23, 2026", "Week of Nov 23, 2026" or "November 2026". */
export function periodLabel(period: string, interval: Interval): string {
  const ms = parseDay(period);
  if (ms === null) return period;
  if (interval === "month")
    return new Date(ms).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
  return interval === "week" ? `Week of ${monthDay(ms, true)}` : monthDay(ms, true);
}
/** A bucket's name on a chart's axis: "Nov 23" or "Nov 2026". */
export function periodTick(period: string, interval: Interval): string {
  const ms = parseDay(period);
  if (ms === null) return period;
  if (interval === "month")
    return new Date(ms).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", year: "numeric" });
  return monthDay(ms, false);
}
/** "Nov 1 – Nov 30, 2026" (the year on both ends when they differ). */
export function rangeLabel(from: string, to: string): string {
  const a = parseDay(from);
  const b = parseDay(to);
  if (a === null || b === null) return `${from} – ${to}`;
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${monthDay(a, !sameYear)} – ${monthDay(b, true)}`;
}

export const formatNumber = (n: number) => n.toLocaleString("en-US");

export interface Change {
  /** Percent against the previous range; null when the previous range had nothing to compare with. */
  percent: number | null;
  direction: "up" | "down" | "flat";
  /** "+25%", "−10%", "0%" or "New". */
  text: string;
}

/**
 * The change of a total against the previous range's. From 0 to 0 is flat at 0%; from 0 to anything is
 * "New" (no percentage of nothing). Below 10% one decimal is kept, so a small move does not read as 0%.
 */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) {
    return current === 0
      ? { percent: 0, direction: "flat", text: "0%" }
      : { percent: null, direction: current > 0 ? "up" : "down", text: "New" };
  }
  const raw = ((current - previous) / Math.abs(previous)) * 100;
  const percent = Math.abs(raw) < 10 ? Math.round(raw * 10) / 10 : Math.round(raw);
  if (percent === 0) return { percent: 0, direction: "flat", text: "0%" };
  const direction = percent > 0 ? "up" : "down";
  return { percent, direction, text: `${percent > 0 ? "+" : "−"}${Math.abs(percent)}%` };
}

// ---- tables (what a table under a chart shows, and what its CSV holds) ----

export interface TableData {
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

/** The periods of a metric: one row per bucket, zeros included. */
export function periodTable(metric: AnalyticsMetric, interval: Interval): TableData {
  return {
    columns: [intervalTitle(interval), metricLabel(metric.id)],
    rows: metric.points.map((p) => ({ key: p.period, cells: [periodLabel(p.period, interval), p.value] })),
  };
}
const intervalTitle = (i: Interval) => (i === "day" ? "Day" : i === "week" ? "Week" : "Month");

/** A metric's breakdown: one row per key, this range, the previous one and the change. */
export function breakdownTable(metric: AnalyticsMetric): TableData {
  return {
    columns: [breakdownTitle(metric.id), "This range", "Previous range", "Change"],
    rows: (metric.breakdown ?? []).map((b) => ({
      key: b.key,
      cells: [b.label || b.key, b.value, b.previousValue, percentChange(b.value, b.previousValue).text],
    })),
  };
}

/** A cell a spreadsheet would run as a formula (as server/services/csv.ts decides). */
const FORMULA = /^'*[=+\-@\t\r]/;

/**
 * A CSV file of a table, for spreadsheets: a UTF-8 byte order mark, CRLF lines, cells quoted when they hold
 * a comma, quote or line break, and a leading quote before any cell that starts with = + - @ a tab or a
 * carriage return, so an export never carries a formula into someone's spreadsheet.
 */
export function toCsv(table: TableData): string {
  const cell = (v: string | number) => {
    const s = FORMULA.test(String(v)) ? `'${v}` : String(v);
    return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [table.columns, ...table.rows.map((r) => r.cells)].map((cells) => cells.map(cell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** "Demo Motors" + "page_views" + range -> "Demo-Motors-page-views-2026-11-01-2026-11-30.csv". */
export function csvName(appName: string, what: string, from: string, to: string): string {
  const slug = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "app";
  return `${slug(appName)}-${slug(what)}-${from}-${to}.csv`;
}

/** True when every metric of the report is zero in the range (the empty state explains why). */
export const isEmptyReport = (r: AnalyticsReport) =>
  r.metrics.every((m) => m.total === 0 && m.points.every((p) => p.value === 0));
