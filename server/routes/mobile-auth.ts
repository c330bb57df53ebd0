import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { mobileApp } from "../ops/apps.ts";
import {
  type CodeDeps,
  normalizeIdentifier,
  sendCode,
  signInWithCode,
  signInWithToken,
  signOut,
} from "../ops/mobile-auth.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];
const Ok = Type.Object({ data: Type.Boolean() });
const SignInBody = Type.Object(
  {
    userId: Type.String({ format: "uuid" }),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
    token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
type SignInBody = { userId: string; email?: string; phone?: string; code?: string; token?: string };

// Besides the per-address limits, one client address may not ask for codes for many addresses.
const sendLimit = { rateLimit: { max: 30, timeWindow: "10 minutes" } };

/**
 * Passwordless sign-in (spec §7 Mobile). Sign-in answers `{ userId, token, profile }`: the token is what
 * later proves to /mobile/users/{userId} that the caller is that user of that app.
 */
export const mobileAuthRoutes: FastifyPluginAsync<{ db: Db } & CodeDeps> = async (app, { db, ...deps }) => {
  const appName = async (appId: string) => String((await mobileApp(db, appId)).definition?.name ?? "");

  app.post<{ Body: { email: string } }>(
    "/mobile/users/auth/email-confirmation",
    {
      config: sendLimit,
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        body: Type.Object({ email: Type.String({ format: "email", maxLength: 320 }) }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await sendCode(db, appId, await appName(appId), normalizeIdentifier({ email: req.body.email }), deps);
      return { data: true };
    },
  );

  app.post<{ Body: { phone: string } }>(
    "/mobile/users/auth/sms-confirmation",
    {
      config: sendLimit,
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        body: Type.Object({
          phone: Type.String({ minLength: 4, maxLength: 40, pattern: "^\\+?[0-9\\s\\-().]+$" }),
        }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await sendCode(db, appId, await appName(appId), normalizeIdentifier({ phone: req.body.phone }), deps);
      return { data: true };
    },
  );

  app.post<{ Body: SignInBody }>(
    "/mobile/users/auth/sign-in",
    { bodyLimit: MOBILE_BODY_LIMIT, schema: { tags, headers: MobileHeaders, body: SignInBody } },
    async (req) => {
      const appId = appIdOf(req);
      await mobileApp(db, appId);
      const { userId, code } = req.body;
      // The widget's session token, in the body or as a bearer: alone it resumes a session; with a code it
      // proves that `userId` is the caller's own record (a changed address being verified again).
      const token = req.body.token ?? bearerOf(req);
      if (token && code === undefined) return { data: await signInWithToken(db, appId, token, userId) };
      const identifier = normalizeIdentifier(req.body);
      return { data: await signInWithCode(db, appId, identifier, code ?? "", userId, deps.now, token) };
    },
  );

  app.delete<{ Params: { userId: string } }>(
    "/mobile/users/auth/sign-out/:userId",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: { tags, headers: MobileHeaders, params: UserParams, response: { 200: Ok } },
    },
    async (req) => {
      await signOut(db, appIdOf(req), req.params.userId, bearerOf(req));
      return { data: true };
    },
  );
};
