import { isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";
import type { TrustProxy } from "./config.ts";
import { ApiError } from "./errors.ts";

/** A trust check as proxy-addr calls it: the address of a hop and its distance from us (0 = the socket). */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as the `trustProxy` option of Fastify. Everything Fastify tells about the client (`req.ip`,
 * `req.host`, `req.protocol`) then goes through it, so no other code reads X-Forwarded-* headers.
 *
 * A hop count becomes a function: Fastify 5 answers a plain number by trusting nobody (so the count would be
 * silently ignored), while "the nearest N hops" is what a count means: with 1, the socket's peer (our proxy)
 * is believed and the right-most X-Forwarded-For entry, the address that proxy saw, is the client; anything
 * the client wrote to the left of it is ignored.
 */
export function trustProxyOption(trust: TrustProxy): boolean | string[] | TrustFunction {
  if (typeof trust === "number") {
    const hops = Math.max(0, Math.trunc(trust));
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  return trust;
}

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** A host name (letters, digits and hyphens in dot-separated labels), an IPv4 address or a [bracketed] IPv6. */
function isHostName(host: string): boolean {
  if (host.startsWith("[")) return host.endsWith("]") && isIPv6(host.slice(1, -1));
  const name = host.endsWith(".") ? host.slice(0, -1) : host;
  return name.length > 0 && name.length <= 253 && name.split(".").every((part) => label.test(part));
}

/** Whether `value` is a syntactically valid `host[:port]` (what a Host header may hold). */
export function isHostAndPort(value: string): boolean {
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, host, port] = match;
  return isHostName(host) && (port === undefined || (Number(port) > 0 && Number(port) <= 65535));
}

/**
 * The public origin of this server as seen by the client of `req`: PUBLIC_URL when it is set; otherwise the
 * request's own scheme and host, read through the trusted-proxy setting (Fastify's `req.host` and
 * `req.protocol` believe X-Forwarded-Host/-Proto only from a trusted proxy, else the Host header and the
 * socket). The one place absolute URLs built for a request (snippets, promo links, QR codes) get their origin.
 * A host that is not a valid `host[:port]` is refused rather than copied into a page.
 */
export function publicOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = req.host;
  if (!isHostAndPort(host)) throw new ApiError("InvalidValue", "The request's Host is not a valid host name");
  const scheme = req.protocol === "https" ? "https" : "http";
  return `${scheme}://${host.toLowerCase()}`;
}
