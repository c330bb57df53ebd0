import { CLIENT_TEXTS, tokenStore } from "../api.ts";

/** The server's limit for one image (server/services/images.ts MAX_IMAGE_BYTES; a unit test keeps them equal). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The image types the server converts (sharp): what the file picker offers and the check accepts. */
export const IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "image/avif",
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Checks an image before anything is sent (issue 19): a file over the server's limit or of a type it does
 * not convert is refused at once with what to do, instead of after uploading it all. Null when fine.
 */
export function checkImageFile(file: Blob): string | null {
  if (file.type && !IMAGE_TYPES.includes(file.type))
    return "This file is not an image the app can use: choose a PNG, JPEG, GIF, WebP, SVG or AVIF file";
  if (file.size > MAX_IMAGE_BYTES)
    return `The image is larger than 10 MB (this one is ${mb(file.size)}): choose a smaller image`;
  return null;
}

/** A crop drawn on the image as displayed (`initial` is the displayed size the box was drawn on). */
export interface Crop {
  initial: { w: number; h: number };
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The /images2 mutations string (server/services/images.ts): always PNG, then the crop if any. */
export function mutationsOf(crop?: Crop): string {
  const parts = ["png"];
  if (crop) {
    const r = Math.round;
    parts.push(
      `initial:${r(crop.initial.w)},${r(crop.initial.h)}`,
      `crop:${r(crop.x)},${r(crop.y)},${r(crop.w)},${r(crop.h)}`,
    );
  }
  return parts.join(";");
}

/**
 * Uploads one image to /api/images2 and resolves with its URL. XMLHttpRequest, because fetch cannot
 * report upload progress.
 */
export function uploadImage(file: Blob, onProgress: (percent: number) => void, crop?: Crop): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/images2?mutations=${encodeURIComponent(mutationsOf(crop))}`);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: any = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: the generic text below */
      }
      if (xhr.status === 200 && body?.data?.url) resolve(body.data.url);
      else reject(new Error(body?.error?.message ?? CLIENT_TEXTS.generic));
    };
    xhr.onerror = () => reject(new Error(CLIENT_TEXTS.network));
    xhr.ontimeout = () => reject(new Error(CLIENT_TEXTS.timeout));
    xhr.timeout = 60000;
    const form = new FormData();
    form.append("file", file, "image");
    xhr.send(form);
  });
}
