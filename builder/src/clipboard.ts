import { notify } from "./api.ts";

/** spec §8 clipboard texts. */
export const COPIED = "Copied to clipboard";
export const COPY_FAILED = "Failed to copy to clipboard";

/** Copies text and says how it went (a success notice, or the spec's failure text as a danger notice). */
export async function copyText(
  text: string,
  write = (t: string) => navigator.clipboard.writeText(t),
): Promise<boolean> {
  try {
    await write(text);
    notify("success", COPIED);
    return true;
  } catch {
    notify("danger", COPY_FAILED);
    return false;
  }
}
