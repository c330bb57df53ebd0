import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppCache } from "./app-cache.ts";

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
 * Answers GET /api/mobile/app from the app cache straight on the HTTP server, before Fastify's routing, hooks
 * and request logger: every page view of every dealer site calls it, and a cached answer needs none of them.
 * Only a plain cached hit is answered here (the same headers and body the route sends); anything else
 * (no X-App, a cache miss, shutting down, another URL) returns false and goes through Fastify as usual.
 */
export function widgetFastPath(
  cache: AppCache,
  securityHeaders: () => Record<string, string> | undefined,
  closing: () => boolean,
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.url !== "/api/mobile/app" || req.method !== "GET" || closing()) return false;
    const appId = req.headers["x-app"];
    const base = securityHeaders();
    if (typeof appId !== "string" || !appId || !base) return false;
    const hit = cache.get(appId);
    if (!hit) return false;
    const origin = req.headers.origin;
    const headers = { ...base, ...widgetHeaders(hit.etag, origin) };
    if (etagMatches(req.headers["if-none-match"], hit.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers["content-type"] = "application/json; charset=utf-8";
    headers["content-length"] = String(Buffer.byteLength(hit.body));
    res.writeHead(200, headers);
    res.end(hit.body);
    return true;
  };
}
