import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxSms } from "../services/sms.ts";
import { someAddress, testApp, testAppOf, testUser } from "../test-helpers.ts";
import { CODE_LIMITS, type Identifier, sendCode } from "./mobile-auth.ts";

/**
 * The send limits of sign-in codes (CODE_LIMITS: 5 per address per hour over all apps, 60 s apart) at their
 * exact boundaries, across apps, and under concurrent sends. The clock is injected: each test stands where
 * it needs to be, so nothing waits for real time.
 */
let app: FastifyInstance;
const apps: string[] = [];
const HOUR = 3_600_000;
const MIN = CODE_LIMITS.minMsBetweenSends;
const TOO_SOON = "Please wait a minute before asking for another code";
const TOO_MANY = "Too many codes were sent to this address, try again in an hour";

beforeAll(async () => {
  app = await testApp();
  const owner = await testUser(app);
  for (let i = 0; i < 7; i++) apps.push(await testAppOf(app, owner, `Limit Motors ${i}`));
}, 60_000);
afterAll(() => app.close());

/** Each test starts at its own hour, far from the others, with addresses of its own. */
let hour = 0;
const startOfTest = () => Date.parse("2027-03-01T00:00:00Z") + hour++ * 10 * HOUR;
const email = (): Identifier => ({ channel: "email", value: `limits-${randomUUID()}@example.com` });
const phone = (): Identifier => ({
  channel: "phone",
  value: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
});

const send = (id: Identifier, at: number, appId = apps[0]) =>
  sendCode(app.database.db, appId, "Limit Motors", id, {
    mailer: app.mailer,
    sms: outboxSms(app.database.db, app.log),
    now: () => at,
  }).then(
    () => "ok",
    (e: Error) => e.message,
  );

/** Codes stored for an address (each one counts against the limits) and messages that carried one. */
async function sentTo(id: Identifier) {
  const codes = await app.database.execute(
    "select count(*)::int as n from end_user_codes where channel = $1 and identifier = $2",
    [id.channel, id.value],
  );
  const outbox = id.channel === "email" ? "mail_outbox" : "sms_outbox";
  const messages = await app.database.execute(`select count(*)::int as n from ${outbox} where "to" = $1`, [
    id.value,
  ]);
  return { codes: Number(codes.rows[0].n), messages: Number(messages.rows[0].n) };
}

describe("the hourly limit", () => {
  it.each([
    ["an e-mail", email],
    ["a phone", phone],
  ])("refuses a 6th send to %s 1 h - 1 ms after the first, and allows it at 1 h", async (_, make) => {
    const id = make();
    const t0 = startOfTest();
    for (let i = 0; i < CODE_LIMITS.maxSendsPerHour; i++)
      expect(await send(id, t0 + i * MIN), `send ${i + 1}`).toBe("ok");
    expect(await send(id, t0 + HOUR - 1)).toBe(TOO_MANY);
    expect(await send(id, t0 + HOUR)).toBe("ok");
    // The window slides: the second send leaves it exactly when it is an hour old.
    expect(await send(id, t0 + HOUR + MIN - 1)).toBe(TOO_SOON);
    expect(await send(id, t0 + HOUR + MIN)).toBe("ok");
    expect(await sentTo(id)).toEqual({ codes: 7, messages: 7 });
  });

  it("counts every app: five sends through five apps leave none for a sixth app, or for the first", async () => {
    const id = email();
    const t0 = startOfTest();
    for (let i = 0; i < CODE_LIMITS.maxSendsPerHour; i++)
      expect(await send(id, t0 + i * MIN, apps[i]), `send ${i + 1} via app ${i}`).toBe("ok");
    expect(await send(id, t0 + 10 * MIN, apps[5])).toBe(TOO_MANY);
    expect(await send(id, t0 + 10 * MIN, apps[0])).toBe(TOO_MANY);
    expect(await send(id, t0 + HOUR - 1, apps[6])).toBe(TOO_MANY);
    expect(await send(id, t0 + HOUR, apps[6])).toBe("ok");
    expect(await sentTo(id)).toEqual({ codes: 6, messages: 6 });
  });

  it("keeps 60 s between sends across apps too", async () => {
    const id = phone();
    const t0 = startOfTest();
    expect(await send(id, t0, apps[0])).toBe("ok");
    expect(await send(id, t0 + MIN - 1, apps[1])).toBe(TOO_SOON);
    expect(await send(id, t0 + MIN, apps[1])).toBe("ok");
  });

  it("keeps addresses apart: another address is not held back", async () => {
    const a = email();
    const b = email();
    const t0 = startOfTest();
    for (let i = 0; i < CODE_LIMITS.maxSendsPerHour; i++) await send(a, t0 + i * MIN);
    expect(await send(a, t0 + 10 * MIN)).toBe(TOO_MANY);
    expect(await send(b, t0 + 10 * MIN)).toBe("ok");
  });
});

describe("concurrent sends", () => {
  it("to one address at one moment: exactly one code goes out, in one app or across apps", async () => {
    for (const spread of [false, true]) {
      const id = email();
      const t0 = startOfTest();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => send(id, t0, spread ? apps[i % apps.length] : apps[0])),
      );
      expect(
        results.filter((r) => r === "ok"),
        `spread over apps: ${spread}`,
      ).toHaveLength(1);
      expect(results.filter((r) => r !== "ok").every((r) => r === TOO_SOON)).toBe(true);
      expect(await sentTo(id)).toEqual({ codes: 1, messages: 1 });
    }
  });

  it("to one address over ten minutes of clock: never more than five in an hour, never two within 60 s", async () => {
    const id = email();
    const t0 = startOfTest();
    const times = Array.from({ length: 20 }, (_, i) => t0 + Math.floor(i / 2) * MIN);
    const results = await Promise.all(times.map((t, i) => send(id, t, apps[i % apps.length])));
    const ok = results.filter((r) => r === "ok").length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(CODE_LIMITS.maxSendsPerHour);
    expect(await sentTo(id)).toEqual({ codes: ok, messages: ok });
    const { rows } = await app.database.execute(
      "select created_at from end_user_codes where identifier = $1 order by created_at",
      [id.value],
    );
    const at = rows.map((r) => new Date(r.created_at as string).getTime());
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(MIN);
  });

  it("through the API at once: one 200, the rest 429 with the message", async () => {
    const address = `burst-${randomUUID()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/mobile/users/auth/email-confirmation",
          headers: { "x-app": apps[i % apps.length] },
          payload: { email: address },
          remoteAddress: someAddress(),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(429)]);
    for (const a of answers.filter((x) => x.statusCode === 429))
      expect(a.json().error).toMatchObject({ message: TOO_SOON, code: "SendTooSoon" });
    expect(await sentTo({ channel: "email", value: address })).toEqual({ codes: 1, messages: 1 });
  });
});
