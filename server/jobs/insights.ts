import { sendWeeklyInsights } from "../ops/email-subscriptions.ts";
import type { JobDefinition } from "./types.ts";

export const INSIGHTS_JOB = "insights.weekly";

/**
 * The weekly insights report (issue 14): Mondays at 08:00 UTC, each address subscribed to an app's insights
 * gets the app's figures of the week before (installs, sign-ins, redemptions, leads, pushes sent). Idempotent
 * per (app, address, week) through email_subscriptions.last_sent_at, so a retry or a second worker sends
 * nothing twice.
 */
export const insightsJob: JobDefinition<Record<string, never>> = {
  name: INSIGHTS_JOB,
  schedule: { cron: "0 8 * * 1", tz: "UTC" },
  retryLimit: 3,
  retryBackoff: true,
  async handler(_data, ctx) {
    const sent = await sendWeeklyInsights(ctx.db, ctx.mailer, ctx.now());
    if (sent) ctx.log.info({ sent }, "insights reports sent");
  },
};
