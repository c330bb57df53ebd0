import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";

export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** The CSV text of an import: a multipart file (the console's upload) or a text/csv body. */
export async function csvText(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    const file = await req.file({ limits: { fileSize: MAX_CSV_BYTES, files: 1 } });
    if (!file) throw new ApiError("CsvInvalid", "A CSV file is required");
    const bytes = await file.toBuffer().catch((e: { code?: string }) => {
      if (e.code === "FST_REQ_FILE_TOO_LARGE")
        throw new ApiError("CsvInvalid", "The CSV file is larger than 10 MB");
      throw e;
    });
    return bytes.toString("utf8");
  }
  if (typeof req.body === "string") return req.body;
  throw new ApiError("UnsupportedMedia", "Send the CSV as text/csv or as a multipart file");
}
