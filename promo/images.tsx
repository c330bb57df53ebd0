/**
 * Images at the size the page shows them. Images the owner uploaded (`/api/images/{id}.png`) have display
 * variants on the server (`?w=` one of 96, 192, 384, 768, 1080, in WebP: server/routes/images.ts), so the
 * page offers those through `srcset` and the browser picks the width its screen needs; any other image
 * (an outside address) is shown as it is. Every image keeps its width and height, so nothing moves.
 */

import type { AppDefinition } from "../schemas/index.ts";
import { safeHref } from "./safe.ts";

const STORED = /^\/api\/images\/[0-9a-f-]{36}\.png$/i;

/** Whether the server can make display variants of this image: one the owner uploaded. */
export const hasVariants = (src: string | undefined): src is string => !!src && STORED.test(src);

/** The variant of a stored image at `width` (WebP), or the image itself when it has none. */
export const variantUrl = (src: string, width: number) => (hasVariants(src) ? `${src}?w=${width}` : src);

/** `srcset` of a stored image's WebP variants. */
export const variantSrcSet = (src: string, widths: readonly number[]) =>
  widths.map((w) => `${variantUrl(src, w)} ${w}w`).join(", ");

/** Logos are shown at 40-64 CSS pixels: the 192 px variant covers phones at 3 device pixels. */
export const LOGO_WIDTHS = [96, 192] as const;
/** The cover fills the phone frame's screen, 232 or 272 CSS pixels wide. */
export const COVER_WIDTHS = [384, 768] as const;
export const COVER_SIZES = "(max-width:720px) 232px, 272px";
/** The variant the simulator's own views draw, the one a phone's screen picks from COVER_WIDTHS. */
export const SIMULATOR_COVER_WIDTH = 768;
export const SIMULATOR_LOGO_WIDTH = 192;

/** The cover the app's home shows first, when it is the plain cover image (no slides, no video). */
export function posterCover(definition: AppDefinition): string | undefined {
  if (definition.coverSlides?.some((s) => s.image) || definition.coverVideo?.url) return undefined;
  return safeHref(definition.cover);
}

interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  widths: readonly number[];
  sizes: string;
  className?: string;
  /** The page's largest image: fetched first. */
  priority?: boolean;
  /** Below the fold: fetched when it comes near. */
  lazy?: boolean;
}

/** A stored image as a <picture> of WebP variants with the PNG as fallback; other images as a plain <img>. */
export function Picture({ src, alt, width, height, widths, sizes, className, priority, lazy }: PictureProps) {
  const img = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      loading={lazy ? "lazy" : undefined}
    />
  );
  if (!hasVariants(src)) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={variantSrcSet(src, widths)} sizes={sizes} />
      {img}
    </picture>
  );
}
