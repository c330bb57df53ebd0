import type { Db } from "../db/connect.ts";
import { images } from "../db/schema.ts";
import { type Mutations, processImage } from "../services/images.ts";
import type { Storage } from "../services/storage.ts";

export interface StoredImage {
  url: string;
  width: number;
  height: number;
  initialWidth: number;
  initialHeight: number;
}

/** Converts an image to PNG with its mutations, keeps the bytes in storage and records them. */
export async function storeImage(
  db: Db,
  storage: Storage,
  input: Buffer,
  mutations: Mutations,
  userId: string | null,
): Promise<StoredImage> {
  const out = await processImage(input, mutations);
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
