import { PUSH_EDIT_RULE_MESSAGE, type PushSource, pushDraftFrom } from "../../../core/push.ts";
import { occurrencesUntil } from "../../../core/recurrence.ts";
import { isRepeating } from "../../../core/status.ts";
import {
  type Audience,
  AudienceFilters,
  type FieldError,
  type Membership,
  PushNotification,
  RECURRENCE_END_LABELS,
  RECURRENCE_LABELS,
  RECURRENCE_TYPES,
  type RecurrenceType,
  validate,
} from "../../../schemas/index.ts";

export { PUSH_EDIT_RULE_MESSAGE };

/** Roles that may send pushes to an app (server/permissions.ts `pushes.send`); no role means an Admin. */
export const PUSH_SENDER_ROLES = new Set(["Owner", "Manager", "Service"]);

/** The schema's titles of the audience filters, in the composer's order (schemas/audience.ts). */
export const AUDIENCE_TITLES = Object.fromEntries(
  Object.entries(AudienceFilters.properties).map(([k, s]) => [k, (s as { title?: string }).title ?? k]),
) as Record<keyof Audience, string>;

export const RECURRENCE_OPTIONS = RECURRENCE_TYPES.map((t) => ({ value: t, label: RECURRENCE_LABELS[t] }));
export const END_MODE_OPTIONS = [
  { value: "never" as const, label: RECURRENCE_END_LABELS.never },
  { value: "endsBy" as const, label: RECURRENCE_END_LABELS.endsBy },
];
/** The membership filter's choices (schemas/audience.ts MEMBERSHIP_VALUES, meaning in server/ops/push-audience.ts). */
export const MEMBERSHIP_OPTIONS: { value: Membership; label: string }[] = [
  { value: "member", label: "Members (a loyalty card or points)" },
  { value: "non-member", label: "Non-members" },
];
/** What the engine type, group and location filters mean, under each select. */
export const AUDIENCE_HELP = {
  engineType: "Customers with a vehicle whose make and model the catalog lists with this engine type.",
  groups: "Users of the chosen apps that belong to these multi-app groups.",
  locations: "Customers whose advisor works at one of these locations.",
  membership: "Members take part in the app's loyalty: a stamp card or points earned.",
} as const;

/** spec §9, where the time is chosen. */
export const TIME_HINT = "Notification time like 09:30am";
/** Where the notification leads: nothing, a feature of the app, a special, a promotion or a web address. */
export type TargetKind = "none" | "feature" | "coupon" | "event" | "url";
export const TARGET_OPTIONS: { value: TargetKind; label: string }[] = [
  { value: "none", label: "Just open the app" },
  { value: "feature", label: "A feature of the app" },
  { value: "coupon", label: "A special" },
  { value: "event", label: "A promotion" },
  { value: "url", label: "A web address" },
];
/** How a push names a feature of the app in `path` (the widget opens it). */
export const FEATURE_PATH_PREFIX = "feature:";

export const PUSH_MESSAGE_MIN = 5;
export const PUSH_MESSAGE_MAX = 1200;

/** A push as the console reads it (schemas/push.ts plus the server's response-only fields). */
export interface PushRecord extends PushNotification {
  id: string;
  status: "Planned" | "Delivering" | "Recurring" | "Sent";
  editable: boolean;
  nextOccurrences?: string[];
  counts?: PushCounts;
  timeZone?: string;
  source?: string;
  createdAt?: string;
}
export interface PushCounts {
  targeted?: number;
  sent: number;
  delivered: number;
  failed: number;
  expired?: number;
  opened: number;
}
export interface PushOccurrence {
  id: string;
  at: string;
  state: string;
  counts: PushCounts;
}
export interface AudienceCount {
  subscriptions: number;
  users: number;
  webPush: number;
}

/** The composer's state: flat, every field a control. */
export interface PushFormValue {
  message: string;
  target: { kind: TargetKind; id?: string; url?: string };
  sendNow: boolean;
  /** ISO instant chosen in the user's time zone. */
  scheduleTime: string;
  recurrence: RecurrenceType;
  endMode: "never" | "endsBy";
  endsBy?: string;
  audience: Audience;
  apps: string[];
}

/** Drops empty strings, empty lists and false/undefined filters: only chosen filters are sent. */
export function cleanAudience(a: Audience): Audience {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null || v === "" || v === false) continue;
    if (Array.isArray(v) && !v.length) continue;
    out[k] = typeof v === "string" ? v.trim() : v;
    if (out[k] === "") delete out[k];
  }
  return out as Audience;
}

