import type { FastifyRequest } from "fastify";
import type { ApiError } from "../errors.ts";

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
