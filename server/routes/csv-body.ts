import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { uploadedFile } from "./uploads.ts";

export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** The CSV text of an import: a multipart file (the console's upload) or a text/csv body. */
export async function csvText(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    const bytes = await uploadedFile(req, {
      maxBytes: MAX_CSV_BYTES,
      missing: new ApiError("CsvInvalid", "A CSV file is required"),
      tooLarge: new ApiError("CsvInvalid", "The CSV file is larger than 10 MB"),
      broken: new ApiError("CsvInvalid", "The upload could not be read"),
    });
    return bytes.toString("utf8");
  }
  if (typeof req.body === "string") return req.body;
  throw new ApiError("UnsupportedMedia", "Send the CSV as text/csv or as a multipart file");
}