/** The composer's first state: empty, or prefilled from a coupon, an event or a user search (core/push.ts). */
export function initialForm(
  appId: string,
  now: number,
  prefill?: PushSource | { kind: "term"; term: string },
): PushFormValue {
  const source: PushSource =
    prefill && prefill.kind !== "term" ? prefill : { kind: "users", userIds: undefined };
  const draft = pushDraftFrom(source, now);
  const audience: Audience = {};
  if (prefill?.kind === "users" && prefill.userIds?.length) audience.userIds = prefill.userIds;
  if (prefill?.kind === "term") audience.term = prefill.term;
  return {
    message: draft.message,
    target: draft.shareCoupon
      ? { kind: "coupon", id: draft.shareCoupon }
      : draft.shareEvent
        ? { kind: "event", id: draft.shareEvent }
        : { kind: "none" },
    sendNow: false,
    scheduleTime: draft.scheduleTime,
    recurrence: draft.recurrence?.type ?? "Once",
    endMode: draft.recurrence?.endsBy ? "endsBy" : "never",
    ...(draft.recurrence?.endsBy ? { endsBy: draft.recurrence.endsBy } : {}),
    audience,
    apps: [appId],
  };
}

/** Reads `?coupon=`, `?event=`, `?users=` and `?term=` of /push/add. */
export function prefillFromSearch(
  params: URLSearchParams,
):
  | { kind: "coupon" | "event"; id: string }
  | { kind: "users"; userIds: string[] }
  | { kind: "term"; term: string }
  | null {
  const coupon = params.get("coupon");
  if (coupon) return { kind: "coupon", id: coupon };
  const event = params.get("event");
  if (event) return { kind: "event", id: event };
  const users = params
    .get("users")
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (users?.length) return { kind: "users", userIds: [...new Set(users)] };
  const term = params.get("term")?.trim();
  if (term) return { kind: "term", term };
  return null;
}

/** The body of POST/PUT push-notifications. "Send now" sends the current instant. */
export function toWire(
  v: PushFormValue,
  now: number,
  timeZone: string,
): PushNotification & { timeZone: string } {
  const out: PushNotification & { timeZone: string } = {
    apps: v.apps,
    message: v.message.trim(),
    scheduleTime: v.sendNow ? new Date(now).toISOString() : v.scheduleTime,
    recurrence: {
      type: v.recurrence,
      ...(isRepeating({ type: v.recurrence }) && v.endMode === "endsBy" && v.endsBy
        ? { endsBy: v.endsBy }
        : {}),
    },
    ...cleanAudience(v.audience),
    timeZone,
  };
  const t = v.target;
  if (t.kind === "feature" && t.id) out.path = `${FEATURE_PATH_PREFIX}${t.id}`;
  if (t.kind === "url" && t.url?.trim()) out.path = t.url.trim();
  if (t.kind === "coupon" && t.id) out.shareCoupon = t.id;
  if (t.kind === "event" && t.id) out.shareEvent = t.id;
  return out;
}

/** A stored push back into the composer. */
export function fromWire(p: PushNotification): PushFormValue {
  const audience: Record<string, unknown> = {};
  for (const k of Object.keys(AudienceFilters.properties)) {
    const v = (p as Record<string, unknown>)[k];
    if (v !== undefined && v !== null) audience[k] = v;
  }
  let target: PushFormValue["target"] = { kind: "none" };
  if (p.shareCoupon) target = { kind: "coupon", id: p.shareCoupon };
  else if (p.shareEvent) target = { kind: "event", id: p.shareEvent };
  else if (p.path?.startsWith(FEATURE_PATH_PREFIX))
    target = { kind: "feature", id: p.path.slice(FEATURE_PATH_PREFIX.length) };
  else if (p.path) target = { kind: "url", url: p.path };
  return {
    message: p.message,
    target,
    sendNow: false,
    scheduleTime: p.scheduleTime,
    recurrence: p.recurrence?.type ?? "Once",
    endMode: p.recurrence?.endsBy ? "endsBy" : "never",
    ...(p.recurrence?.endsBy ? { endsBy: p.recurrence.endsBy } : {}),
    audience: audience as Audience,
    apps: p.apps,
  };
}

