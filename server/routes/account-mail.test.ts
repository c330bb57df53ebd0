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

  // Sign-in lock-outs (which replaced the per-account rate limit that refused the owner too):
  // account-lockout.test.ts.

  it("ends an impersonation with the Admin's sign-out; going back to the Admin ends only the impersonation", async () => {
    const admin = await testUser(app, "Admin");
    const user = await testUser(app);
    const signInAs = async (headers: { authorization: string }) =>
      (await call(app, { method: "POST", url: `/api/admin/accounts/sign-in-as/${user.id}`, headers })).body
        .data as string;
    const meWith = (token: string) =>
      call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization: `Bearer ${token}` } });

    // The console's "Back to admin": the impersonation token signs out, the Admin's own stays good.
    const first = await signInAs(admin.headers);
    expect((await meWith(first)).body.data.email).toBe(user.email);
    await call(app, {
      method: "DELETE",
      url: "/api/accounts/sign-out",
      headers: { authorization: `Bearer ${first}` },
    });
    expect((await meWith(first)).status).toBe(401);
    expect((await call(app, { method: "GET", url: "/api/accounts/me", headers: admin.headers })).status).toBe(
      200,
    );

    // The Admin signs out of their own session: every impersonation it opened ends with it.
    const second = await signInAs(admin.headers);
    const third = await signInAs(admin.headers);
    expect((await meWith(second)).status).toBe(200);
    await call(app, { method: "DELETE", url: "/api/accounts/sign-out", headers: admin.headers });
    expect((await meWith(second)).status).toBe(401);
    expect((await meWith(third)).status).toBe(401);
    // The user's own sessions are not touched.
    expect((await call(app, { method: "GET", url: "/api/accounts/me", headers: user.headers })).status).toBe(
      200,
    );
  });

  it("gives an impersonation a short life, bound to the Admin's session", async () => {
    const admin = await testUser(app, "Admin");
    const user = await testUser(app);
    const as = await call(app, {
      method: "POST",
      url: `/api/admin/accounts/sign-in-as/${user.id}`,
      headers: admin.headers,
    });
    const headers = { authorization: `Bearer ${as.body.data}` };
    const { rows } = await app.database.execute(
      `select extract(epoch from expires_at - created_at) as seconds, impersonator_id, impersonator_session_id
       from sessions where user_id = $1 and impersonator_id is not null`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].seconds)).toBeLessThanOrEqual(3600);
    expect(rows[0].impersonator_id).toBe(admin.id);
    const adminSession = rows[0].impersonator_session_id;

    // The Admin's session expires (30 days, or revoked by a password change): the impersonation with it.
    expect((await call(app, { method: "GET", url: "/api/accounts/me", headers })).status).toBe(200);
    await app.database.execute("update sessions set expires_at = now() - interval '1 second' where id = $1", [
      adminSession,
    ]);
    expect((await call(app, { method: "GET", url: "/api/accounts/me", headers })).status).toBe(401);

    // An impersonation that does not say which Admin session opened it (made before this rule) is refused.
    const admin2 = await testUser(app, "Admin");
    const legacy = await call(app, {
      method: "POST",
      url: `/api/admin/accounts/sign-in-as/${user.id}`,
      headers: admin2.headers,
    });
    await app.database.execute(
      "update sessions set impersonator_session_id = null where impersonator_id = $1",
      [admin2.id],
    );
    expect(
      (
        await call(app, {
          method: "GET",
          url: "/api/accounts/me",
          headers: { authorization: `Bearer ${legacy.body.data}` },
        })
      ).status,
    ).toBe(401);
  });

  it("every password change retires the reset links mailed before it", async () => {
    const user = await testUser(app);
    const admin = await testUser(app, "Admin");
    const resetLink = async () => {
      await call(app, {
        method: "POST",
        url: `/api/accounts/send-password-reset/${user.email}`,
        remoteAddress: someAddress(),
      });
      return linkToken(await smtp.next(user.email), "/reset-password/");
    };
    const reset = (token: string, password: string) =>
      call(app, { method: "PUT", url: `/api/accounts/reset-password/${token}`, payload: { password } });

    // change-password
    const beforeChange = await resetLink();
    const changed = await call(app, {
      method: "PUT",
      url: "/api/accounts/change-password",
      headers: user.headers,
      payload: { password: TEST_PASSWORD, newPassword: "changed-pass" },
    });
    expect(changed.status).toBe(200);
    expect((await reset(beforeChange, "attacker-pass")).body.error?.code).toBe("InvalidEmailToken");

    // an Admin sets the password
    const beforeAdmin = await resetLink();
    const set = await call(app, {
      method: "PUT",
      url: `/api/admin/accounts/${user.id}/password`,
      headers: admin.headers,
      payload: { password: "admin-set-pass" },
    });
    expect(set.status).toBe(200);
    expect((await reset(beforeAdmin, "attacker-pass")).body.error?.code).toBe("InvalidEmailToken");

    // a reset through one link retires the other links
    const older = await resetLink();
    const newer = await resetLink();
    expect((await reset(newer, "reset-pass")).status).toBe(200);
    expect((await reset(older, "attacker-pass")).body.error?.code).toBe("InvalidEmailToken");
    expect((await signIn(user.email, "reset-pass")).status).toBe(200);
    expect((await signIn(user.email, "attacker-pass")).status).toBe(401);
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
