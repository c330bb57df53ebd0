import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { Limits } from "./limits.ts";

/** IPv6 clients are counted per /64: one host usually holds a whole /64 and could rotate through it. */
export const IPV6_SUBNET = 64;

/**
 * The key of "this client" for per-address limits: the address Fastify derived through TRUST_PROXY, with
 * IPv6 cut to its /64 (and IPv4-mapped IPv6 written as IPv4). Limits that count per address outside the
 * rate-limit plugin (lock-outs, send limits) use this too, so every limit sees the same client.
 */
export const clientKey = (req: FastifyRequest): string => normalizeIP(req.ip, IPV6_SUBNET);

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit passes to `child`: the merged options and, for a route, the route itself. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store class for @fastify/rate-limit that counts in `limits` (app.limits: PostgreSQL's rate_limits table
 * by default), so every API node enforces one budget instead of one each. The plugin constructs it once
 * with its global options and asks it for a `child` per route: each child prefixes its keys with the route's
 * method and URL, so two routes never share a counter. Limits made with `createRateLimit` (no route) share
 * the "custom:" namespace; their key generators must name their own purpose (sign-in's is "sign-in:<email>").
 *
 * The window is fixed (starts at the first hit); `continueExceeding` and `exponentialBackoff` are not
 * supported and no route asks for them.
 */
export function limitsStore(limits: Limits) {
  return class LimitsStore {
    readonly prefix: string;
    constructor(_globalOptions: unknown, prefix = "rate:") {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      limits.hit(this.prefix + key, timeWindow).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      limits.read(this.prefix + key).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // Typed `unknown`: the plugin's types name the route options, while it passes its merged options.
    child(options: unknown): LimitsStore {
      const route = (options as ChildOptions).routeInfo;
      const namespace = route?.url ? `${[route.method ?? "ALL"].flat().join(",")} ${route.url}` : "custom";
      return new LimitsStore(options, `${this.prefix}${namespace}:`);
    }
  };
}
