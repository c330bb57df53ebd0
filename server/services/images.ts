import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ApiError } from "../errors.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Decompression bombs: a small file can claim a huge canvas, and a tiny image can be asked to grow into one.
 * The declared input size, `initial`, `resize` and the output are each checked against this before any
 * pixel is decoded or resized.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
const ACCEPTED = new Set(["png", "jpeg", "webp", "gif", "svg", "avif", "tiff"]);

export interface Mutations {
  /** The size the image was shown at when the user drew the crop box; crop coordinates are in that space. */
  initial?: { width: number; height: number };
  crop?: { x: number; y: number; width: number; height: number };
  resize?: { width?: number; height?: number };
  /**
   * The output format: PNG for uploads (spec §5), WebP or AVIF for the display variants that
   * GET /api/images/{key}?w= makes of a stored image (smaller files at the size a page shows).
   */
  format?: ImageFormat;
}

export type ImageFormat = "png" | "webp" | "avif";
export const IMAGE_TYPES: Record<ImageFormat, string> = {
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

const tooManyPixels = (what: string) =>
  new ApiError("ImageTooManyPixels", `${what} would have more than 40 million pixels`);

/**
 * Parses `mutations` of POST /images2 (spec §5: convert to png, initial width and height, optional crop and
 * resize): `png`, `initial:w,h`, `crop:x,y,w,h` and `resize:w,h` joined by `;`, each optional (a resize
 * side may be left empty to keep the aspect ratio). Conversion to PNG always happens. An `initial` canvas
 * over MAX_IMAGE_PIXELS is refused here, before the upload is even read.
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
      if (out.initial.width * out.initial.height > MAX_IMAGE_PIXELS) throw tooManyPixels("The initial size");
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

/** CSS lengths in pixels as librsvg resolves them at sharp's default density (72 dpi); em taken large. */
const UNIT_PX: Record<string, number> = {
  "": 1,
  px: 1,
  in: 72,
  cm: 72 / 2.54,
  mm: 7.2 / 2.54,
  pt: 1,
  pc: 12,
  em: 16,
  ex: 8,
};

function svgLength(value: string | undefined, percentOf: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|in|cm|mm|pt|pc|em|ex|%)?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? "").toLowerCase();
  if (unit === "%") return percentOf === undefined ? undefined : (n / 100) * percentOf;
  return n * UNIT_PX[unit];
}

/**
 * The canvas an SVG declares on its root element (width, height, viewBox), read as text without parsing or
 * rasterising anything; undefined when the bytes are not a plain SVG document or declare no usable size
 * (the worker then reads librsvg's own answer before rendering). A canvas is never taken smaller than
 * the declared numbers, so the check errs on the side of refusing.
 */
