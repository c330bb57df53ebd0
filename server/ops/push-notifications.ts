import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { canEditScheduledPush } from "../../core/push.ts";
import { nextOccurrence } from "../../core/recurrence.ts";
import { isRepeating, statusFromDates } from "../../core/status.ts";
import type { Audience } from "../../schemas/audience.ts";
import type {
  AudienceChoices,
  AudienceCountInput,
  PushCounts,
  PushListQuery,
  PushNotification,
  PushNotificationView,
  PushOccurrenceView,
  PushStatus,
} from "../../schemas/push.ts";
import type { RecurrenceType } from "../../schemas/recurrence.ts";
import type { Db } from "../db/connect.ts";
import { pushNotificationApps, pushNotifications, pushOccurrences } from "../db/schema-push.ts";
import { ApiError } from "../errors.ts";
import type { JobQueue } from "../jobs/types.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID, visibleAppIds } from "./apps.ts";
import { audienceChoices, audienceWhere, checkAudienceValues, countAudience } from "./push-audience.ts";

type PushRow = typeof pushNotifications.$inferSelect;

/** A send time this far in the past still means "now" (the composer's clock and the request take time). */
export const NOW_TOLERANCE_MS = 60_000;

const AUDIENCE_KEYS = [
  "authenticated",
  "term",
  "make",
  "model",
  "engineType",
  "unit",
  "vinFrom",
  "vinTo",
  "yearFrom",
  "yearTo",
  "groups",
  "locations",
  "membership",
  "userIds",
] as const satisfies readonly (keyof Audience)[];

/** The audience filters of a push body, as stored in push_notifications.audience. */
export function audienceOf(input: Partial<Record<(typeof AUDIENCE_KEYS)[number], unknown>>): Audience {
  const out: Record<string, unknown> = {};
  for (const k of AUDIENCE_KEYS) if (input[k] !== undefined) out[k] = input[k];
  return out as Audience;
}

/** Whether a text names a time zone this runtime knows (IANA names, "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a push's wall time recurs in: the body's IANA `timeZone`, else the console's
 * x-user-timezone-offset header (minutes behind UTC, as Date#getTimezoneOffset gives them) as a fixed
 * Etc/GMT zone; an offset that is no whole hour, or no header, is UTC. A fixed offset knows no DST.
 */
export function pushTimeZone(timeZone: string | undefined, offsetHeader: string | undefined): string {
  if (timeZone !== undefined) {
    if (!isTimeZone(timeZone)) throw new ApiError("TimeZoneInvalid");
    return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  }
  const minutes = Number(offsetHeader);
  if (offsetHeader === undefined || !Number.isInteger(minutes) || minutes % 60 !== 0) return "UTC";
  const hours = minutes / 60;
  if (hours === 0 || Math.abs(hours) > 14) return "UTC";
  return `Etc/GMT${hours > 0 ? "+" : "-"}${Math.abs(hours)}`;
}

const ruleOf = (p: PushRow) => ({ type: p.recurrenceType as RecurrenceType, endsBy: p.recurrenceEndsBy });

/** The next sends from `nextAt` on, at most `n`. */
function upcoming(p: PushRow, n: number): Date[] {
  const out: Date[] = [];
  let t = p.nextAt;
  while (t && out.length < n) {
    out.push(t);
    t = nextOccurrence(p.scheduleTime, ruleOf(p), t, p.timeZone);
  }
  return out;
}

const zero = (): PushCounts => ({ targeted: 0, sent: 0, delivered: 0, failed: 0, expired: 0, opened: 0 });

/**
 * A push's status (spec §4 via core/status.ts) from its dates, except that a push whose time has passed is
 * still Delivering while the sender has not finished it (its occurrence is not claimed yet or not done).
 */
