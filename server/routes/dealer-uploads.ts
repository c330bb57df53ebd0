import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { DOCUMENT_MAX_BYTES } from "../ops/documents.ts";

/** The one file of a glovebox document upload, with its name; broken or missing parts are the client's error. */
export async function documentUpload(req: FastifyRequest): Promise<{ bytes: Buffer; fileName?: string }> {
  if (!req.isMultipart()) throw new ApiError("UnsupportedMedia", "Send the document as a multipart file");
  let file: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    file = await req.file({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } });
  } catch {
    throw new ApiError("Validation", "The upload could not be read");
  }
  if (!file) throw new ApiError("Validation", "A file is required");
  try {
    return { bytes: await file.toBuffer(), fileName: file.filename?.slice(0, 200) || undefined };
  } catch (e) {
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new ApiError("Validation", "The document is larger than 10 MB");
    throw new ApiError("Validation", "The upload could not be read");
  }
}
