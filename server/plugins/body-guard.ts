import fp from "fastify-plugin";
import { ApiError } from "../errors.ts";

/** Far deeper than any real payload (an app definition nests about ten levels). */
export const MAX_BODY_DEPTH = 64;

/** The nesting depth of a parsed JSON value, measured without recursion so a hostile body cannot overflow. */
export function depthOf(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Object.values(v))
      if (typeof child === "object" && child !== null) stack.push([child, d + 1]);
  }
  return max;
}

/**
 * Refuses bodies nested deeper than MAX_BODY_DEPTH before validation: deep nesting buys an attacker stack
 * overflows in serialisers and the database, and no real client sends it.
 */
export const bodyGuard = fp(async (app) => {
  app.addHook("preValidation", async (req) => {
    if (
      typeof req.body === "object" &&
      req.body !== null &&
      depthOf(req.body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH
    )
      throw new ApiError("Validation", `The request is nested more than ${MAX_BODY_DEPTH} levels deep`);
  });
});
