import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { images } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type ImageFormat, type Mutations, type ProcessedImage, processImage } from "../services/images.ts";
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

/**
 * The widths display variants are made at: a few steps from an icon to a full-width phone picture, so
 * every variant that can be asked for is worth keeping and a client cannot make the server resize one
 * image into thousands of files.
 */
export const VARIANT_WIDTHS = [96, 192, 384, 768, 1080] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
export type VariantFormat = Exclude<ImageFormat, "png">;

/** Where a variant is kept: beside its image, named by width and format ("<id>.w384.webp"). */
export const variantKey = (key: string, width: number, format: VariantFormat) =>
  `${key.replace(/\.png$/, "")}.w${width}.${format}`;

/** Variants being made right now, so requests that arrive together wait for one piece of work. */
const making = new Map<string, Promise<Buffer>>();

/**
 * A stored image (an upload, PNG) resized to `width` (never enlarged: a narrower image keeps its own
 * width) in WebP or AVIF. Each variant is made once, by `processor` (the worker pool), and kept in
 * storage; later requests read it from there. Only images recorded by uploads have variants.
 */
export async function imageVariant(
  db: Db,
  storage: Storage,
  key: string,
  width: VariantWidth,
  format: VariantFormat,
  processor: ImageProcessor,
): Promise<{ key: string; bytes: Buffer }> {
  if (!/^[0-9a-f-]{36}\.png$/i.test(key)) throw new ApiError("NotFound");
  const vkey = variantKey(key, width, format);
  let pending = making.get(vkey);
  if (!pending) {
    pending = (async () => {
      const kept = await storage.get(vkey);
      if (kept) return kept;
      const [row] = await db
        .select({ width: images.width, height: images.height })
        .from(images)
        .where(eq(images.key, key))
        .limit(1);
      const original = row ? await storage.get(key) : null;
      if (!row || !original) throw new ApiError("NotFound");
      const out = await processor(original, { resize: { width: Math.min(width, row.width) }, format });
      await storage.put(vkey, out.bytes);
      return out.bytes;
    })();
    making.set(vkey, pending);
    // Settled either way, the entry goes: a failure (a full queue) is tried again by the next request.
    const forget = () => making.delete(vkey);
    pending.then(forget, forget);
  }
  return { key: vkey, bytes: await pending };
}
