import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ApiError } from "../errors.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const ACCEPTED = new Set(["png", "jpeg", "webp", "gif", "svg", "avif", "tiff"]);

export interface Mutations {
  crop?: { x: number; y: number; width: number; height: number };
  resize?: { width?: number; height?: number };
}

/**
 * Parses `mutations` of POST /images2: `crop:x,y,w,h` and `resize:w,h` joined by `;` (either part optional,
 * a resize side may be left empty to keep the aspect ratio). Conversion to PNG always happens.
 */
export function parseMutations(text: string | undefined): Mutations {
  const out: Mutations = {};
  for (const part of (text ?? "")
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, args = ""] = part.split(":");
    const nums = args.split(",").map((n) => (n.trim() === "" ? undefined : Number(n)));
    const valid = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 10000);
    if (!nums.every(valid)) throw new ApiError("Validation", `invalid mutation "${part}"`);
    if (name === "crop" && nums.length === 4 && nums.every((n) => n !== undefined)) {
      const [x, y, width, height] = nums as number[];
      if (width < 1 || height < 1) throw new ApiError("Validation", `invalid mutation "${part}"`);
      out.crop = { x, y, width, height };
    } else if (name === "resize" && nums.length === 2 && (nums[0] || nums[1])) {
      out.resize = { width: nums[0] || undefined, height: nums[1] || undefined };
    } else if (name !== "png") {
      throw new ApiError("Validation", `invalid mutation "${part}"`);
    }
  }
  return out;
}

export interface ProcessedImage {
  key: string;
  bytes: Buffer;
  width: number;
  height: number;
  /** The uploaded image's size before any mutation ("initial width and height" of spec §5). */
  initialWidth: number;
  initialHeight: number;
}

/** Converts an upload to PNG, applying crop then resize; rejects what is not an image. */
export async function processImage(input: Buffer, mutations: Mutations): Promise<ProcessedImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new ApiError("ImageUnsupported");
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    throw new ApiError("ImageUnsupported");
  let pipeline = sharp(input).rotate(); // honour EXIF orientation before cropping
  if (mutations.crop) {
    const { x, y, width, height } = mutations.crop;
    if (x + width > meta.width || y + height > meta.height)
      throw new ApiError("Validation", "the crop area lies outside the image");
    pipeline = pipeline.extract({ left: x, top: y, width, height });
  }
  if (mutations.resize)
    pipeline = pipeline.resize({ ...mutations.resize, fit: "inside", withoutEnlargement: false });
  const { data, info } = await pipeline.png().toBuffer({ resolveWithObject: true });
  return {
    key: `${randomUUID()}.png`,
    bytes: data,
    width: info.width,
    height: info.height,
    initialWidth: meta.width,
    initialHeight: meta.height,
  };
}
