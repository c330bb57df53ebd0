import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedIn, someAddress, testApp } from "../test-helpers.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe("accounts", () => {
  it("signs up, signs in, reads me and signs out, revoking the token", async () => {
    const up = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-up",
      payload: { email: "Owner@Example.com", password: "secret1", portalUrl: "https://portal.example.com" },
    });
    expect(up).toMatchObject({ status: 200, body: { data: { email: "owner@example.com" } } });

    const inRes = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-in",
      payload: { email: "owner@example.com", password: "secret1" },
    });
    expect(inRes.status).toBe(200);
    expect(typeof inRes.body.data).toBe("string");
    const authorization = `Bearer ${inRes.body.data}`;

    const me = await call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization } });
    expect(me.body.data).toMatchObject({
      email: "owner@example.com",
      type: "User",
      portalUrl: "https://portal.example.com",
    });

    expect(
      (await call(app, { method: "DELETE", url: "/api/accounts/sign-out", headers: { authorization } }))
        .status,
    ).toBe(200);
    const after = await call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization } });
    expect(after).toMatchObject({
      status: 401,
      body: { error: { message: "Invalid or expired token", code: "InvalidToken" } },
    });
  });

  it("stores neither the password nor the token in clear", async () => {
    const { authorization, email } = await signedIn(app, "clear@example.com", "plain-password");
    const token = authorization.replace("Bearer ", "");
    const users = await app.database.execute("select password_hash from users where email = $1", [email]);
    expect(users.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await app.database.execute("select token_hash from sessions");
    expect(sessions.rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it("answers 401 with a message for a missing or unknown token", async () => {
    expect(await call(app, { method: "GET", url: "/api/accounts/me" })).toMatchObject({
      status: 401,
      body: { error: { message: "Authorization required", code: "Unauthorized" } },
    });
    expect(
      await call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization: "Bearer nope" } }),
    ).toMatchObject({ status: 401, body: { error: { code: "InvalidToken" } } });
  });

  it.each([
    [{ email: "bad", password: "secret1" }, "/email", "invalid email"],
    [{ email: "", password: "secret1" }, "/email", "value can't be empty"],
    [{ email: "a@b.co", password: "12345" }, "/password", "value should be minimum 6 characters"],
    [{ password: "secret1" }, "/email", "value can't be empty"],
  ])("rejects sign-up %j with the spec's message", async (payload, path, message) => {
    const res = await call(app, { method: "POST", url: "/api/accounts/sign-up", payload });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.details).toContainEqual({ path, message });
  });

  it("refuses a second account with the same e-mail and a wrong password", async () => {
    await signedIn(app, "twice@example.com", "secret1");
    const again = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-up",
      payload: { email: "TWICE@example.com", password: "secret1" },
    });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "EmailTaken" } } });
    const wrong = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-in",
      payload: { email: "twice@example.com", password: "wrong-one" },
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: { message: "Invalid email or password" } } });
  });

  it.each([
    "javascript:alert(document.domain)",
    "javascript://%0Aalert(document.domain)",
    "JAVASCRIPT://portal.example.com/%0Aalert(1)",
    "data://text/html,x",
    "ftp://portal.example.com",
    "fb://profile/1",
    "https://admin:secret@portal.example.com",
    "https://portal.example.com@evil.example",
    "https://portal.example.com/\u0000",
  ])("refuses the portalUrl %j at sign-up with 'incorrect url' (the URL policy)", async (portalUrl) => {
    const res = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-up",
      payload: { email: "portal-check@example.com", password: "secret1", portalUrl },
      remoteAddress: someAddress(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: "/portalUrl", message: "incorrect url" });
  });

  it("corrects a portalUrl without scheme, and reads a stored value outside the URL policy as absent", async () => {
    const { authorization, email } = await signedIn(app);
    const url = "/api/accounts/sign-up";
    const up = await call(app, {
      method: "POST",
      url,
      payload: { email: "portal-fix@example.com", password: "secret1", portalUrl: "portal.example.com/x" },
      remoteAddress: someAddress(),
    });
    expect(up.status).toBe(200);
    const { rows } = await app.database.execute("select portal_url from users where email = $1", [
      "portal-fix@example.com",
    ]);
    expect(rows[0].portal_url).toBe("http://portal.example.com/x");

    for (const stored of ["javascript:alert(1)", "https://a:b@portal.example.com", "fb://x/y"]) {
      await app.database.execute("update users set portal_url = $1 where email = $2", [stored, email]);
      const me = await call(app, { method: "GET", url: "/api/accounts/me", headers: { authorization } });
      expect(me.body.data.portalUrl).toBeNull();
    }
  });

  it("answers malformed JSON with a 400 and a message", async () => {
    const res = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-in",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toEqual(expect.any(String));
  });
});
