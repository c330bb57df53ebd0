import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.ts";
import { smsOutbox } from "../db/schema-mobile.ts";
import { outboxSms } from "../services/sms.ts";
import { testApp, testAppOf, testUser } from "../test-helpers.ts";
import {
  CODE_APP_NAME_MAX,
  CODE_LIMITS,
  codeTexts,
  type Identifier,
  inertAppName,
  sendCode,
  signInWithCode,
} from "./mobile-auth.ts";

// The limits of issue 6, each tested on both sides of its boundary with a clock the test moves.
let app: FastifyInstance;
let appId: string;
let clock = Date.parse("2026-01-01T00:00:00Z");
const now = () => clock;
const MIN = 60_000;

beforeAll(async () => {
  app = await testApp();
  appId = await testAppOf(app, await testUser(app), "Limit Motors");
});
afterAll(() => app.close());

const deps = () => ({
  mailer: app.mailer,
  sms: outboxSms(app.database.db, app.log),
  limits: app.limits,
  now,
});
const newEmail = (): Identifier => ({ channel: "email", value: `limit-${randomUUID()}@example.com` });

async function lastCode(id: Identifier): Promise<string> {
  const db = app.database.db;
  const text =
    id.channel === "email"
      ? (
          await db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.to, id.value))
            .orderBy(desc(mailOutbox.createdAt))
        )[0]?.text
      : (
          await db
            .select()
            .from(smsOutbox)
            .where(eq(smsOutbox.to, id.value))
            .orderBy(desc(smsOutbox.createdAt))
        )[0]?.text;
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${id.value}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const send = (id: Identifier) => sendCode(app.database.db, appId, "Limit Motors", id, deps());
const signIn = (id: Identifier, code: string, userId = randomUUID()) =>
  signInWithCode(app.database.db, appId, id, code, userId, now);
const messageOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: Error) => e.message,
  );