export function svgDeclaredSize(input: Buffer): { width: number; height: number } | undefined {
  // The root element sits near the top: past an XML declaration, comments and a doctype.
  const head = input.subarray(0, 64 * 1024).toString("latin1");
  const start = head.search(/<svg[\s>/]/i);
  if (start < 0) return undefined;
  const end = head.indexOf(">", start);
  if (end < 0) return undefined;
  const tag = head.slice(start, end);
  const attr = (name: string) =>
    new RegExp(`[\\s"']${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i")
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined);
  const box = attr("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const viewBox =
    box?.length === 4 && box.every(Number.isFinite) ? { width: box[2], height: box[3] } : undefined;
  let width = svgLength(attr("width"), viewBox?.width);
  let height = svgLength(attr("height"), viewBox?.height);
  if (viewBox && viewBox.width > 0 && viewBox.height > 0) {
    if (width === undefined && height !== undefined) width = (height * viewBox.width) / viewBox.height;
    else if (height === undefined && width !== undefined) height = (width * viewBox.height) / viewBox.width;
    width ??= viewBox.width;
    height ??= viewBox.height;
  }
  if (width === undefined || height === undefined) return undefined;
  return { width: Math.abs(width), height: Math.abs(height) };
}

/** Refuses an SVG whose declared canvas is over the limit, before it is queued for rasterising. */
export function checkSvgCanvas(input: Buffer): void {
  const size = svgDeclaredSize(input);
  if (!size) return;
  const pixels = Math.ceil(size.width) * Math.ceil(size.height);
  if (!Number.isFinite(pixels) || pixels > MAX_IMAGE_PIXELS)
    throw new ApiError("ImageTooManyPixels", "The SVG canvas has more than 40 million pixels");
}

/** The size `resize` (fit inside, enlarging allowed) gives an image of `from`, as sharp rounds it. */
export function resizedSize(
  from: { width: number; height: number },
  to: { width?: number; height?: number },
): { width: number; height: number } {
  const sx = to.width ? to.width / from.width : undefined;
  const sy = to.height ? to.height / from.height : undefined;
  const scale = Math.min(sx ?? Number.POSITIVE_INFINITY, sy ?? Number.POSITIVE_INFINITY);
  return {
    width: to.width && (sx as number) <= scale ? to.width : Math.max(1, Math.round(from.width * scale)),
    height: to.height && (sy as number) <= scale ? to.height : Math.max(1, Math.round(from.height * scale)),
  };
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

/**
 * Converts an upload to PNG, applying crop then resize; rejects what is not an image. Every size (declared
 * input, initial, crop, resize, output) is checked from the header before a pixel is decoded. This is the
 * work the image workers do (server/services/image-worker.ts); called in-process it is for trusted input
 * only (the demo seed), since nothing here bounds the time a hostile file takes.
 */
export async function processImage(input: Buffer, mutations: Mutations): Promise<ProcessedImage> {
  checkSvgCanvas(input);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
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
  // The whole plan is sized before any work: each step's output stays within MAX_IMAGE_PIXELS.
  let space = mutations.initial ?? seen;
  if (mutations.crop) {
    const { x, y, width, height } = mutations.crop;
    if (x + width > space.width || y + height > space.height)
      throw new ApiError("Validation", "the crop area lies outside the image");
    space = { width, height };
  }
  if (mutations.resize) {
    const out = resizedSize(space, mutations.resize);
    if (out.width * out.height > MAX_IMAGE_PIXELS) throw tooManyPixels("The resized image");
  }

  const limitInputPixels = MAX_IMAGE_PIXELS;
  const fail = (e: Error): never => {
    if (e instanceof ApiError) throw e;
    if (/pixel limit/i.test(e.message)) throw new ApiError("ImageTooManyPixels");
    throw new ApiError("ImageUnsupported", "The image could not be decoded");
  };
  try {
    let pipeline = sharp(input, { limitInputPixels }).rotate();
    if (mutations.initial) {
      // Each step runs on the previous step's output: sharp applies one resize per pipeline.
      pipeline = sharp(
        await pipeline
          .resize({ ...mutations.initial, fit: "fill" })
          .png()
          .toBuffer(),
        { limitInputPixels },
      );
    }
    if (mutations.crop) {
      const { x, y, width, height } = mutations.crop;
      pipeline = pipeline.extract({ left: x, top: y, width, height });
    }
    if (mutations.resize) {
      if (mutations.crop || mutations.initial)
        pipeline = sharp(await pipeline.png().toBuffer(), { limitInputPixels });
      pipeline = pipeline.resize({ ...mutations.resize, fit: "inside", withoutEnlargement: false });
    }
    const format = mutations.format ?? "png";
    const encoded =
      format === "webp"
        ? pipeline.webp({ quality: 80 })
        : format === "avif"
          ? pipeline.avif({ quality: 55, effort: 2 })
          : pipeline.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      key: `${randomUUID()}.${format}`,
      bytes: data,
      width: info.width,
      height: info.height,
      initialWidth: seen.width,
      initialHeight: seen.height,
    };
  } catch (e) {
    return fail(e as Error);
  }
}
