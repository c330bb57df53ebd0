import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers, computed once. @fastify/helmet rebuilt helmet's middleware on every request (parsing the
 * CSP directives each time: 14% of the CPU of GET /api/mobile/app); the headers never depend on the request,
 * so they are captured here at start and copied onto every reply.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The security headers every answer carries (for answers sent outside Fastify's hooks). */
    securityHeaderValues: Record<string, string>;
  }
}

export const securityHeaders = fp<HelmetOptions>(async (app, options) => {
  const values = helmetHeaders(options);
  app.decorate("securityHeaderValues", values);
  const headers = Object.entries(values);
  app.addHook("onRequest", (_req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
});

/** Default methods of the CORS preflight answer (as @fastify/cors answered). */
const METHODS = "GET,HEAD,PUT,PATCH,POST,DELETE";

/**
 * CORS for the public prefixes only (the widget's calls and assets), as a plain hook: the origin is reflected
 * with `Vary: Origin`, preflights get 204. Other URLs get no CORS headers (their preflight is a 404).
 * Replaces @fastify/cors's delegator, which rebuilt and spread its options object on every request.
 */
export const openCors = fp<{ open: (url: string) => boolean }>(async (app, { open }) => {
  app.addHook("onRequest", (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const url = req.raw.url ?? "";
    if (!open(url)) return done();
    const origin = req.headers.origin;
    reply.header("vary", "Origin");
    if (origin) reply.header("access-control-allow-origin", origin);
    if (req.raw.method === "OPTIONS") {
      const method = req.headers["access-control-request-method"];
      if (!origin || !method) {
        reply.status(400).type("text/plain").send("Invalid Preflight Request");
        return;
      }
      reply.header("access-control-allow-methods", METHODS);
      const asked = req.headers["access-control-request-headers"];
      if (asked) {
        reply.header("access-control-allow-headers", asked);
        reply.header("vary", "Origin, Access-Control-Request-Headers");
      }
      reply.status(204).header("content-length", "0").send();
      return;
    }
    done();
  });
  // Lets the router accept OPTIONS anywhere; open URLs were answered by the hook above.
  app.options("*", { schema: { hide: true } }, (_req, reply) => reply.callNotFound());
});
