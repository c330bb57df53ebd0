import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, Me, SignIn, SignUp } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { signIn, signOut, signUp, toMe } from "../ops/accounts.ts";

const tags = ["Accounts"];

export const accountRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post<{ Body: SignUp }>(
    "/accounts/sign-up",
    {
      schema: { tags, body: SignUp, response: { 200: Envelope(Type.Object({ email: Type.String() })) } },
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req) => {
      const user = await signUp(db, req.body);
      return { data: { email: user.email } };
    },
  );

  app.post<{ Body: SignIn }>(
    "/accounts/sign-in",
    {
      schema: {
        tags,
        body: SignIn,
        response: { 200: Envelope(Type.String({ description: "session token" })) },
      },
      // Sign-in is the password-guessing surface: a small budget per client address.
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req) => ({ data: await signIn(db, req.body) }),
  );

  app.get(
    "/accounts/me",
    {
      schema: { tags, security: [{ bearer: [] }], response: { 200: Envelope(Me) } },
      preHandler: app.authenticate,
    },
    async (req) => ({ data: toMe(req.user!) }),
  );

  app.delete(
    "/accounts/sign-out",
    { schema: { tags, security: [{ bearer: [] }] }, preHandler: app.authenticate },
    async (req) => {
      await signOut(db, req.token!);
      return { data: true };
    },
  );
};
