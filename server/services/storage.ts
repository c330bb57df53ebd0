import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded bytes live. Local disk by default; an S3-compatible store can implement the same shape. */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

export function diskStorage(dir: string): Storage {
  const file = (key: string) => {
    // Keys come from URLs: refuse anything that could step outside the folder.
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error("invalid storage key");
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(file(key), bytes);
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        return await fs.readFile(file(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}
