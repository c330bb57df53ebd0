import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ApiError } from "../errors.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decompression bombs: a small file can claim a huge canvas; refuse before decoding it. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const ACCEPTED = new Set(["png", "jpeg", "webp", "gif", "svg", "avif", "tiff"]);

export interface Mutations {
  /** The size the image was shown at when the user drew the crop box; crop coordinates are in that space. */
  initial?: { width: number; height: number };
  crop?: { x: number; y: number; width: number; height: number };
  resize?: { width?: number; height?: number };
}

/**
 * Parses `mutations` of POST /images2 (spec §5: convert to png, initial width and height, optional crop and
 * resize): `png`, `initial:w,h`, `crop:x,y,w,h` and `resize:w,h` joined by `;`, each optional (a resize
 * side may be left empty to keep the aspect ratio). Conversion to PNG always happens.
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
    if (name === "initial" && nums.length === 2 && nums.every((n) => n !== undefined && n >= 1)) {
      out.initial = { width: nums[0] as number, height: nums[1] as number };
    } else if (name === "crop" && nums.length === 4 && nums.every((n) => n !== undefined)) {
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
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ApiError("ImageTooManyPixels");
  // EXIF orientation is applied first, so the sizes below are the ones the user saw.
  const rotated = (meta.orientation ?? 1) >= 5;
  const seen = rotated
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
  let pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  let space = seen;
  if (mutations.initial) {
    // Each step runs on the previous step's output: sharp applies one resize per pipeline.
    pipeline = sharp(
      await pipeline
        .resize({ ...mutations.initial, fit: "fill" })
        .png()
        .toBuffer(),
      { limitInputPixels: MAX_IMAGE_PIXELS },
    );
    space = mutations.initial;
  }
  if (mutations.crop) {
    const { x, y, width, height } = mutations.crop;
    if (x + width > space.width || y + height > space.height)
      throw new ApiError("Validation", "the crop area lies outside the image");
    pipeline = pipeline.extract({ left: x, top: y, width, height });
  }
  if (mutations.resize) {
    if (mutations.crop || mutations.initial) pipeline = sharp(await pipeline.png().toBuffer());
    pipeline = pipeline.resize({ ...mutations.resize, fit: "inside", withoutEnlargement: false });
  }
  const { data, info } = await pipeline
    .png()
    .toBuffer({ resolveWithObject: true })
    .catch((e: Error) => {
      if (/pixel limit/i.test(e.message)) throw new ApiError("ImageTooManyPixels");
      throw new ApiError("ImageUnsupported", "The image could not be decoded");
    });
  return {
    key: `${randomUUID()}.png`,
    bytes: data,
    width: info.width,
    height: info.height,
    initialWidth: seen.width,
    initialHeight: seen.height,
  };
}
