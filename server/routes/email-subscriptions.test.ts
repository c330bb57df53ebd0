import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../jobs/index.ts";
import { INSIGHTS_JOB, insightsJob } from "../jobs/insights.ts";
import type { Mail, Mailer } from "../services/mail.ts";
import {
  call,
  grantRole,
  runDueJobs,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";
import { insertOffer } from "../testing/offers.ts";

/** E-mail subscriptions to the weekly insights report, "send one now", and the weekly job. */
let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let service: TestUser;
let associate: TestUser;
let stranger: TestUser;
let appA: string;
let appB: string;

/** Every mail the server sends; an address starting with "down" fails while `smtpDown` is set. */
const outbox: Mail[] = [];
let smtpDown = false;
const mailer: Mailer = {
  kind: "outbox",
  async send(mail) {
    if (smtpDown && mail.to.startsWith("down")) throw new Error("SMTP unavailable");
    outbox.push(mail);
  },
  close() {},
};
const mailsTo = (to: string) => outbox.filter((m) => m.to === to);

const sql = (text: string, params: unknown[] = []) => app.database.execute(text, params);

beforeAll(async () => {
  app = await testApp({ mailer });
  [owner, manager, service, associate, stranger] = await Promise.all([
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
  ]);
  appA = await testAppOf(app, owner, "Insight Motors");
  appB = await testAppOf(app, stranger, "Other Insight Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
}, 120_000);
afterAll(() => app.close());

const url = (appId = appA) => `/api/apps/${appId}/email-subscriptions`;
const put = (payload: object, who: TestUser = owner, appId = appA) =>
  call(app, { method: "PUT", url: url(appId), headers: who.headers, payload });
const list = (who: TestUser = owner, appId = appA) =>
  call(app, { method: "GET", url: url(appId), headers: who.headers });

describe("email-subscriptions", () => {
  it("subscribes an address once (upsert by address, any case) and lists them by address", async () => {
    const first = await put({ email: "Zoe@Dealer.example", insightsReport: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({
      id: expect.any(String),
      email: "zoe@dealer.example",
      insightsReport: true,
      lastSentAt: null,
    });
    const again = await put({ email: "zoe@dealer.example", insightsReport: false }, manager);
    expect(again.body.data).toEqual({ ...first.body.data, insightsReport: false });
    await put({ email: "adam@dealer.example", insightsReport: true });
    expect(
      (await list(manager)).body.data.map((s: { email: string; insightsReport: boolean }) => [
        s.email,
        s.insightsReport,
      ]),
    ).toEqual([
      ["adam@dealer.example", true],
      ["zoe@dealer.example", false],
    ]);
    expect((await list(owner, appA)).body.data).toHaveLength(2);
  });

  it("refuses a bad address on the field", async () => {
    const bad = await put({ email: "not-an-address", insightsReport: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("/email");
    expect((await put({ email: "a@b.example" })).status).toBe(400);
  });

  it("is for Owners and Managers: Service and Associates 403, strangers 404, anonymous 401", async () => {
    for (const who of [service, associate]) {
      const res = await list(who);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("Forbidden");
      expect((await put({ email: "svc@dealer.example", insightsReport: true }, who)).status).toBe(403);
    }
    expect((await list(stranger)).status).toBe(404);
    expect((await call(app, { method: "GET", url: url() })).status).toBe(401);
    // The stranger's own app has its own list.
    expect((await list(stranger, appB)).body.data).toEqual([]);
  });

  it("deletes by id; another app's subscription id answers 404 and stays", async () => {
    const mine = (await put({ email: "gone@dealer.example", insightsReport: true })).body.data.id;
    const theirs = (await put({ email: "theirs@other.example", insightsReport: true }, stranger, appB)).body
      .data.id;
    const del = (id: string, who: TestUser = owner) =>
      call(app, { method: "DELETE", url: `${url()}/${id}`, headers: who.headers });
    expect((await del(mine, service)).status).toBe(403);
    expect(await del(mine, manager)).toMatchObject({ status: 200, body: { data: true } });
    for (const id of [mine, theirs, randomUUID(), "nope"]) {
      const res = await del(id);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({
        code: "EmailSubscriptionNotFound",
        message: "E-mail subscription not found",
      });
    }
    expect((await list(stranger, appB)).body.data.map((s: { id: string }) => s.id)).toEqual([theirs]);
  });
});

describe("POST /apps/{appId}/analytics/insights", () => {
  it("mails the last 7 days' figures to the address now, for Owners and Managers", async () => {
    const user = await testEndUser(app, appA);
    const offerId = await insertOffer(app, { apps: [appA] });
    await sql(
      "insert into redemptions (app_id, offer_id, end_user_id, channel) values ($1, $2, $3, 'widget')",
      [appA, offerId, user.id],
    );
    await sql("insert into leads (app_id, source, name) values ($1, 'form', 'Fresh Lead')", [appA]);
    await sql(
      "insert into analytics_events (id, app_id, name, time) values ($1, $2, 'install', now()), ($3, $2, 'install', now() - interval '8 days')",
      [randomUUID(), appA, randomUUID()],
    );
    const res = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/analytics/insights`,
      headers: manager.headers,
      payload: { email: "Boss@Dealer.example" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ installs: 1, signIns: 1, redemptions: 1, leads: 1, pushesSent: 0 });
    const [mail] = mailsTo("boss@dealer.example");
    expect(mail.subject).toBe("Insight Motors: your weekly insights");
    expect(mail.text).toContain("Installs: 1\nSign-ins: 1\nRedemptions: 1\nLeads: 1\nPushes sent: 0\n");
    expect(mail.html).toContain("<li>Redemptions: 1</li>");
    // Sending now leaves the weekly schedule alone: no subscription is made or marked.
    expect((await list()).body.data.map((s: { email: string }) => s.email)).not.toContain(
      "boss@dealer.example",
    );
  });

  it("refuses Service and Associates (403), strangers (404) and a bad address (400); a mail failure is 502", async () => {
    const send = (who: TestUser, email: string) =>
      call(app, {
        method: "POST",
        url: `/api/apps/${appA}/analytics/insights`,
        headers: who.headers,
        payload: { email },
      });
    expect((await send(service, "x@dealer.example")).status).toBe(403);
    expect((await send(associate, "x@dealer.example")).status).toBe(403);
    expect((await send(stranger, "x@dealer.example")).status).toBe(404);
    const bad = await send(owner, "nobody");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("/email");
    expect(mailsTo("x@dealer.example")).toEqual([]);
    smtpDown = true;
    try {
      const failed = await send(owner, "down@dealer.example");
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatchObject({
        code: "MailFailed",
        message: "The e-mail could not be sent, try again later",
      });
    } finally {
      smtpDown = false;
    }
  });
});

describe("the weekly insights job", () => {
  // Monday 2030-01-07 08:00 UTC: the report covers Monday 2029-12-31 to Sunday 2030-01-06.
  const monday = new Date("2030-01-07T08:00:00Z");
  const week = (n: number) => new Date(monday.getTime() + n * 7 * 86_400_000);
  const run = async (at: Date) => {
    await app.queue.send(INSIGHTS_JOB, {}, { startAfter: at });
    return runDueJobs(app, at);
  };

  it("is registered in the jobs list with a weekly schedule", () => {
    expect(jobs).toContain(insightsJob);
    expect(insightsJob.schedule).toEqual({ cron: "0 8 * * 1", tz: "UTC" });
  });

  it("mails each insights subscription once per week with that week's figures, through the queue", async () => {
    await sql("delete from email_subscriptions");
    const weekly = (await put({ email: "weekly@dealer.example", insightsReport: true })).body.data.id;
    await put({ email: "quiet@dealer.example", insightsReport: false });
    await put({ email: "bravo@other.example", insightsReport: true }, stranger, appB);
    // Two leads in the week reported, one the day after it ends.
    await sql(
      `insert into leads (app_id, source, name, created_at) values
        ($1, 'form', 'In week', '2030-01-01T09:00:00Z'), ($1, 'form', 'Sunday night', '2030-01-06T23:59:00Z'),
        ($1, 'form', 'Next week', '2030-01-07T01:00:00Z')`,
      [appA],
    );
    // A push sent to app A in that week, and one still pending: only the sent one counts.
    const { rows: push } = await sql(
      "insert into push_notifications (owner_app_id, message, schedule_time) values ($1, 'Sale', '2030-01-02T15:00:00Z') returning id",
      [appA],
    );
    await sql("insert into push_notification_apps (push_id, app_id) values ($1, $2)", [push[0].id, appA]);
    await sql(
      `insert into push_occurrences (push_id, at, state) values ($1, '2030-01-02T15:00:00Z', 'done'),
        ($1, '2030-01-05T15:00:00Z', 'pending')`,
      [push[0].id],
    );
    outbox.length = 0;
    expect(await run(monday)).toBe(1);
    expect(outbox.map((m) => m.to).sort()).toEqual(["bravo@other.example", "weekly@dealer.example"]);
    const [mail] = mailsTo("weekly@dealer.example");
    expect(mail.subject).toBe("Insight Motors: your weekly insights");
    expect(mail.text).toBe(
      "Insight Motors from 2029-12-31 to 2030-01-06:\n\nInstalls: 0\nSign-ins: 0\nRedemptions: 0\nLeads: 2\nPushes sent: 1\n",
    );
    const listed = (await list()).body.data.find((s: { id: string }) => s.id === weekly);
    expect(listed.lastSentAt).toBe(monday.toISOString());

    // A second run in the same week (a retry, a second worker) sends nothing.
    outbox.length = 0;
    await run(new Date(monday.getTime() + 3_600_000));
    await run(week(0.5));
    expect(outbox).toEqual([]);

    // The next week's run reports the next week.
    await run(week(1));
    expect(mailsTo("weekly@dealer.example").map((m) => m.text.split("\n")[0])).toEqual([
      "Insight Motors from 2030-01-07 to 2030-01-13:",
    ]);
    expect(mailsTo("weekly@dealer.example")[0].text).toContain("Leads: 1\n");
    expect(mailsTo("quiet@dealer.example")).toEqual([]);

    // A discontinued app's subscribers get no more reports.
    outbox.length = 0;
    await sql("update apps set status = 'Inactive' where id = $1", [appB]);
    try {
      await run(week(1.5));
      await run(week(2.1));
      expect(mailsTo("bravo@other.example")).toEqual([]);
      expect(mailsTo("weekly@dealer.example")).toHaveLength(1);
    } finally {
      await sql("update apps set status = 'Active' where id = $1", [appB]);
    }
  });

  it("gives a failed send back for the retry, which sends only that one", async () => {
    await sql("delete from email_subscriptions");
    await put({ email: "down@dealer.example", insightsReport: true });
    await put({ email: "up@dealer.example", insightsReport: true });
    outbox.length = 0;
    smtpDown = true;
    try {
      await expect(run(week(2))).rejects.toThrow("SMTP unavailable");
    } finally {
      smtpDown = false;
    }
    expect(outbox.map((m) => m.to)).toEqual(["up@dealer.example"]);
    const { rows } = await sql("select email, last_sent_at from email_subscriptions order by email");
    expect(rows.map((r) => [r.email, r.last_sent_at === null])).toEqual([
      ["down@dealer.example", true],
      ["up@dealer.example", false],
    ]);
    await run(new Date(week(2).getTime() + 600_000));
    expect(outbox.map((m) => m.to)).toEqual(["up@dealer.example", "down@dealer.example"]);
  });
});