export function pushStatus(p: PushRow, unfinished: boolean, now: Date): PushStatus {
  const status = statusFromDates(
    {
      from: p.scheduleTime,
      recurrence: { type: p.recurrenceType as RecurrenceType, endsBy: p.recurrenceEndsBy },
    },
    now,
    "push",
  );
  if (status === "Sent" && (unfinished || (p.nextAt && !isRepeating(ruleOf(p))))) return "Delivering";
  return status as PushStatus;
}

/** Shapes rows for the console: target apps the caller sees, status, next sends and counts now. */
async function views(
  db: Db,
  caller: Caller,
  rows: PushRow[],
  now = new Date(),
): Promise<PushNotificationView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const visible = await visibleAppIds(db, caller);
  const links = await db
    .select()
    .from(pushNotificationApps)
    .where(inArray(pushNotificationApps.pushId, ids))
    .orderBy(asc(pushNotificationApps.appId));
  const sums = await db
    .select({
      pushId: pushOccurrences.pushId,
      targeted: sql<number>`sum(${pushOccurrences.targeted})::int`,
      sent: sql<number>`sum(${pushOccurrences.sent})::int`,
      delivered: sql<number>`sum(${pushOccurrences.delivered})::int`,
      failed: sql<number>`sum(${pushOccurrences.failed})::int`,
      expired: sql<number>`sum(${pushOccurrences.expired})::int`,
      opened: sql<number>`sum(${pushOccurrences.opened})::int`,
      unfinished: sql<number>`count(*) filter (where ${pushOccurrences.state} <> 'done')::int`,
    })
    .from(pushOccurrences)
    .where(inArray(pushOccurrences.pushId, ids))
    .groupBy(pushOccurrences.pushId);
  const sumOf = new Map(sums.map((s) => [s.pushId, s]));
  return rows.map((p) => {
    const s = sumOf.get(p.id);
    const audience = (p.audience ?? {}) as Audience;
    const next = upcoming(p, 5);
    const repeating = isRepeating(ruleOf(p));
    return {
      id: p.id,
      apps: links.filter((l) => l.pushId === p.id && (!visible || visible.has(l.appId))).map((l) => l.appId),
      message: p.message,
      ...(p.path ? { path: p.path } : {}),
      scheduleTime: p.scheduleTime.toISOString(),
      recurrence: {
        type: p.recurrenceType as RecurrenceType,
        ...(p.recurrenceEndsBy && repeating ? { endsBy: p.recurrenceEndsBy.toISOString() } : {}),
      },
      ...audience,
      ...(p.shareCoupon ? { shareCoupon: p.shareCoupon } : {}),
      ...(p.shareEvent ? { shareEvent: p.shareEvent } : {}),
      timeZone: p.timeZone,
      status: pushStatus(p, Number(s?.unfinished ?? 0) > 0, now),
      editable: next.length > 0 && canEditScheduledPush(next[0], now),
      nextOccurrences: next.map((d) => d.toISOString()),
      counts: s
        ? {
            targeted: Number(s.targeted),
            sent: Number(s.sent),
            delivered: Number(s.delivered),
            failed: Number(s.failed),
            expired: Number(s.expired),
            opened: Number(s.opened),
          }
        : zero(),
      source: p.source as PushNotificationView["source"],
      ownerAppId: p.ownerAppId,
      createdAt: p.createdAt.toISOString(),
    };
  });
}

/** The pushes an app composed or that target it. */
const ofApp = (appId: string) =>
  or(
    eq(pushNotifications.ownerAppId, appId),
    sql`exists (select 1 from push_notification_apps pa where pa.push_id = ${pushNotifications.id} and pa.app_id = ${appId})`,
  );

/**
 * GET /apps/{appId}/push-notifications: this app's pushes, newest send first. `platform`/`token` keep the
 * pushes whose audience takes a subscription of this app with that platform or token; `from`/`to` keep the
 * pushes with a send (made or to come) in that window; `status` keeps one status.
 */
