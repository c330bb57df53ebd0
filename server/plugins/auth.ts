import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/connect.ts";
import type { users } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { callerOf, userForToken } from "../ops/accounts.ts";
import { type Caller, isAdmin, isClientManager } from "../permissions.ts";

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module "fastify" {
  interface FastifyRequest {
    user: typeof users.$inferSelect | null;
    /** The signed-in user as permissions see them (type and super-user flag). */
    caller: Caller;
    token: string | null;
  }
  interface FastifyInstance {
    /** Requires a valid session token (401 otherwise). Used as onRequest, before the body is even read. */
    authenticate: Hook;
    /** authenticate, then Admin only (403 otherwise). */
    requireAdmin: Hook;
    /** authenticate, then Admin or Accountant only. */
    requireClientManager: Hook;
  }
}

/** "Authorization: Bearer <token>"; the bare token is accepted too, as the spec's client sends it. */
export function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return token || null;
}

export const authPlugin = fp<{ db: Db; superUserId?: string }>(async (app, { db, superUserId }) => {
  app.decorateRequest("user", null);
  app.decorateRequest("caller", null as unknown as Caller);
  app.decorateRequest("token", null);
  const authenticate: Hook = async (req) => {
    const token = tokenFrom(req);
    if (!token) throw new ApiError("Unauthorized");
    // Tokens are 43 characters; anything far longer is not one and is not worth a database look-up.
    const user = token.length <= 200 ? await userForToken(db, token) : null;
    if (!user) throw new ApiError("InvalidToken");
    req.user = user;
    req.caller = callerOf(user, superUserId);
    req.token = token;
  };
  app.decorate("authenticate", authenticate);
  app.decorate("requireAdmin", async (req: FastifyRequest, reply: FastifyReply) => {
    await authenticate(req, reply);
    if (!isAdmin(req.caller)) throw new ApiError("AdminOnly");
  });
  app.decorate("requireClientManager", async (req: FastifyRequest, reply: FastifyReply) => {
    await authenticate(req, reply);
    if (!isClientManager(req.caller)) throw new ApiError("ClientManagersOnly");
  });
});
