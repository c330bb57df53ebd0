import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { apps } from "../db/schema.ts";
import { staffTallyNotifications } from "../db/schema-team.ts";
import { staffTally } from "../ops/staff-members.ts";
import type { Mailer } from "../services/mail.ts";
import type { JobDefinition } from "./types.ts";

export const STAFF_TALLY_JOB = "staff.tally";

/**
 * The period a tally e-mail covers: the last whole week (Monday to Monday, UTC) or the last whole month
 * before `now`.
 */
export function tallyPeriod(frequency: string, now: Date): { from: Date; to: Date } {
  if (frequency === "monthly") {
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 1, 1));
    return { from, to };
  }
  const day = (now.getUTCDay() + 6) % 7; // Monday = 0
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
  return { from: new Date(to.getTime() - 7 * 86_400_000), to };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The tally mail's text: one line per staff member. */
export function tallyText(
  appName: string,
  period: { from: Date; to: Date },
  items: { name: string; customers: number; leads: number; redemptions: number }[],
): string {
  const last = new Date(period.to.getTime() - 86_400_000);
  const lines = items.map(
    (i) => `${i.name}: ${i.customers} customers, ${i.leads} leads, ${i.redemptions} redemptions`,
  );
  return [
    `Staff tally for ${appName}, ${day(period.from)} to ${day(last)}`,
    "",
    ...(lines.length ? lines : ["No staff members yet."]),
  ].join("\n");
}

/**
 * Sends every enabled tally notification whose period has not been sent yet. A row is claimed by moving
 * its last_sent_at in one UPDATE before mailing, so two runs (or a retry) never send one period twice; a
 * failed send gives the claim back so the retry sends it.
 */
export async function sendDueTallies(db: Db, mailer: Mailer, now: Date): Promise<number> {
  const rows = await db
    .select({ n: staffTallyNotifications, appName: sql<string | null>`${apps.definition}->>'name'` })
    .from(staffTallyNotifications)
    .innerJoin(apps, eq(apps.id, staffTallyNotifications.appId))
    .where(eq(staffTallyNotifications.enabled, true));
  let sent = 0;
  for (const { n, appName } of rows) {
    const recipients = (n.recipients as string[] | null) ?? [];
    if (!recipients.length) continue;
    const period = tallyPeriod(n.frequency, now);
    const [claimed] = await db
      .update(staffTallyNotifications)
      .set({ lastSentAt: now })
      .where(
        and(
          eq(staffTallyNotifications.appId, n.appId),
          or(isNull(staffTallyNotifications.lastSentAt), lt(staffTallyNotifications.lastSentAt, period.to)),
        ),
      )
      .returning();
    if (!claimed) continue;
    try {
      const tally = await staffTally(db, n.appId, period.from.toISOString(), period.to.toISOString());
      const text = tallyText(appName ?? "your app", period, tally.items);
      for (const to of recipients)
        await mailer.send({ to, subject: `Staff tally for ${appName ?? "your app"}`, text });
      sent++;
    } catch (e) {
      await db
        .update(staffTallyNotifications)
        .set({ lastSentAt: n.lastSentAt })
        .where(eq(staffTallyNotifications.appId, n.appId));
      throw e;
    }
  }
  return sent;
}

export const staffTallyJob: JobDefinition<Record<string, never>> = {
  name: STAFF_TALLY_JOB,
  handler: async (_data, ctx) => {
    await sendDueTallies(ctx.db, ctx.mailer, ctx.now());
  },
  // Hourly: a period is sent in the first run after it ends, and only once (last_sent_at).
  schedule: { cron: "5 * * * *" },
  retryLimit: 3,
  retryBackoff: true,
};