export async function listPushes(
  db: Db,
  caller: Caller,
  appId: string,
  query: PushListQuery,
): Promise<PushNotificationView[]> {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.read");
  let rows = await db
    .select()
    .from(pushNotifications)
    .where(and(ofApp(app.id), query.to ? sql`${pushNotifications.scheduleTime} <= ${query.to}` : undefined))
    .orderBy(desc(pushNotifications.scheduleTime), asc(pushNotifications.id));
  if (query.from) {
    const from = new Date(query.from).getTime();
    const to = query.to ? new Date(query.to).getTime() : Number.POSITIVE_INFINITY;
    rows = rows.filter((p) => {
      if (p.scheduleTime.getTime() >= from) return true;
      const next = nextOccurrence(p.scheduleTime, ruleOf(p), from - 1, p.timeZone);
      return next !== null && next.getTime() <= to;
    });
  }
  if (query.platform || query.token) {
    const kept: PushRow[] = [];
    for (const p of rows) {
      const targets = (
        await db
          .select({ appId: pushNotificationApps.appId })
          .from(pushNotificationApps)
          .where(eq(pushNotificationApps.pushId, p.id))
      ).map((l) => l.appId);
      if (!targets.includes(app.id)) continue;
      const hit = await db.execute(
        sql`select 1 from push_subscriptions s where ${audienceWhere([app.id], p.audience as Audience)}
          ${query.platform ? sql`and s.platform = ${query.platform}` : sql``}
          ${query.token ? sql`and s.token = ${query.token}` : sql``} limit 1`,
      );
      if ((hit as unknown as { rows: unknown[] }).rows.length) kept.push(p);
    }
    rows = kept;
  }
  const out = await views(db, caller, rows);
  return query.status ? out.filter((p) => p.status === query.status) : out;
}

/** The push of this id composed in or targeting this app, else 404 PushNotFound. */
async function linkedPush(db: Db, appId: string, pushId: string): Promise<PushRow> {
  if (!UUID.test(pushId)) throw new ApiError("PushNotFound");
  const [row] = await db
    .select()
    .from(pushNotifications)
    .where(and(eq(pushNotifications.id, pushId.toLowerCase()), ofApp(appId)));
  if (!row) throw new ApiError("PushNotFound");
  return row;
}

export async function getPush(
  db: Db,
  caller: Caller,
  appId: string,
  pushId: string,
): Promise<PushNotificationView> {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.read");
  const [view] = await views(db, caller, [await linkedPush(db, app.id, pushId)]);
  return view;
}

/**
 * The target apps: each must be one where the caller may send pushes (spec §6). A stranger to one of them
 * gets 403 as well (not 404): the request is refused either way.
 */
