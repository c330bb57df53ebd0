import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import {
  ChangePassword,
  Envelope,
  MailedToken,
  Me,
  NewPassword,
  Notice,
  SignIn,
  SignUp,
  UnlockSignIn,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import {
  changePassword,
  confirmEmail,
  resetPassword,
  sendEmailConfirmation,
  sendPasswordReset,
  signIn,
  signInWithUnlock,
  signOut,
  signUp,
  signUpWithCode,
  toMe,
} from "../ops/accounts.ts";
import type { Mailer } from "../services/mail.ts";
import { clientKey } from "../services/rate-limit-store.ts";

const tags = ["Accounts"];
const security = [{ bearer: [] }];
const minute = 60_000;

/** The spec's confirmation text after asking for a reset (§8). */
export const PASSWORD_RESET_SENT = "Password reset email has been sent!";

export interface AccountRouteOptions {
  db: Db;
  mailer: Mailer;
  /** Origin of links in mails: the configured public URL, never the request's Host header. */
  linkOrigin: string;
}

export const accountRoutes: FastifyPluginAsync<AccountRouteOptions> = async (
  app,
  { db, mailer, linkOrigin },
) => {
  const signedUp = Envelope(Type.Object({ email: Type.String() }));

  app.post<{ Body: SignUp }>(
    "/accounts/sign-up",
    {
      schema: { tags, body: SignUp, response: { 200: signedUp } },
      config: { rateLimit: { max: 10, timeWindow: minute } },
    },
    async (req) => ({ data: { email: (await signUp(db, req.body)).email } }),
  );

  app.post<{ Body: SignUp; Params: { code: string } }>(
    "/accounts/sign-up/:code",
    {
      schema: {
        tags,
        description:
          "Sign-up with the code of a manager invitation: the invited app roles come with the account.",
        params: Type.Object({ code: MailedToken }),
        body: SignUp,
        response: { 200: signedUp },
      },
      config: { rateLimit: { max: 10, timeWindow: minute } },
    },
    async (req) => ({ data: { email: (await signUpWithCode(db, req.params.code, req.body)).email } }),
  );

  // Sign-in is the password-guessing surface: a request budget per client address here, and the lock-outs
  // of ops/accounts.ts (failures per account and address, per account) in the shared limits table.
  const lockedHeader = (err: unknown, reply: FastifyReply) => {
    const retry = (err as ApiError).details as { retryAfterSeconds?: number } | undefined;
    if (err instanceof ApiError && retry?.retryAfterSeconds)
      reply.header("retry-after", String(retry.retryAfterSeconds));
    throw err;
  };
  app.post<{ Body: SignIn }>(
    "/accounts/sign-in",
    {
      schema: {
        tags,
        description:
          "Password sign-in. After 5 failures in 15 minutes for one account from one address that address " +
          "is refused for it (SignInAddressLocked); after 20 from all addresses password sign-in to the account " +
          "is paused (AccountLocked) and its owner is mailed a link for POST /accounts/unlock/{token}.",
        body: SignIn,
        response: { 200: Envelope(Type.String({ description: "session token" })) },
      },
      config: { rateLimit: { max: 30, timeWindow: minute } },
    },
    async (req, reply) => {
      const ctx = { limits: app.limits, address: clientKey(req), mailer, log: req.log, linkOrigin };
      return { data: await signIn(db, req.body, ctx).catch((err) => lockedHeader(err, reply)) };
    },
  );

  app.post<{ Params: { token: string }; Body: UnlockSignIn }>(
    "/accounts/unlock/:token",
    {
      schema: {
        tags,
        description:
          "Sign-in with the link mailed when the account is locked after failed sign-ins, and the password. " +
          "A wrong password leaves the link usable for a few more tries.",
        params: Type.Object({ token: MailedToken }),
        body: UnlockSignIn,
        response: { 200: Envelope(Type.String({ description: "session token" })) },
      },
      config: { rateLimit: { max: 20, timeWindow: minute } },
    },
    async (req) => ({
      data: await signInWithUnlock(db, req.params.token, req.body.password, {
        limits: app.limits,
        address: clientKey(req),
      }),
    }),
  );

  app.get(
    "/accounts/me",
    { schema: { tags, security, response: { 200: Envelope(Me) } }, onRequest: app.authenticate },
    async (req) => ({ data: toMe(req.user!) }),
  );

  app.delete(
    "/accounts/sign-out",
    { schema: { tags, security }, onRequest: app.authenticate },
    async (req) => {
      await signOut(db, req.token!);
      return { data: true };
    },
  );

  app.post<{ Params: { email: string } }>(
    "/accounts/send-password-reset/:email",
    {
      schema: {
        tags,
        description: "Mails a reset link when the address has an account; answers the same either way.",
        params: Type.Object({ email: Type.String({ minLength: 3, maxLength: 320 }) }),
        response: { 200: Envelope(Notice) },
      },
      config: { rateLimit: { max: 5, timeWindow: minute } },
    },
    async (req) => {
      void sendPasswordReset(db, mailer, req.log, req.params.email, linkOrigin);
      return { data: { message: PASSWORD_RESET_SENT } };
    },
  );

  app.put<{ Params: { token: string }; Body: NewPassword }>(
    "/accounts/reset-password/:token",
    {
      schema: { tags, params: Type.Object({ token: MailedToken }), body: NewPassword },
      config: { rateLimit: { max: 20, timeWindow: minute } },
    },
    async (req) => {
      await resetPassword(db, req.params.token, req.body.password);
      return { data: true };
    },
  );

  app.put<{ Body: ChangePassword }>(
    "/accounts/change-password",
    {
      schema: { tags, security, body: ChangePassword },
      onRequest: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: minute } },
    },
    async (req) => {
      await changePassword(db, req.user!, req.token!, req.body);
      return { data: true };
    },
  );

  app.post(
    "/accounts/send-email-confirmation",
    {
      schema: { tags, security },
      onRequest: app.authenticate,
      config: { rateLimit: { max: 5, timeWindow: minute } },
    },
    async (req) => {
      await sendEmailConfirmation(db, mailer, req.user!, linkOrigin);
      return { data: true };
    },
  );

  app.put<{ Params: { token: string } }>(
    "/accounts/confirm-email/:token",
    {
      schema: { tags, params: Type.Object({ token: MailedToken }), response: { 200: Envelope(Me) } },
      config: { rateLimit: { max: 20, timeWindow: minute } },
    },
    async (req) => ({ data: toMe(await confirmEmail(db, req.params.token)) }),
  );
};
