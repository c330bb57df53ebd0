import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  newSession,
  someAddress,
  TEST_PASSWORD,
  testApp,
  testAppOf,
  testUser,
} from "../test-helpers.ts";
import { linkToken, mailCatcher } from "../test-mail.ts";

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof mailCatcher>>;
beforeAll(async () => {
  smtp = await mailCatcher();
  app = await testApp({ config: { smtpUrl: smtp.url, publicUrl: "https://console.example.com" } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const signIn = (email: string, password: string) =>
  call(app, {
    method: "POST",
    url: "/api/accounts/sign-in",
    payload: { email, password },
    remoteAddress: someAddress(),
  });

describe("mailed account flows over SMTP", () => {
  it("resets a password: same answer for unknown addresses, a link by mail, sessions ended, link single-use", async () => {
    const user = await testUser(app);
    const unknown = await call(app, {
      method: "POST",
      url: "/api/accounts/send-password-reset/nobody@example.com",
    });
    const known = await call(app, { method: "POST", url: `/api/accounts/send-password-reset/${user.email}` });
    expect(unknown).toMatchObject({
      status: 200,
      body: { data: { message: "Password reset email has been sent!" } },
    });
    expect(known.body).toEqual(unknown.body);

    const mail = await smtp.next(user.email);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toContain("https://console.example.com/reset-password/");
    const token = linkToken(mail, "/reset-password/");

    const reset = await call(app, {
      method: "PUT",
      url: `/api/accounts/reset-password/${token}`,
      payload: { password: "brand-new-pass" },
    });
    expect(reset.status).toBe(200);
    expect((await call(app, { method: "GET", url: "/api/accounts/me", headers: user.headers })).status).toBe(
      401,
    );
    expect((await signIn(user.email, "brand-new-pass")).status).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(401);

    const again = await call(app, {
      method: "PUT",
      url: `/api/accounts/reset-password/${token}`,
      payload: { password: "another-pass" },
    });
    expect(again).toMatchObject({ status: 400, body: { error: { code: "InvalidEmailToken" } } });
    expect(smtp.mails.filter((m) => m.to.includes("nobody@example.com"))).toEqual([]);
  });

  it("rejects a too short new password with the spec's message", async () => {
    const res = await call(app, {
      method: "PUT",
      url: "/api/accounts/reset-password/abcdefghijklmnop",
      payload: { password: "12345" },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: { message: "value should be minimum 6 characters" } },
    });
  });

  it("confirms the e-mail address through the mailed link", async () => {
    const up = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-up",
      payload: { email: "confirm-me@example.com", password: "secret-1" },
      remoteAddress: someAddress(),
    });
    expect(up.status).toBe(200);
    const token = (await signIn("confirm-me@example.com", "secret-1")).body.data;
    const authorization = `Bearer ${token}`;
    const before = await call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization } });
    expect(before.body.data.emailConfirmed).toBe(false);

    const sent = await call(app, {
      method: "POST",
      url: "/api/accounts/send-email-confirmation",
      headers: { authorization },
    });
    expect(sent.status).toBe(200);
    const mail = await smtp.next("confirm-me@example.com");
    const confirmed = await call(app, {
      method: "PUT",
      url: `/api/accounts/confirm-email/${linkToken(mail, "/verify/")}`,
    });
    expect(confirmed).toMatchObject({ status: 200, body: { data: { emailConfirmed: true } } });
    const after = await call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization } });
    expect(after.body.data.emailConfirmed).toBe(true);
  });

  it("changes the password with the current one, ending the other sessions only", async () => {
    const user = await testUser(app);
    const other = await newSession(app, user);
    const wrong = await call(app, {
      method: "PUT",
      url: "/api/accounts/change-password",
      headers: user.headers,
      payload: { password: "not-it", newPassword: "fresh-pass" },
    });
    // 400, not 401: a 401 would make the console drop a perfectly valid session.
    expect(wrong).toMatchObject({ status: 400, body: { error: { code: "WrongPassword" } } });
    const ok = await call(app, {
      method: "PUT",
      url: "/api/accounts/change-password",
      headers: user.headers,
      payload: { password: TEST_PASSWORD, newPassword: "fresh-pass" },
    });
    expect(ok.status).toBe(200);
    expect((await call(app, { method: "GET", url: "/api/accounts/me", headers: user.headers })).status).toBe(
      200,
    );
    const ended = await call(app, {
      method: "GET",
      url: "/api/accounts/me",
      headers: { authorization: other },
    });
    expect(ended.status).toBe(401);
    expect((await signIn(user.email, "fresh-pass")).status).toBe(200);
  });

  it("invites a manager: a mailed sign-up code gives the app role; the code is bound to the invited address", async () => {
    const owner = await testUser(app);
    const appId = await testAppOf(app, owner, "Invite Motors");
    const invite = await call(app, {
      method: "POST",
      url: `/api/accounts/app/${appId}/managers`,
      headers: owner.headers,
      payload: { email: "New.Manager@example.com", role: "Manager", locations: ["loc-1"] },
    });
    expect(invite.body.data).toMatchObject({
      result: "InvitationSent",
      manager: { email: "new.manager@example.com", role: "Manager", status: "Invited", locations: ["loc-1"] },
    });
    const mail = await smtp.next("new.manager@example.com");
    expect(mail.subject).toBe("You are invited to manage Invite Motors");
    const code = linkToken(mail, "/sign-up/");

    const wrongAddress = await call(app, {
      method: "POST",
      url: `/api/accounts/sign-up/${code}`,
      payload: { email: "someone.else@example.com", password: "secret-1" },
      remoteAddress: someAddress(),
    });
    expect(wrongAddress).toMatchObject({ status: 400, body: { error: { code: "InvitationEmailMismatch" } } });

    const up = await call(app, {
      method: "POST",
      url: `/api/accounts/sign-up/${code}`,
      payload: {
        email: "new.manager@example.com",
        password: "secret-1",
        portalUrl: "https://portal.example.com",
      },
      remoteAddress: someAddress(),
    });
    expect(up).toMatchObject({ status: 200, body: { data: { email: "new.manager@example.com" } } });
    const token = (await signIn("new.manager@example.com", "secret-1")).body.data;
    const headers = { authorization: `Bearer ${token}` };
    const me = await call(app, { method: "GET", url: "/api/accounts/me", headers });
    expect(me.body.data).toMatchObject({ emailConfirmed: true, portalUrl: "https://portal.example.com" });
    const apps = await call(app, { method: "GET", url: "/api/apps", headers });
    expect(apps.body.data).toEqual([expect.objectContaining({ appId, role: "Manager" })]);

    const reused = await call(app, {
      method: "POST",
      url: `/api/accounts/sign-up/${code}`,
      payload: { email: "new.manager@example.com", password: "secret-1" },
      remoteAddress: someAddress(),
    });
    expect(reused).toMatchObject({ status: 400, body: { error: { code: "InvalidCode" } } });
  });

  it("grants an existing account at once and mails it; a second invitation answers AlreadyHasPermissions", async () => {
    const owner = await testUser(app);
    const member = await testUser(app);
    const appId = await testAppOf(app, owner, "Grant Motors");
    const payload = { email: member.email, role: "Service" };
    const url = `/api/accounts/app/${appId}/managers`;
    const first = await call(app, { method: "POST", url, headers: owner.headers, payload });
    expect(first.body.data).toMatchObject({ result: "AppPermissionsGranted", manager: { id: member.id } });
    expect((await smtp.next(member.email)).subject).toBe("You can now manage Grant Motors");
    const second = await call(app, {
      method: "POST",
      url,
      headers: owner.headers,
      payload: { ...payload, role: "Owner" },
    });
    expect(second.body.data).toMatchObject({ result: "AlreadyHasPermissions", manager: { role: "Service" } });
  });

  it("lets an Admin sign in as a user and set a password, but not act as another Admin", async () => {
    const admin = await testUser(app, "Admin");
    const otherAdmin = await testUser(app, "Admin");
    const user = await testUser(app);
    const as = await call(app, {
      method: "POST",
      url: `/api/admin/accounts/sign-in-as/${user.id}`,
      headers: admin.headers,
    });
    expect(as.status).toBe(200);
    const me = await call(app, {
      method: "GET",
      url: "/api/accounts/me",
      headers: { authorization: `Bearer ${as.body.data}` },
    });
    expect(me.body.data.email).toBe(user.email);
    expect((await call(app, { method: "GET", url: "/api/accounts/me", headers: admin.headers })).status).toBe(
      200,
    );

    const set = await call(app, {
      method: "PUT",
      url: `/api/admin/accounts/${user.id}/password`,
      headers: admin.headers,
      payload: { password: "set-by-admin" },
    });
    expect(set.status).toBe(200);
    expect((await signIn(user.email, "set-by-admin")).status).toBe(200);

    const denied = await call(app, {
      method: "POST",
      url: `/api/admin/accounts/sign-in-as/${otherAdmin.id}`,
      headers: admin.headers,
    });
    expect(denied).toMatchObject({ status: 403, body: { error: { code: "SuperUserOnly" } } });
    const unknown = await call(app, {
      method: "POST",
      url: "/api/admin/accounts/sign-in-as/00000000-0000-4000-8000-000000000000",
      headers: admin.headers,
    });
    expect(unknown.status).toBe(404);
  });

  it("limits sign-in attempts per account", async () => {
    const user = await testUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(user.email, "wrong-password")).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await signIn(user.email, TEST_PASSWORD);
    expect(limited).toMatchObject({
      status: 429,
      body: { error: { message: "Too many requests, try again later" } },
    });
  });
});

describe("the dev outbox", () => {
  it("keeps mail in the database when no SMTP server is configured", async () => {
    const local = await testApp();
    try {
      const user = await testUser(local);
      await call(local, { method: "POST", url: `/api/accounts/send-password-reset/${user.email}` });
      // The mail goes out after the answer (see sendPasswordReset): wait for it.
      let rows: any[] = [];
      for (let i = 0; i < 50 && rows.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        rows = (await local.database.execute('select "to", subject, text from mail_outbox')).rows;
      }
      expect(rows).toEqual([
        expect.objectContaining({
          to: user.email,
          subject: "Reset your password",
          text: expect.stringContaining("/reset-password/"),
        }),
      ]);
    } finally {
      await local.close();
    }
  });
});
