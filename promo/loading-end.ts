/** Spec §9: the promo page's loading ends 2000 ms after all its icons have loaded. */
export const LOADING_END_DELAY_MS = 2000;

/** The event fired on the page root, and the attribute set on it, when loading has ended. */
export const LOADING_END_EVENT = "promo:loading-end";
export const LOADING_END_ATTRIBUTE = "data-loading-end";

/**
 * Resolves when an image URL has loaded or failed; a broken icon must not hold the signal back forever.
 * Tinted icons are CSS masks, which the browser fetches in CORS mode: asked for the same way here, the
 * page's own request is reused instead of a second download of each icon ('[colorful]' ones are plain
 * images, fetched without CORS).
 */
export function loadImage(src: string): Promise<void> {
  return new Promise((resolve) => {
    const img = new Image();
    if (!src.includes("[colorful]")) img.crossOrigin = "anonymous";
    img.onload = img.onerror = () => resolve();
    img.src = src;
  });
}

interface Options {
  load?: (src: string) => Promise<void>;
  delayMs?: number;
}

/**
 * Waits for every icon, then LOADING_END_DELAY_MS more, then marks `root` and fires LOADING_END_EVENT on it
 * (screenshots and page tests wait for it). Returns a function that cancels the wait.
 */
export function signalLoadingEnd(root: HTMLElement, icons: string[], options: Options = {}): () => void {
  const { load = loadImage, delayMs = LOADING_END_DELAY_MS } = options;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  Promise.all([...new Set(icons)].map((src) => load(src))).then(() => {
    if (cancelled) return;
    timer = setTimeout(() => {
      root.setAttribute(LOADING_END_ATTRIBUTE, "");
      root.dispatchEvent(new CustomEvent(LOADING_END_EVENT, { bubbles: true }));
    }, delayMs);
  });
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