async function checkSendableApps(db: Db, caller: Caller, appIds: string[]) {
  for (const id of appIds) {
    try {
      await appForCaller(db, caller, id, "pushes.send");
    } catch (e) {
      if (e instanceof ApiError && e.code === "AppNotFound") throw new ApiError("Forbidden");
      throw e;
    }
  }
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

export interface PushContext {
  /** The x-user-timezone-offset header. */
  offsetHeader?: string;
  /** The job queue, when the server has one: a push due now is handed to the scheduler at once. */
  queue?: JobQueue;
  /** Where a failed enqueue is reported. */
  log?: (error: unknown) => void;
  now?: Date;
}

/** Where the composer was opened from, by what the push shares. */
function sourceOf(input: PushNotification): PushNotificationView["source"] {
  if (input.shareCoupon) return "coupon";
  if (input.shareEvent) return "event";
  if (input.userIds?.length) return "users";
  return "composer";
}

/**
 * The columns of a push body and its first send (next_at). A send time more than a minute in the past is
 * refused (within a minute it means "now"); an 'Ends by' before the first send is refused too. `lastSent`
 * is the newest occurrence already made (on update): next_at is the first send after it and after now.
 */
function scheduleOf(
  input: PushNotification,
  ctx: PushContext,
  lastSent: Date | null,
  unchangedStart: boolean,
) {
  const now = ctx.now ?? new Date();
  const timeZone = pushTimeZone(input.timeZone, ctx.offsetHeader);
  const start = new Date(input.scheduleTime);
  const type: RecurrenceType = input.recurrence?.type ?? "Once";
  const endsBy = input.recurrence?.endsBy && isRepeating({ type }) ? new Date(input.recurrence.endsBy) : null;
  const rule = { type, endsBy };
  const late = start.getTime() < now.getTime() - NOW_TOLERANCE_MS;
  if (late && !unchangedStart) throw new ApiError("PushScheduleInPast");
  if (endsBy && endsBy.getTime() < start.getTime())
    throw new ApiError("InvalidValue", "'Ends by' must not be before the send time", {
      fields: { "recurrence.endsBy": "'Ends by' must not be before the send time" },
    });
  let nextAt: Date | null;
  if (!late && !lastSent) nextAt = nextOccurrence(start, rule, start.getTime() - 1, timeZone);
  else {
    const after = Math.max(lastSent?.getTime() ?? Number.NEGATIVE_INFINITY, now.getTime() - 1);
    nextAt = nextOccurrence(start, rule, after, timeZone);
  }
  return {
    columns: {
      message: input.message,
      path: input.path || null,
      scheduleTime: start,
      timeZone,
      recurrenceType: type,
      recurrenceEndsBy: endsBy,
      audience: audienceOf(input),
      shareCoupon: input.shareCoupon ?? null,
      shareEvent: input.shareEvent ?? null,
      source: sourceOf(input),
      nextAt,
    },
    due: nextAt !== null && nextAt.getTime() <= now.getTime(),
  };
}

/**
 * Hands a push due now to the scheduler (when the server runs a queue) and answers the push as it is after
 * that (a queue that runs jobs at once may have claimed it already). A failure to enqueue does not undo the
 * push: next_at is stored, and the scheduler's every-minute run claims it.
 */
async function kick(db: Db, ctx: PushContext, push: PushRow): Promise<PushRow> {
  if (!ctx.queue) return push;
  try {
    await ctx.queue.send("push.schedule", {}, { singletonKey: `push.schedule:${push.id}` });
  } catch (e) {
    ctx.log?.(e);
  }
  const [now] = await db.select().from(pushNotifications).where(eq(pushNotifications.id, push.id));
  return now ?? push;
}

/** POST /apps/{appId}/push-notifications: a new push composed in this app, to the apps it names. */
export async function createPush(
  db: Db,
  caller: Caller,
  appId: string,
  input: PushNotification,
  ctx: PushContext = {},
): Promise<PushNotificationView> {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.send");
  const targets = unique(input.apps);
  await checkSendableApps(
    db,
    caller,
    targets.filter((id) => id !== app.id),
  );
  await checkAudienceValues(db, targets, audienceOf(input));
  const { columns, due } = scheduleOf(input, ctx, null, false);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushNotifications)
      .values({ ownerAppId: app.id, createdBy: caller.id, ...columns })
      .returning();
    await tx.insert(pushNotificationApps).values(targets.map((a) => ({ pushId: row.id, appId: a })));
    return row;
  });
  const [view] = await views(db, caller, [due ? await kick(db, ctx, created) : created], ctx.now);
  return view;
}

/** The 10-minute rule (spec §5): the next send must be 10+ minutes ahead, else 409 with the spec's words. */
function checkEditable(p: PushRow, now: Date) {
  const [next] = upcoming(p, 1);
  if (!next || !canEditScheduledPush(next, now)) throw new ApiError("PushEditWindow");
}

/**
 * PUT /apps/{appId}/push-notifications/{pushId}: replaces the push's fields and target apps (all of which
 * the caller may send to), refused less than 10 minutes before its next send.
 */
