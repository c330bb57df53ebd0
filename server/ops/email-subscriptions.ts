import { and, asc, eq, sql } from "drizzle-orm";
import type { EmailSubscription, EmailSubscriptionInput, InsightsFigures } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { emailSubscriptions } from "../db/schema-team.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import type { Mailer } from "../services/mail.ts";
import { mailTexts } from "../services/mail-texts.ts";
import { normalizeEmail } from "./accounts.ts";
import { appForCaller, UUID } from "./apps.ts";

type SubscriptionRow = typeof emailSubscriptions.$inferSelect;

const view = (r: SubscriptionRow): EmailSubscription => ({
  id: r.id,
  email: r.email,
  insightsReport: r.insightsReport,
  lastSentAt: r.lastSentAt ? r.lastSentAt.toISOString() : null,
});

/** The addresses subscribed to the app's mails (emailSubscriptions.manage), by address. */
export async function listEmailSubscriptions(
  db: Db,
  caller: Caller,
  appId: string,
): Promise<EmailSubscription[]> {
  await appForCaller(db, caller, appId, "emailSubscriptions.manage");
  const rows = await db
    .select()
    .from(emailSubscriptions)
    .where(eq(emailSubscriptions.appId, appId))
    .orderBy(asc(emailSubscriptions.email));
  return rows.map(view);
}

/** Subscribes an address, or changes its insights flag when it is subscribed already (one row per address). */
export async function putEmailSubscription(
  db: Db,
  caller: Caller,
  appId: string,
  input: EmailSubscriptionInput,
): Promise<EmailSubscription> {
  await appForCaller(db, caller, appId, "emailSubscriptions.manage");
  const email = normalizeEmail(input.email);
  const [row] = await db
    .insert(emailSubscriptions)
    .values({ appId, email, insightsReport: input.insightsReport, createdBy: caller.id })
    .onConflictDoUpdate({
      target: [emailSubscriptions.appId, emailSubscriptions.email],
      set: { insightsReport: input.insightsReport },
    })
    .returning();
  return view(row);
}

export async function deleteEmailSubscription(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
): Promise<void> {
  await appForCaller(db, caller, appId, "emailSubscriptions.manage");
  if (!UUID.test(id)) throw new ApiError("EmailSubscriptionNotFound");
  const gone = await db
    .delete(emailSubscriptions)
    .where(and(eq(emailSubscriptions.id, id), eq(emailSubscriptions.appId, appId)))
    .returning({ id: emailSubscriptions.id });
  if (!gone.length) throw new ApiError("EmailSubscriptionNotFound");
}

const DAY = 86_400_000;

/** The week an insights report covers: the 7 days before the Monday (00:00 UTC) at or before `now`. */
export function insightsWeek(now: Date): { from: Date; to: Date } {
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceMonday));
  return { from: new Date(to.getTime() - 7 * DAY), to };
}

/**
 * The app's figures in [from, to): installs (the widget's install signals), sign-ins (end-user sessions
 * opened), redemptions, leads, and pushes sent (occurrences of pushes for this app that went out).
 */
export async function insightsFigures(db: Db, appId: string, from: Date, to: Date): Promise<InsightsFigures> {
  const f = from.toISOString();
  const t = to.toISOString();
  const result = await db.execute(sql`select
      (select count(*) from analytics_events e
        where e.app_id = ${appId} and e.name = 'install' and e.time >= ${f} and e.time < ${t})::int as installs,
      (select count(*) from end_user_sessions s join end_users u on u.id = s.end_user_id
        where u.app_id = ${appId} and s.created_at >= ${f} and s.created_at < ${t})::int as sign_ins,
      (select count(*) from redemptions r
        where r.app_id = ${appId} and r.created_at >= ${f} and r.created_at < ${t})::int as redemptions,
      (select count(*) from leads l
        where l.app_id = ${appId} and l.created_at >= ${f} and l.created_at < ${t})::int as leads,
      (select count(*) from push_occurrences o join push_notification_apps a on a.push_id = o.push_id
        where a.app_id = ${appId} and o.state <> 'pending' and o.at >= ${f} and o.at < ${t})::int as pushes`);
  const [r] = (result as unknown as { rows: Record<string, number>[] }).rows;
  return {
    from: f,
    to: t,
    installs: Number(r.installs),
    signIns: Number(r.sign_ins),
    redemptions: Number(r.redemptions),
    leads: Number(r.leads),
    pushesSent: Number(r.pushes),
  };
}

const appNameOf = async (db: Db, appId: string): Promise<string> => {
  const result = await db.execute(sql`select definition->>'name' as name from apps where id = ${appId}`);
  return (
    ((result as unknown as { rows: { name: string | null }[] }).rows[0]?.name ?? "").trim() || "your app"
  );
};

/** Mails the report of [from, to) to one address. */
export async function mailInsights(
  db: Db,
  mailer: Mailer,
  appId: string,
  to: string,
  period: { from: Date; to: Date },
): Promise<InsightsFigures> {
  const figures = await insightsFigures(db, appId, period.from, period.to);
  await mailer.send(mailTexts.insights(to, await appNameOf(db, appId), figures));
  return figures;
}

/**
 * The weekly run: every insights subscription of every app (not discontinued) whose report for the week
 * before `now` has not gone out. Each (app, address, week) is claimed by moving last_sent_at in one UPDATE before mailing, so a
 * second run or a retried job sends nothing twice; a failed send gives the claim back for the retry.
 */
export async function sendWeeklyInsights(db: Db, mailer: Mailer, now: Date): Promise<number> {
  const week = insightsWeek(now);
  const due = await db
    .select()
    .from(emailSubscriptions)
    .where(
      and(
        eq(emailSubscriptions.insightsReport, true),
        sql`(${emailSubscriptions.lastSentAt} is null or ${emailSubscriptions.lastSentAt} < ${week.to.toISOString()})`,
        // A discontinued app's team gets no more reports.
        sql`exists (select 1 from apps a where a.id = ${emailSubscriptions.appId} and a.status <> 'Inactive')`,
      ),
    );
  let sent = 0;
  let failure: unknown;
  for (const s of due) {
    const [claimed] = await db
      .update(emailSubscriptions)
      .set({ lastSentAt: now })
      .where(
        and(
          eq(emailSubscriptions.id, s.id),
          eq(emailSubscriptions.insightsReport, true),
          sql`(${emailSubscriptions.lastSentAt} is null or ${emailSubscriptions.lastSentAt} < ${week.to.toISOString()})`,
        ),
      )
      .returning({ id: emailSubscriptions.id });
    if (!claimed) continue;
    try {
      await mailInsights(db, mailer, s.appId, s.email, week);
      sent++;
    } catch (e) {
      await db
        .update(emailSubscriptions)
        .set({ lastSentAt: s.lastSentAt })
        .where(eq(emailSubscriptions.id, s.id));
      failure ??= e;
    }
  }
  if (failure) throw failure;
  return sent;
}

/**
 * POST analytics/insights {email} (analytics.read): the report of the last 7 days up to now, to this address
 * (the console's "send one now"; it leaves the weekly schedule alone).
 */
export async function sendInsightsNow(
  db: Db,
  mailer: Mailer,
  caller: Caller,
  appId: string,
  email: string,
  now = new Date(),
): Promise<InsightsFigures> {
  await appForCaller(db, caller, appId, "analytics.read");
  try {
    return await mailInsights(db, mailer, appId, normalizeEmail(email), {
      from: new Date(now.getTime() - 7 * DAY),
      to: now,
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError("MailFailed");
  }
}
