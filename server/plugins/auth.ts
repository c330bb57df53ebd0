import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/connect.ts";
import type { users } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type toMe, userForToken } from "../ops/accounts.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: typeof users.$inferSelect | null;
    token: string | null;
  }
  interface FastifyInstance {
    /** preHandler that requires a valid session token (401 otherwise). */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
export type SignedInUser = ReturnType<typeof toMe>;

/** "Authorization: Bearer <token>"; the bare token is accepted too, as the spec's client sends it. */
export function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return token || null;
}

export const authPlugin = fp<{ db: Db }>(async (app, { db }) => {
  app.decorateRequest("user", null);
  app.decorateRequest("token", null);
  app.decorate("authenticate", async (req: FastifyRequest) => {
    const token = tokenFrom(req);
    if (!token) throw new ApiError("Unauthorized");
    const user = await userForToken(db, token);
    if (!user) throw new ApiError("InvalidToken");
    req.user = user;
    req.token = token;
  });
});
