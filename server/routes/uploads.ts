import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { clientKey } from "../services/rate-limit-store.ts";

/**
 * The one file of a multipart upload. A body that only claims to be multipart (no boundary, broken parts)
 * is the client's mistake and answers `broken`, never a 500.
 */
export async function uploadedFile(
  req: FastifyRequest,
  opts: { maxBytes: number; missing: ApiError; tooLarge: ApiError; broken: ApiError },
): Promise<Buffer> {
  if (!req.isMultipart()) throw opts.missing;
  let file: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  } catch {
    throw opts.broken;
  }
  if (!file) throw opts.missing;
  try {
    return await file.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw opts.tooLarge;
    throw opts.broken;
  }
}

/** Uploads allowed per caller in UPLOAD_WINDOW_MS. */
export const UPLOADS_PER_WINDOW = 60;
export const UPLOAD_WINDOW_MS = 10 * 60_000;

/**
 * Counts one upload in the limits shared by every API node (app.limits): per account when signed in, so
 * an account gains nothing from many addresses, and per client address when anonymous. Past
 * UPLOADS_PER_WINDOW in UPLOAD_WINDOW_MS it answers 429 TooManyRequests with Retry-After. Call it before
 * the body is read, so refused uploads cost nothing.
 */
export async function limitUploads(req: FastifyRequest, reply: FastifyReply, kind: string): Promise<void> {
  const key = req.user
    ? `uploads:${kind}:account:${req.user.id}`
    : `uploads:${kind}:address:${clientKey(req)}`;
  const { hits, ttlMs } = await req.server.limits.hit(key, UPLOAD_WINDOW_MS);
  if (hits <= UPLOADS_PER_WINDOW) return;
  reply.header("retry-after", String(Math.max(1, Math.ceil(ttlMs / 1000))));
  throw new ApiError("TooManyRequests", "Too many uploads, try again later");
}

/**
 * Aborts when the client goes away before its answer is sent, so work queued or running for it stops
 * (the response's "close" comes before its end only when the connection dropped).
 */
export function clientGone(req: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.once("close", onClose);
  if (req.raw.socket?.destroyed) controller.abort();
  return controller.signal;
}
