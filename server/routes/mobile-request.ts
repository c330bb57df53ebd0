import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";

/** Every widget call names its app in X-App; user calls add `Authorization: Bearer <user token>`. */
export const MobileHeaders = Type.Object({
  "x-app": Type.Optional(Type.String({ description: "the app id" })),
  authorization: Type.Optional(Type.String({ description: "Bearer token from sign-in (user calls)" })),
});

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
