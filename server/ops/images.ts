import type { Db } from "../db/connect.ts";
import { images } from "../db/schema.ts";
import { type Mutations, type ProcessedImage, processImage } from "../services/images.ts";
import type { Storage } from "../services/storage.ts";

export interface StoredImage {
  url: string;
  width: number;
  height: number;
  initialWidth: number;
  initialHeight: number;
}

/** Where the image work runs: the worker pool for uploads (ImagePool.run), in-process for trusted input. */
export type ImageProcessor = (input: Buffer, mutations: Mutations) => Promise<ProcessedImage>;

/**
 * Converts an image to PNG with its mutations, keeps the bytes in storage and records them. Uploads pass
 * the worker pool as `processor`; the in-process default is for images the server drew itself (the seed).
 */
export async function storeImage(
  db: Db,
  storage: Storage,
  input: Buffer,
  mutations: Mutations,
  userId: string | null,
  processor: ImageProcessor = processImage,
): Promise<StoredImage> {
  const out = await processor(input, mutations);
  await storage.put(out.key, out.bytes);
  await db.insert(images).values({
    key: out.key,
    contentType: "image/png",
    width: out.width,
    height: out.height,
    bytes: out.bytes.length,
    userId,
  });
  return {
    url: `/api/images/${out.key}`,
    width: out.width,
    height: out.height,
    initialWidth: out.initialWidth,
    initialHeight: out.initialHeight,
  };
}
