import { CLIENT_TEXTS, tokenStore } from "../api.ts";

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
