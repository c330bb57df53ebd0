import sharp from "sharp";
import { ApiError } from "../errors.ts";
import { type Mutations, processImage } from "./images.ts";

/**
 * The child process of the image pool (server/services/image-worker-pool.ts): it runs sharp on one job at
 * a time, so a hostile file can only burn this process, which the pool kills when the job runs too long.
 * Messages in: { id, input, mutations }; out: "ready" once, then { id, ok, result | code+message } per job.
 */
export interface WorkerJob {
  id: number;
  input: Uint8Array;
  mutations: Mutations;
}
export type WorkerAnswer =
  | { type: "ready" }
  | {
      type: "done";
      id: number;
      ok: true;
      result: {
        key: string;
        bytes: Uint8Array;
        width: number;
        height: number;
        initialWidth: number;
        initialHeight: number;
      };
    }
  | { type: "done"; id: number; ok: false; code: string; message: string };

if (process.send) {
  // One libvips thread per worker: the pool is sized to leave the main process a core of its own.
  sharp.concurrency(1);
  sharp.cache(false);
  const send = (answer: WorkerAnswer) => process.send?.(answer);
  process.on("message", async (job: WorkerJob) => {
    try {
      const out = await processImage(
        Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength),
        job.mutations,
      );
      send({ type: "done", id: job.id, ok: true, result: { ...out, bytes: out.bytes } });
    } catch (e) {
      const err =
        e instanceof ApiError ? e : new ApiError("ImageUnsupported", "The image could not be decoded");
      send({ type: "done", id: job.id, ok: false, code: err.code, message: err.message });
    }
  });
  // The parent's end of the channel closing (its exit or pool.close()) ends this process too.
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready" });
}
