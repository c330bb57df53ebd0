import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LOCK } from "../ops/accounts.ts";
import { call, someAddress, TEST_PASSWORD, testApp, testUser } from "../test-helpers.ts";
import { type CaughtMail, mailCatcher } from "../test-mail.ts";

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

const signIn = (email: string, password: string, remoteAddress = someAddress()) =>
  call(app, { method: "POST", url: "/api/accounts/sign-in", payload: { email, password }, remoteAddress });
const unlock = (token: string, password: string) =>
  call(app, {
    method: "POST",
    url: `/api/accounts/unlock/${token}`,
    payload: { password },
    remoteAddress: someAddress(),
  });
const unlockToken = (mail: CaughtMail) => {
  const m = /\/login\?unlock=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no unlock link in mail:\n${mail.text}`);
  return m[1];
};
const me = (token: string) =>
  call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization: `Bearer ${token}` } });
const unlockTokens = async (email: string) =>
  (await app.database.execute("select id from account_tokens where kind = 'unlock' and email = $1", [email]))
    .rows;

describe("sign-in lock-outs: slow a guesser, never lock the owner out", () => {
  it("an attacker rotating addresses gets the account's budget of guesses; the owner signs in with the mailed link", async () => {
    const user = await testUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LOCK.perAccount + 10; i++)
      statuses.push((await signIn(user.email, `guess-${i}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LOCK.perAccount);
    expect(statuses.slice(SIGN_IN_LOCK.perAccount).every((s) => s === 429)).toBe(true);

    // Past the budget the password is not even checked: the right one is refused like a guess.
    const owner = await signIn(user.email, TEST_PASSWORD);
    expect(owner).toMatchObject({
      status: 429,
      body: { error: { code: "AccountLocked", message: expect.stringContaining("check your e-mail") } },
    });

    // The owner is mailed once per lock window, however many attempts are refused.
    const mail = await smtp.next(user.email);
    expect(mail.subject).toBe("Your account is locked after failed sign-ins");
    expect(mail.text).toContain("https://console.example.com/login?unlock=");
    expect(await unlockTokens(user.email)).toHaveLength(1);
    const token = unlockToken(mail);

    const wrong = await unlock(token, "still-guessing");
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: "InvalidCredentials" } } });
    const ok = await unlock(token, TEST_PASSWORD);
    expect(ok.status).toBe(200);
    expect((await me(ok.body.data)).body.data.email).toBe(user.email);
    // Single use, and the lock still holds for password sign-in while the attack may go on.
    expect(await unlock(token, TEST_PASSWORD)).toMatchObject({
      status: 400,
      body: { error: { code: "InvalidEmailToken" } },
    });
    expect((await signIn(user.email, TEST_PASSWORD)).body.error.code).toBe("AccountLocked");
  });

  it("parallel guesses from many addresses cannot run more password checks than the budget", async () => {
    const user = await testUser(app);
    const results = await Promise.all(
      Array.from({ length: SIGN_IN_LOCK.perAccount * 3 }, (_, i) => signIn(user.email, `parallel-${i}`)),
    );
    const checked = results.filter((r) => r.status === 401);
    expect(checked).toHaveLength(SIGN_IN_LOCK.perAccount);
    expect(results.filter((r) => r.status === 429)).toHaveLength(SIGN_IN_LOCK.perAccount * 2);
  });

  it("one address is refused for one account after 5 failures; a success clears its count; others are not affected", async () => {
    const user = await testUser(app);
    const other = await testUser(app);
    const address = someAddress();
    for (let i = 0; i < SIGN_IN_LOCK.perAddress - 1; i++)
      expect((await signIn(user.email, "wrong-pass", address)).status).toBe(401);
    // Only failures count: the owner's success starts the address over.
    expect((await signIn(user.email, TEST_PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LOCK.perAddress; i++)
      expect((await signIn(user.email, "wrong-pass", address)).status).toBe(401);

    const refused = await signIn(user.email, TEST_PASSWORD, address);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: "SignInAddressLocked" } } });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(SIGN_IN_LOCK.windowMs / 1000);

    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(other.email, TEST_PASSWORD, address)).status).toBe(200);
  });

  it("addresses of one IPv6 /64 count as one address", async () => {
    const user = await testUser(app);
    for (let i = 0; i < SIGN_IN_LOCK.perAddress; i++)
      expect((await signIn(user.email, "wrong-pass", `2001:db8:5:7::${(i + 1).toString(16)}`)).status).toBe(
        401,
      );
    const refused = await signIn(user.email, TEST_PASSWORD, "2001:db8:5:7:ffff::1");
    expect(refused).toMatchObject({ status: 429, body: { error: { code: "SignInAddressLocked" } } });
    expect((await signIn(user.email, TEST_PASSWORD, "2001:db8:5:8::1")).status).toBe(200);
  });

  it("the owner's own sign-ins do not use up the account's budget", async () => {
    const user = await testUser(app);
    for (let i = 0; i < SIGN_IN_LOCK.perAccount + 5; i++)
      expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(user.email, "one-typo")).status).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("an address without an account answers the same way and mails nobody", async () => {
    const email = "nobody-here@example.com";
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LOCK.perAccount + 2; i++)
      statuses.push((await signIn(email, "guess")).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LOCK.perAccount);
    expect((await signIn(email, "guess")).body.error.code).toBe("AccountLocked");
    expect(await unlockTokens(email)).toEqual([]);
  });

  it("a mailed unlock link allows a few wrong passwords, then it is used up", async () => {
    const user = await testUser(app);
    for (let i = 0; i <= SIGN_IN_LOCK.perAccount; i++) await signIn(user.email, `guess-${i}`);
    const token = unlockToken(await smtp.next(user.email));
    for (let i = 0; i < SIGN_IN_LOCK.unlockTries; i++)
      expect((await unlock(token, `wrong-${i}`)).status).toBe(401);
    expect(await unlock(token, TEST_PASSWORD)).toMatchObject({
      status: 400,
      body: { error: { code: "InvalidEmailToken" } },
    });
  });

  it("an unlock link stops working once the password is changed", async () => {
    const user = await testUser(app);
    for (let i = 0; i <= SIGN_IN_LOCK.perAccount; i++) await signIn(user.email, `guess-${i}`);
    const token = unlockToken(await smtp.next(user.email));
    const changed = await call(app, {
      method: "PUT",
      url: "/api/accounts/change-password",
      headers: user.headers,
      payload: { password: TEST_PASSWORD, newPassword: "a-new-password" },
    });
    expect(changed.status).toBe(200);
    expect((await unlock(token, "a-new-password")).body.error.code).toBe("InvalidEmailToken");
  });
});
