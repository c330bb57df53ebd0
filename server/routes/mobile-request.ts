import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";

/** Every widget call names its app in X-App; user calls add `Authorization: Bearer <user token>`. */
export const MobileHeaders = Type.Object({
  "x-app": Type.Optional(Type.String({ description: "the app id" })),
  authorization: Type.Optional(Type.String({ description: "Bearer token from sign-in (user calls)" })),
});

/**
 * The largest body a widget call takes. Its real bodies are a few KB (50 analytics signals, a profile, a
 * form); a small cap bounds what an anonymous caller makes the server parse and check. App definitions
 * keep the global 2 MB.
 */
export const MOBILE_BODY_LIMIT = 64 * 1024;

export const UserParams = Type.Object({ userId: Type.String({ format: "uuid" }) });

export function appIdOf(req: FastifyRequest): string {
  const appId = req.headers["x-app"];
  if (typeof appId !== "string" || !appId) throw new ApiError("AppIdRequired");
  return appId;
}

export function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return typeof h === "string" && h.startsWith("Bearer ") ? h.slice(7).trim() || undefined : undefined;
}
