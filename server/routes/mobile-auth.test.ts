import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.ts";
import { smsOutbox } from "../db/schema-mobile.ts";
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
    expect(m.subject).toMatch(/^Widget Motors sign-in code: \d{6}$/);
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
    const digits = phone.replace(/[\s\-().]/g, "");
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

  it("refuses unknown and discontinued apps and a missing app header", async () => {
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
