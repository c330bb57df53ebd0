import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppCache, CachedApp } from "./app-cache.ts";

/** If-None-Match against a strong ETag: "*", the tag itself, or a list containing it (W/ prefixes compare weakly). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header.trim() === "*") return true;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}`;
  });
}

/** The headers GET /api/mobile/app adds to the security headers: validators, caching and CORS. */
export function widgetHeaders(etag: string, origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { etag, "cache-control": "no-cache", vary: "Origin, X-App" };
  if (origin) headers["access-control-allow-origin"] = origin;
  return headers;
}

/**
 * One cached app version's answers, ready to write: the headers as flat [name, value, …] lists (frozen: Node
 * reads them and never changes them, so every request reuses them) and the body already encoded.
 */
interface PreparedAnswer {
  /** 304: the security headers and the validators, in the order the route sends them. */
  notModified: readonly string[];
  /** 200: the same plus Content-Type and Content-Length. */
  ok: readonly string[];
  body: Buffer;
}

const JSON_TYPE = "application/json; charset=utf-8";

function prepare(hit: CachedApp, security: Record<string, string>): PreparedAnswer {
  const body = Buffer.from(hit.body);
  const notModified = [
    ...Object.entries(security),
    ...Object.entries(widgetHeaders(hit.etag, undefined)),
  ].flat();
  const ok = [...notModified, "content-type", JSON_TYPE, "content-length", String(body.length)];
  return { notModified: Object.freeze(notModified), ok: Object.freeze(ok), body };
}

/** The CORS header is the only part that depends on the request: the caller's origin, reflected. */
const withOrigin = (headers: readonly string[], origin: string | undefined) =>
  origin ? [...headers, "access-control-allow-origin", origin] : headers;

/**
 * Answers GET /api/mobile/app from the app cache straight on the HTTP server, before Fastify's routing, hooks
 * and request logger: every page view of every dealer site calls it, and a cached answer needs none of them.
 * Only a plain cached hit is answered here (the same headers and body the route sends); anything else
 * (no X-App, a cache miss, shutting down, another URL) returns false and goes through Fastify as usual.
 *
 * A hit costs one map lookup and one buffer write: the header lists and the encoded body are built once per
 * cached app version (keyed by the cache entry itself, so a save, which replaces the entry, also drops them),
 * and the security headers, fixed once the server has started, are read once.
 */
export function widgetFastPath(
  cache: AppCache,
  securityHeaders: () => Record<string, string> | undefined,
  closing: () => boolean,
) {
  const prepared = new WeakMap<CachedApp, PreparedAnswer>();
  let security: Record<string, string> | undefined;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.url !== "/api/mobile/app" || req.method !== "GET" || closing()) return false;
    const appId = req.headers["x-app"];
    security ??= securityHeaders();
    if (typeof appId !== "string" || !appId || !security) return false;
    const hit = cache.get(appId);
    if (!hit) return false;
    let answer = prepared.get(hit);
    if (!answer) {
      answer = prepare(hit, security);
      prepared.set(hit, answer);
    }
    const origin = req.headers.origin;
    if (etagMatches(req.headers["if-none-match"], hit.etag)) {
      res.writeHead(304, withOrigin(answer.notModified, origin) as string[]);
      res.end();
      return true;
    }
    res.writeHead(200, withOrigin(answer.ok, origin) as string[]);
    res.end(answer.body);
    return true;
  };
}