/** Form field that a wire path's error belongs to. */
export function formField(wirePath: string): string {
  const path = wirePath.replace(/^\/body(?=\/|$)/, "");
  const [, head, sub] = path.split("/");
  if (head === "path" || head === "shareCoupon" || head === "shareEvent") return "target";
  if (head === "recurrence") return sub === "endsBy" ? "endsBy" : "recurrence";
  if (head && head in AudienceFilters.properties) return `audience.${head}`;
  if (head === "apps") return "apps";
  return head || "";
}

/** Errors by form field (first message of each); `""` collects those no field shows. */
export function errorsByField(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const f = formField(e.path);
    if (!(f in out)) out[f] = e.message;
  }
  return out;
}

export const MESSAGES = {
  past: "Choose a time in the future, or Send now",
  endsBeforeStart: "The end date must be after the first send",
  target: "Choose where the notification leads",
  apps: "Choose at least one app",
} as const;

/** What the composer refuses before sending: the schema's messages and the schedule's own rules. */
export function validateForm(v: PushFormValue, now: number, timeZone: string): Record<string, string> {
  const wire = toWire(v, now, timeZone);
  const { timeZone: _tz, ...body } = wire;
  const out = errorsByField(validate(PushNotification, body));
  if (!v.sendNow && Date.parse(v.scheduleTime) < now - 60_000 && !out.scheduleTime)
    out.scheduleTime = MESSAGES.past;
  if (
    isRepeating({ type: v.recurrence }) &&
    v.endMode === "endsBy" &&
    v.endsBy &&
    Date.parse(v.endsBy) < Date.parse(wire.scheduleTime) &&
    !out.endsBy
  )
    out.endsBy = MESSAGES.endsBeforeStart;
  if (v.target.kind !== "none" && !v.target.id && !v.target.url?.trim() && !out.target)
    out.target = MESSAGES.target;
  if (!v.apps.length) out.apps = MESSAGES.apps;
  return out;
}

/** iOS lock screens show about four lines of a notification's body; longer text ends in an ellipsis. */
export const LOCK_SCREEN_MAX = 178;
export function lockScreenText(message: string): string {
  const m = message.trim().replace(/\s+/g, " ");
  if (m.length <= LOCK_SCREEN_MAX) return m;
  return `${m.slice(0, LOCK_SCREEN_MAX - 1).trimEnd()}…`;
}

/** Sorts View Schedule's list: upcoming first by next send, then sent ones newest first. */
export function scheduleOrder(a: PushRecord, b: PushRecord): number {
  const na = a.nextOccurrences?.[0];
  const nb = b.nextOccurrences?.[0];
  if (na && nb) return Date.parse(na) - Date.parse(nb);
  if (na) return -1;
  if (nb) return 1;
  return Date.parse(b.scheduleTime) - Date.parse(a.scheduleTime);
}

/** antd tag colours by push status (Delivering solid dark green for contrast, like the offers pages). */
export const PUSH_STATUS_COLOR: Record<PushRecord["status"], string> = {
  Planned: "blue",
  Delivering: "#237804",
  Recurring: "purple",
  Sent: "default",
};

/** The summary of a push's counts that the list shows. */
export function countsText(c: PushCounts | undefined): string {
  const k = c ?? { sent: 0, delivered: 0, failed: 0, opened: 0 };
  return `Sent ${k.sent} · Delivered ${k.delivered} · Failed ${k.failed} · Opened ${k.opened}`;
}

/** The local calendar day of an instant, as the calendar keys it. */
export function dayKey(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * The sends of each push between `from` and `to` by local day, recurring ones at every occurrence (computed
 * in the push's time zone, core/recurrence.ts), for View Schedule's month view; each day in time order.
 */
export function pushesOnDay(
  list: PushRecord[],
  from: number,
  to: number,
): Map<string, { push: PushRecord; at: string }[]> {
  const out = new Map<string, { push: PushRecord; at: string }[]>();
  for (const push of list) {
    const times = occurrencesUntil(
      push.scheduleTime,
      push.recurrence ?? null,
      to,
      push.timeZone || undefined,
    );
    for (const t of times) {
      if (t.getTime() < from) continue;
      const key = dayKey(t.getTime());
      const day = out.get(key) ?? [];
      day.push({ push, at: t.toISOString() });
      out.set(key, day);
    }
  }
  for (const day of out.values()) day.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return out;
}
