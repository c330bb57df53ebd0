import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { toFieldErrors } from "../schemas/index.ts";
import { ApiError, errors } from "./errors.ts";

/** The error half of the wire format: `{ "error": { message, code, details? } }`. */
export interface ErrorBody {
  message: string;
  code: string;
  details?: unknown;
}

/**
 * Database errors caused by the request's values (a NUL character, a number out of range, text that is not
 * a UUID) are the client's mistake: they answer 400 with a message instead of 500.
 */
const clientDataErrors = new Set(["22P05", "22021", "22003", "22P02", "22001", "54000", "54001"]);
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code =
    typeof e?.code === "string" ? e.code : typeof e?.cause?.code === "string" ? e.cause.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Errors raised by Fastify itself and its plugins, with the code and message the API reports instead of
 * the framework's internal ones (a message echoing the request's path is not repeated back).
 */
const frameworkCodes: Record<string, ErrorBody> = {
  FST_ERR_MAX_PARAM_LENGTH: {
    code: "UriTooLong",
    message: "A part of the address is longer than 100 characters",
  },
  FST_ERR_BAD_URL: { code: "BadUrl", message: "The address is not valid" },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PayloadTooLarge", message: "The request body is too large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "UnsupportedMedia", message: errors.UnsupportedMedia.message },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "BadRequest",
    message: "The request body size did not match Content-Length",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "InvalidJson", message: "The JSON body is empty" },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "InvalidJson", message: "The body is not valid JSON" },
};

/** Codes for a status when nothing more precise is known. */
const statusCodes: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  406: "NotAcceptable",
  408: "RequestTimeout",
  413: "PayloadTooLarge",
  414: "UriTooLong",
  415: "UnsupportedMedia",
  429: "TooManyRequests",
  431: "HeadersTooLarge",
  503: "Unavailable",
};

/** The status and envelope for anything thrown while handling a request; 5xx details stay in the log. */
export function errorReply(err: unknown): { status: number; error: ErrorBody } {
  if (err instanceof ApiError)
    return {
      status: err.status,
      error: { message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) },
    };
  const code = pgCode(err);
  if (code && clientDataErrors.has(code))
    return { status: 400, error: { message: errors.InvalidValue.message, code: "InvalidValue" } };
  const e = err as Partial<FastifyError>;
  if (e?.validation) {
    const details = toFieldErrors(e.validation);
    return {
      status: 400,
      error: { message: details[0]?.message ?? errors.Validation.message, code: "Validation", details },
    };
  }
  const known = typeof e?.code === "string" ? frameworkCodes[e.code] : undefined;
  const status =
    typeof e?.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) return { status: 500, error: { message: errors.Internal.message, code: "Internal" } };
  if (known) return { status, error: known };
  return {
    status,
    error: {
      message: e?.message || http.STATUS_CODES[status] || "Invalid request",
      code:
        typeof e?.code === "string" && !e.code.startsWith("FST_")
          ? e.code
          : (statusCodes[status] ?? "BadRequest"),
    },
  };
}

const apiPath = /^\/api(?:[/?#]|$)/i;

/**
 * Whether an error for this request is shown to a person as a page rather than returned as JSON: every
 * document path outside /api (the builder, /portal, /promo, /demo), not files such as /sdk/embed.js.
 */
export function wantsHtml(url: string): boolean {
  if (apiPath.test(url)) return false;
  const extension = path.extname(url.split(/[?#]/)[0]);
  return extension === "" || extension === ".html";
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const pageTitles: Record<number, string> = {
  400: "This request could not be understood",
  404: "Page not found",
  414: "This address is too long",
  429: "Too many requests",
  500: "Something went wrong",
};

/** A small page for people, in place of JSON, for errors on the HTML surfaces. */
export function htmlErrorPage(status: number, message: string): string {
  const title = pageTitles[status] ?? http.STATUS_CODES[status] ?? "Error";
  const detail = message && message !== title ? `<p>${escapeHtml(message)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status} ${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${detail}<p>Error ${status}</p></main></body></html>`;
}

/** Sends an error in the envelope, or as a page for people on the HTML surfaces. */
export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, error: ErrorBody) {
  reply.status(status);
  if (wantsHtml(req.url ?? req.raw.url ?? "/"))
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(htmlErrorPage(status, error.message));
  return reply.send({ error });
}

/** Fastify's `frameworkErrors`: the router's own refusals (414 for a long parameter, 400 for a bad URL). */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const { status, error } = errorReply(err);
  return sendError(req, reply, status, error);
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before any routing (malformed
 * request line or headers 400, headers too large 431, timeout 408). There is no reliable URL yet, so they
 * answer in the API's envelope.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const status =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : err.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const message =
    status === 408
      ? "The request took too long to arrive"
      : status === 431
        ? "The request headers are too large"
        : "The request could not be read";
  const body = JSON.stringify({ error: { message, code: statusCodes[status] } });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