export async function updatePush(
  db: Db,
  caller: Caller,
  appId: string,
  pushId: string,
  input: PushNotification,
  ctx: PushContext = {},
): Promise<PushNotificationView> {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.send");
  const push = await linkedPush(db, app.id, pushId);
  const now = ctx.now ?? new Date();
  checkEditable(push, now);
  const targets = unique(input.apps);
  await checkSendableApps(
    db,
    caller,
    targets.filter((id) => id !== app.id),
  );
  await checkAudienceValues(db, targets, audienceOf(input));
  const [last] = await db
    .select({ at: pushOccurrences.at })
    .from(pushOccurrences)
    .where(eq(pushOccurrences.pushId, push.id))
    .orderBy(desc(pushOccurrences.at))
    .limit(1);
  const unchangedStart = new Date(input.scheduleTime).getTime() === push.scheduleTime.getTime();
  const { columns, due } = scheduleOf(input, { ...ctx, now }, last?.at ?? null, unchangedStart);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pushNotifications)
      .set({ ...columns, updatedAt: now })
      .where(eq(pushNotifications.id, push.id))
      .returning();
    await tx.delete(pushNotificationApps).where(eq(pushNotificationApps.pushId, push.id));
    await tx.insert(pushNotificationApps).values(targets.map((a) => ({ pushId: push.id, appId: a })));
    return row;
  });
  const [view] = await views(db, caller, [due ? await kick(db, ctx, updated) : updated], now);
  return view;
}

/** DELETE /apps/{appId}/push-notifications/{pushId}: refused less than 10 minutes before its next send. */
export async function deletePush(db: Db, caller: Caller, appId: string, pushId: string, now = new Date()) {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.send");
  const push = await linkedPush(db, app.id, pushId);
  checkEditable(push, now);
  await db.delete(pushNotifications).where(eq(pushNotifications.id, push.id));
}

/**
 * POST /apps/{appId}/push-notifications/audience-count: how many subscriptions, users and real Web Push
 * subscriptions the audience takes in the target apps (the path's app by default); every target app must be
 * one where the caller may send pushes.
 */
export async function audienceCount(db: Db, caller: Caller, appId: string, input: AudienceCountInput) {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.send");
  const targets = input.apps?.length ? unique(input.apps) : [app.id];
  await checkSendableApps(
    db,
    caller,
    targets.filter((id) => id !== app.id),
  );
  await checkAudienceValues(db, targets, audienceOf(input));
  return countAudience(db, targets, audienceOf(input));
}

/**
 * GET /apps/{appId}/push-notifications/audience-choices?apps=a,b: the engine types, multi-app groups and
 * locations the audience filters can take for the target apps (the path's app by default), each of which
 * must be one where the caller may send pushes.
 */
export async function audienceChoicesFor(
  db: Db,
  caller: Caller,
  appId: string,
  apps: string | undefined,
): Promise<AudienceChoices> {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.send");
  const named = (apps ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const targets = named.length ? unique(named) : [app.id];
  await checkSendableApps(
    db,
    caller,
    targets.filter((id) => id !== app.id),
  );
  return audienceChoices(db, targets);
}

/** GET /apps/{appId}/push-notifications/{pushId}/occurrences: its sends, newest first, with their counts. */
export async function pushOccurrenceList(
  db: Db,
  caller: Caller,
  appId: string,
  pushId: string,
): Promise<PushOccurrenceView[]> {
  const { row: app } = await appForCaller(db, caller, appId, "pushes.read");
  const push = await linkedPush(db, app.id, pushId);
  const rows = await db
    .select()
    .from(pushOccurrences)
    .where(eq(pushOccurrences.pushId, push.id))
    .orderBy(desc(pushOccurrences.at));
  return rows.map((o) => ({
    id: o.id,
    at: o.at.toISOString(),
    state: o.state,
    counts: {
      targeted: o.targeted,
      sent: o.sent,
      delivered: o.delivered,
      failed: o.failed,
      expired: o.expired,
      opened: o.opened,
    },
  }));
}
