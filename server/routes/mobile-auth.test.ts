import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.ts";
import { smsOutbox } from "../db/schema-mobile.ts";
import { appCodeBudgetKey, CODE_LIMITS } from "../ops/mobile-auth.ts";
import { call, someAddress, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let appId: string;
let otherAppId: string;

beforeAll(async () => {
  app = await testApp();
  const owner = await testUser(app);
  appId = await testAppOf(app, owner, "Widget Motors");
  otherAppId = await testAppOf(app, owner, "Other Motors");
});
afterAll(() => app.close());

const mobile = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  token?: string,
  app_ = appId,
) =>
  call(app, {
    method,
    url: `/api${url}`,
    payload: payload as object,
    remoteAddress: someAddress(),
    headers: { "x-app": app_, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

async function mailedCode(email: string) {
  const [m] = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  return m.text.match(/\b(\d{6})\b/)?.[1] ?? "";
}

async function signedInUser(email = `w-${randomUUID()}@example.com`, app_ = appId) {
  expect(
    (await mobile("POST", "/mobile/users/auth/email-confirmation", { email }, undefined, app_)).status,
  ).toBe(200);
  const userId = randomUUID();
  const res = await mobile(
    "POST",
    "/mobile/users/auth/sign-in",
    { email, code: await mailedCode(email), userId },
    undefined,
    app_,
  );
  expect(res.status).toBe(200);
  return res.body.data as { userId: string; token: string; profile: Record<string, unknown> };
}

describe("passwordless sign-in", () => {
  it("mails a code naming the app and signs in with it, keeping the widget's user id", async () => {
    const email = `Mixed-${randomUUID()}@Example.com`;
    await mobile("POST", "/mobile/users/auth/email-confirmation", { email });
    const [m] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
    expect(m.subject).toMatch(/^Your sign-in code: \d{6} \(for “Widget Motors”\)$/);
    const userId = randomUUID();
    const res = await mobile("POST", "/mobile/users/auth/sign-in", {
      email,
      code: await mailedCode(email.toLowerCase()),
      userId,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.userId).toBe(userId);
    expect(res.body.data.profile).toMatchObject({
      email: email.toLowerCase(),
      emailVerified: true,
      phoneVerified: false,
    });
  });

  it("texts a code to a phone through the SMS outbox", async () => {
    const phone = `+1 (555) ${String(Date.now()).slice(-3)}-${String(Math.random()).slice(2, 6)}`;
    expect((await mobile("POST", "/mobile/users/auth/sms-confirmation", { phone })).status).toBe(200);
    const digits = phone.replace(/[\s\-().]/g, ""); // +1 and ten digits: already E.164
    const [sms] = await app.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, digits));
    const code = sms.text.match(/\b(\d{6})\b/)?.[1];
    const res = await mobile("POST", "/mobile/users/auth/sign-in", { phone, code, userId: randomUUID() });
    expect(res.body.data.profile).toMatchObject({ phone: digits, phoneVerified: true });
  });

  it("waits 60 s before mailing the same address again", async () => {
    const email = `twice-${randomUUID()}@example.com`;
    const first = await signedInUser(email);
    const res = await mobile("POST", "/mobile/users/auth/email-confirmation", { email });
    expect(res.status).toBe(429); // 60 s between sends
    expect(res.body.error.message).toBe("Please wait a minute before asking for another code");
    expect(first.userId).toBeTruthy();
  });

  it("answers a wrong code with the spec's message", async () => {
    const email = `wrong-${randomUUID()}@example.com`;
    await mobile("POST", "/mobile/users/auth/email-confirmation", { email });
    const code = await mailedCode(email);
    const bad = String((Number(code) + 1) % 1e6).padStart(6, "0");
    const res = await mobile("POST", "/mobile/users/auth/sign-in", {
      email,
      code: bad,
      userId: randomUUID(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("The code must be invalid :(");
  });

  it("restores a session from its token, and sign-out ends it", async () => {
    const u = await signedInUser();
    const again = await mobile("POST", "/mobile/users/auth/sign-in", { token: u.token, userId: u.userId });
    expect(again.status).toBe(200);
    expect(again.body.data.userId).toBe(u.userId);
    expect(
      (await mobile("DELETE", `/mobile/users/auth/sign-out/${u.userId}`, undefined, u.token)).status,
    ).toBe(200);
    expect((await mobile("GET", `/mobile/users/${u.userId}`, undefined, u.token)).status).toBe(401);
    expect(
      (await mobile("POST", "/mobile/users/auth/sign-in", { token: u.token, userId: u.userId })).status,
    ).toBe(401);
  });

  it("refuses unknown apps and a missing app header (discontinued apps: discontinued-apps.test.ts and the test below)", async () => {
    const res = await mobile(
      "POST",
      "/mobile/users/auth/email-confirmation",
      { email: "a@example.com" },
      undefined,
      randomUUID(),
    );
    expect(res.status).toBe(404);
    const none = await call(app, {
      method: "POST",
      url: "/api/mobile/users/auth/email-confirmation",
      payload: { email: "a@example.com" },
    });
    expect(none.status).toBe(400);
  });
});

/** A fresh North American number (555 area code) in E.164. */
const newPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

async function textedCode(e164: string) {
  const [sms] = await app.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, e164))
    .orderBy(desc(smsOutbox.createdAt));
  return sms?.text.match(/\b(\d{6})\b/)?.[1] ?? "";
}

describe("phone numbers (one spelling: E.164, national numbers read as +1)", () => {
  it("counts every spelling of one number against one send limit and texts the E.164 number", async () => {
    const e164 = newPhone();
    const n = e164.slice(2);
    const first = await mobile("POST", "/mobile/users/auth/sms-confirmation", { phone: `+1${n}` });
    expect(first.status).toBe(200);
    for (const phone of [
      `1${n}`,
      `001${n}`,
      `+01${n}`,
      `0${n}`,
      n,
      `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
    ]) {
      const again = await mobile("POST", "/mobile/users/auth/sms-confirmation", { phone });
      expect(again.status, phone).toBe(429);
      expect(again.body.error.message).toBe("Please wait a minute before asking for another code");
    }
    const { rows } = await app.database.execute(
      "select identifier from end_user_codes where channel = 'phone' and identifier like $1",
      [`%${n}`],
    );
    expect(rows).toEqual([{ identifier: e164 }]);
    const res = await mobile("POST", "/mobile/users/auth/sign-in", {
      phone: `00 1 ${n}`,
      code: await textedCode(e164),
      userId: randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toMatchObject({ phone: e164, phoneVerified: true });
  });

  it("refuses what cannot be a phone number with the phone message", async () => {
    for (const phone of ["+1 555 010", "555-0102", "+0000000000", "+1234567890123456"]) {
      const res = await mobile("POST", "/mobile/users/auth/sms-confirmation", { phone });
      expect(res.status, phone).toBe(400);
      expect(res.body.error).toMatchObject({
        message: "invalid phone number",
        details: [{ path: "/phone", message: "invalid phone number" }],
      });
    }
  });

  it("stores the profile phone in E.164, so a verified phone typed another way stays verified", async () => {
    const e164 = newPhone();
    await mobile("POST", "/mobile/users/auth/sms-confirmation", { phone: e164 });
    const signed = await mobile("POST", "/mobile/users/auth/sign-in", {
      phone: e164,
      code: await textedCode(e164),
      userId: randomUUID(),
    });
    const { userId, token } = signed.body.data;
    const n = e164.slice(2);
    const put = await mobile(
      "PUT",
      `/mobile/users/${userId}`,
      { phone: `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}` },
      token,
    );
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ phone: e164, phoneVerified: true });
    const bad = await mobile("PUT", `/mobile/users/${userId}`, { phone: "555-0102" }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: "/phone", message: "invalid phone number" }]);
  });
});

describe("an existing record needs its owner's token (no takeover by user id)", () => {
  async function signedInWithVehicle() {
    const victim = await signedInUser();
    await mobile(
      "PUT",
      `/mobile/users/${victim.userId}`,
      { name: "Victor Victim", email: victim.profile.email },
      victim.token,
    );
    await mobile(
      "PUT",
      `/mobile/users/${victim.userId}/vehicles`,
      [{ make: "Ford", model: "F-150" }],
      victim.token,
    );
    // A changed e-mail leaves the record without a verified address.
    const changed = await mobile(
      "PUT",
      `/mobile/users/${victim.userId}`,
      { name: "Victor Victim", email: `moved-${randomUUID()}@example.com` },
      victim.token,
    );
    expect(changed.body.data).toMatchObject({ emailVerified: false, phoneVerified: false });
    return { ...victim, email: changed.body.data.email as string };
  }

  it("a code for someone else's address with the victim's user id gets a new, empty record", async () => {
    const victim = await signedInWithVehicle();
    const attacker = `mallory-${randomUUID()}@example.com`;
    await mobile("POST", "/mobile/users/auth/email-confirmation", { email: attacker });
    const res = await mobile("POST", "/mobile/users/auth/sign-in", {
      email: attacker,
      code: await mailedCode(attacker),
      userId: victim.userId,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.userId).not.toBe(victim.userId);
    expect(res.body.data.profile).toMatchObject({ email: attacker, emailVerified: true, vehicles: [] });
    expect(JSON.stringify(res.body)).not.toContain("Victor");
    const own = await mobile("GET", `/mobile/users/${victim.userId}`, undefined, victim.token);
    expect(own.body.data).toMatchObject({ name: "Victor Victim", email: victim.email, emailVerified: false });
    expect(
      (await mobile("GET", `/mobile/users/${victim.userId}`, undefined, res.body.data.token)).status,
    ).toBe(401);
  });

  it("another user's token proves nothing about the victim's record", async () => {
    const victim = await signedInWithVehicle();
    const mallory = await signedInUser();
    const attacker = `mallory-${randomUUID()}@example.com`;
    await mobile("POST", "/mobile/users/auth/email-confirmation", { email: attacker });
    const res = await mobile(
      "POST",
      "/mobile/users/auth/sign-in",
      { email: attacker, code: await mailedCode(attacker), userId: victim.userId },
      mallory.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.userId).not.toBe(victim.userId);
    expect(res.body.data.profile.vehicles).toEqual([]);
  });

  it("the owner re-verifying a changed address with their token keeps their record", async () => {
    const owner = await signedInWithVehicle();
    await mobile("POST", "/mobile/users/auth/email-confirmation", { email: owner.email });
    const res = await mobile(
      "POST",
      "/mobile/users/auth/sign-in",
      { email: owner.email, code: await mailedCode(owner.email), userId: owner.userId },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.userId).toBe(owner.userId);
    expect(res.body.data.profile).toMatchObject({
      name: "Victor Victim",
      email: owner.email,
      emailVerified: true,
      vehicles: [{ make: "Ford", model: "F-150" }],
    });
  });
});

describe("who can have codes sent, and what they say", () => {
  it("puts the app's name in quotes, without links, control characters or more than 40 characters", async () => {
    const owner = await testUser(app);
    const bank = await testAppOf(app, owner, "Bank\u202e http://evil.example/x paypal.com Security Desk");
    const email = `named-${randomUUID()}@example.com`;
    expect(
      (await mobile("POST", "/mobile/users/auth/email-confirmation", { email }, undefined, bank)).status,
    ).toBe(200);
    const [m] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    for (const part of [m.subject, m.text]) {
      expect(part).not.toMatch(/https?:|www\.|evil\.example|paypal\.com|\u202e/);
      expect(part).toContain("“Bank evil example x paypal com Security…”");
    }
    expect(m.subject).toMatch(/^Your sign-in code: \d{6} \(for “[^“”]{1,40}”\)$/);
  });

  it("sends at most 200 codes per app per hour, then refuses without sending", async () => {
    const owner = await testUser(app);
    const busy = await testAppOf(app, owner, "Busy Motors");
    for (let i = 0; i < CODE_LIMITS.maxSendsPerAppPerHour - 1; i++)
      await app.limits.hit(appCodeBudgetKey(busy), 3_600_000);
    const last = `last-${randomUUID()}@example.com`;
    expect(
      (await mobile("POST", "/mobile/users/auth/email-confirmation", { email: last }, undefined, busy))
        .status,
    ).toBe(200);
    const over = `over-${randomUUID()}@example.com`;
    const res = await mobile(
      "POST",
      "/mobile/users/auth/email-confirmation",
      { email: over },
      undefined,
      busy,
    );
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe("This app has sent too many sign-in codes, try again later");
    expect(await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, over))).toEqual([]);
    const { rows } = await app.database.execute(
      "select count(*)::int as n from end_user_codes where identifier = $1",
      [over],
    );
    expect(rows[0].n).toBe(0);
    // Other apps keep their own budget.
    expect((await mobile("POST", "/mobile/users/auth/email-confirmation", { email: over })).status).toBe(200);
  });

  it("sends nothing for a discontinued app", async () => {
    const owner = await testUser(app);
    const gone = await testAppOf(app, owner, "Gone Motors");
    await app.database.execute("update apps set status = 'Inactive' where id = $1", [gone]);
    const email = `gone-${randomUUID()}@example.com`;
    const res = await mobile("POST", "/mobile/users/auth/email-confirmation", { email }, undefined, gone);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("The app has been discontinued");
    expect(await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
  });
});

describe("profile and vehicles", () => {
  it("reads and saves the profile; a changed e-mail is no longer verified", async () => {
    const u = await signedInUser();
    const got = await mobile("GET", `/mobile/users/${u.userId}`, undefined, u.token);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: u.userId, emailVerified: true, vehicles: [] });
    const put = await mobile(
      "PUT",
      `/mobile/users/${u.userId}`,
      {
        name: "Ada Lovelace",
        company: "Engines",
        email: u.profile.email,
        dateOfBirth: "1990-12-10",
        address: "1 Main Street",
      },
      u.token,
    );
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: "Ada Lovelace", emailVerified: true });
    const changed = await mobile("PUT", `/mobile/users/${u.userId}`, { email: "new@example.com" }, u.token);
    expect(changed.body.data).toMatchObject({ email: "new@example.com", emailVerified: false });
    expect(changed.body.data.name).toBeUndefined();
  });

  it("validates profile fields with the spec's messages", async () => {
    const u = await signedInUser();
    const res = await mobile("PUT", `/mobile/users/${u.userId}`, { name: "A" }, u.token);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("value should be minimum 2 characters");
  });

  it("replaces the vehicle list in order", async () => {
    const u = await signedInUser();
    const vehicles = [
      { unit: "1", year: 2020, make: "Ford", model: "F-150", vin: "1FTFW1E50LFA00001", mileage: 12000 },
      { make: "Utility", model: "3000R" },
    ];
    const put = await mobile("PUT", `/mobile/users/${u.userId}/vehicles`, vehicles, u.token);
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual(vehicles);
    expect((await mobile("GET", `/mobile/users/${u.userId}`, undefined, u.token)).body.data.vehicles).toEqual(
      vehicles,
    );
    expect((await mobile("PUT", `/mobile/users/${u.userId}/vehicles`, [], u.token)).body.data).toEqual([]);
  });

  it("needs the user's own token in the user's own app", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    expect((await mobile("GET", `/mobile/users/${a.userId}`)).status).toBe(401);
    expect((await mobile("GET", `/mobile/users/${a.userId}`, undefined, b.token)).status).toBe(401);
    expect((await mobile("GET", `/mobile/users/${a.userId}`, undefined, a.token, otherAppId)).status).toBe(
      401,
    );
    expect((await mobile("GET", "/mobile/users/not-a-uuid", undefined, a.token)).status).toBe(400);
  });
});