describe("sign-in codes", () => {
  it("are 6 digits, sent by e-mail and by SMS outbox, and open a session", async () => {
    const id = newEmail();
    await send(id);
    const code = await lastCode(id);
    expect(code).toMatch(/^\d{6}$/);
    const signed = await signIn(id, code);
    expect(signed.token.length).toBeGreaterThan(20);
    expect(signed.profile).toMatchObject({ email: id.value, emailVerified: true });

    const phone: Identifier = { channel: "phone", value: `+1555${String(Date.now()).slice(-7)}` };
    await send(phone);
    expect((await signIn(phone, await lastCode(phone))).profile).toMatchObject({ phoneVerified: true });
  });

  it("are stored hashed", async () => {
    const id = newEmail();
    await send(id);
    const code = await lastCode(id);
    const { rows } = await app.database.execute(
      "select code_hash from end_user_codes where identifier = $1",
      [id.value],
    );
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
  });

  it("accept the 5th try after four wrong ones", async () => {
    const id = newEmail();
    await send(id);
    const code = await lastCode(id);
    for (let i = 0; i < 4; i++)
      expect(await messageOf(signIn(id, wrong(code)))).toBe("The code must be invalid :(");
    expect(await messageOf(signIn(id, code))).toBe("ok");
  });

  it("count the 5th wrong try and refuse the 6th try even with the right code", async () => {
    const id = newEmail();
    await send(id);
    const code = await lastCode(id);
    for (let i = 0; i < 5; i++)
      expect(await messageOf(signIn(id, wrong(code)))).toBe("The code must be invalid :(");
    expect(await messageOf(signIn(id, code))).toBe("Code is invalid");
  });

  it("are single use", async () => {
    const id = newEmail();
    await send(id);
    const code = await lastCode(id);
    expect(await messageOf(signIn(id, code))).toBe("ok");
    expect(await messageOf(signIn(id, code))).toBe("Code is invalid");
  });

  it("work until just before 10 minutes and not at 10 minutes", async () => {
    const a = newEmail();
    await send(a);
    const codeA = await lastCode(a);
    clock += CODE_LIMITS.ttlMs - 1;
    expect(await messageOf(signIn(a, codeA))).toBe("ok");

    const b = newEmail();
    await send(b);
    const codeB = await lastCode(b);
    clock += CODE_LIMITS.ttlMs;
    expect(await messageOf(signIn(b, codeB))).toBe("Code is invalid");
  });

  it("leave only the latest one valid", async () => {
    const id = newEmail();
    await send(id);
    const first = await lastCode(id);
    clock += MIN;
    await send(id);
    const second = await lastCode(id);
    if (first !== second) expect(await messageOf(signIn(id, first))).toBe("The code must be invalid :(");
    expect(await messageOf(signIn(id, second))).toBe("ok");
  });

  it("are sent at most every 60 s", async () => {
    const id = newEmail();
    await send(id);
    clock += MIN - 1;
    expect(await messageOf(send(id))).toBe("Please wait a minute before asking for another code");
    clock += 1;
    expect(await messageOf(send(id))).toBe("ok");
  });

  it("allow the 5th send in an hour and refuse the 6th until the first is an hour old", async () => {
    const id = newEmail();
    const first = clock;
    for (let i = 1; i <= 5; i++) {
      expect(await messageOf(send(id)), `send ${i}`).toBe("ok");
      clock += MIN;
    }
    expect(await messageOf(send(id))).toBe("Too many codes were sent to this address, try again in an hour");
    clock = first + 3_600_000;
    expect(await messageOf(send(id))).toBe("ok");
  });

  it("keep the same address in two apps as two users (nothing crosses apps)", async () => {
    const id = newEmail();
    const otherAppId = await testAppOf(app, await testUser(app), "Other Motors");
    await send(id);
    const inA = await signIn(id, await lastCode(id));
    clock += MIN;
    await sendCode(app.database.db, otherAppId, "Other Motors", id, deps());
    const inB = await signInWithCode(app.database.db, otherAppId, id, await lastCode(id), inA.userId, now);
    expect(inB.userId).not.toBe(inA.userId);
  });

  it("sign a known address in as its existing user on a new device", async () => {
    const id = newEmail();
    await send(id);
    const first = await signIn(id, await lastCode(id));
    clock += MIN;
    await send(id);
    const second = await signIn(id, await lastCode(id), randomUUID());
    expect(second.userId).toBe(first.userId);
  });
});

describe("the app name in a code message", () => {
  it.each([
    ["a plain name", "Demo Motors", "Demo Motors"],
    ["links", "Visit https://evil.example/login now", "Visit evil example login now"],
    ["a bare domain and www", "www.bank-secure.com Support", "bank-secure com Support"],
    ["control and direction characters", "Bank\u0000\u202e\u2066Alerts\r\nReply", "Bank Alerts Reply"],
    ["quotes that would end the quoting", 'Bank" “Support”', "Bank Support"],
    ["full-width dots and letters", "ｅｖｉｌ．ｃｏｍ", "evil com"],
    ["mail-looking text", "help@bank.example", "help bank example"],
    ["nothing left", "\u202e\u0000 //", ""],
  ])("%s", (_, name, inert) => {
    expect(inertAppName(name)).toBe(inert);
  });

  it(`is cut to ${CODE_APP_NAME_MAX} characters with an ellipsis`, () => {
    const inert = inertAppName("Springfield Chevrolet Buick GMC Cadillac of Greater Springfield");
    expect([...inert]).toHaveLength(CODE_APP_NAME_MAX);
    expect(inert.endsWith("…")).toBe(true);
  });

  it("stands in quotes after the words that say what the message is", () => {
    expect(codeTexts("Demo Motors", "123456")).toEqual({
      subject: "Your sign-in code: 123456 (for “Demo Motors”)",
      text: "Your sign-in code for “Demo Motors” is 123456. It expires in 10 minutes. If you did not ask for it, ignore this message.",
    });
    expect(codeTexts("", "123456").subject).toBe("Your sign-in code: 123456");
  });
});
