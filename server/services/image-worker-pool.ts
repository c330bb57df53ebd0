import { type ChildProcess, fork } from "node:child_process";
import diagnostics_channel from "node:diagnostics_channel";
import { createRequire } from "node:module";
import os from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ApiError, type ErrorCode, errors } from "../errors.ts";
import type { WorkerAnswer, WorkerJob } from "./image-worker.ts";
import type { Mutations, ProcessedImage } from "./images.ts";

/**
 * Image work (sharp, libvips, librsvg) never runs in the server's process: a hostile file (an SVG with
 * heavy filters, a decompression bomb) could otherwise hold the libuv pool, which static files and disk
 * reads share, for minutes. Jobs go to a few child processes, each bounded in time: a job running longer
 * than `timeoutMs` has its child SIGKILLed (a runaway render truly stops) and a fresh one takes its place.
 * At most `workers` jobs run and `queue` wait; more answer 503 ImageBusy. A job whose client has gone is
 * dropped from the queue, or its child killed if it already runs.
 */
export interface ImagePoolOptions {
  /** Jobs running at once, one child each. IMAGE_WORKERS; default one per core minus one, at least 1. */
  workers: number;
  /** A job running longer is killed and answers 422 ImageTooComplex. IMAGE_TIMEOUT_MS; default 10000. */
  timeoutMs: number;
  /** Jobs waiting for a worker; one more answers 503 ImageBusy. IMAGE_QUEUE; default 4 per worker. */
  queue: number;
}

declare module "../config.ts" {
  interface Config {
    /** Overrides of the image pool's environment settings: buildApp({ config: { images: { timeoutMs } } }). */
    images?: Partial<ImagePoolOptions>;
  }
}

function positiveInt(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

/** The pool's settings: overrides first, then IMAGE_WORKERS, IMAGE_TIMEOUT_MS, IMAGE_QUEUE, then defaults. */
export function imagePoolOptions(
  overrides: Partial<ImagePoolOptions> = {},
  env: NodeJS.ProcessEnv = process.env,
): ImagePoolOptions {
  const workers =
    overrides.workers ??
    positiveInt("IMAGE_WORKERS", env.IMAGE_WORKERS, 1) ??
    Math.max(1, os.availableParallelism() - 1);
  return {
    workers,
    timeoutMs: overrides.timeoutMs ?? positiveInt("IMAGE_TIMEOUT_MS", env.IMAGE_TIMEOUT_MS, 1) ?? 10_000,
    queue: overrides.queue ?? positiveInt("IMAGE_QUEUE", env.IMAGE_QUEUE, 0) ?? 4 * workers,
  };
}

/** What the pool does, for tests and operators: `diagnostics_channel.subscribe(IMAGE_POOL_CHANNEL, fn)`. */
export const IMAGE_POOL_CHANNEL = "brand-apps:image-pool";
export interface ImagePoolEvent {
  event: "queued" | "spawned" | "started" | "finished" | "killed" | "exited" | "cancelled" | "refused";
  jobId?: number;
  pid?: number;
  reason?: string;
}
const channel = diagnostics_channel.channel(IMAGE_POOL_CHANNEL);
const publish = (e: ImagePoolEvent) => channel.hasSubscribers && channel.publish(e);

// The worker runs as TypeScript through tsx wherever the server itself does (npm start, vitest).
const workerFile = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "./image-worker.ts" : "./image-worker.js", import.meta.url),
);
const execArgv = workerFile.endsWith(".ts")
  ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href]
  : [];

interface Job {
  id: number;
  input: Buffer;
  mutations: Mutations;
  resolve: (out: ProcessedImage) => void;
  reject: (err: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  timer?: NodeJS.Timeout;
}
type KillReason = "timeout" | "aborted" | "closed";
interface Worker {
  child: ChildProcess;
  state: "starting" | "idle" | "busy";
  job?: Job;
  killReason?: KillReason;
  exited: Promise<void>;
}

const cancelled = () => new ApiError("ImageBusy", "The upload was cancelled: the client went away");

export class ImagePool {
  private readonly workers: Worker[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers that died before saying ready, in a row: past 3 the queue is failed instead of retried forever. */
  private failedSpawns = 0;

  constructor(readonly options: ImagePoolOptions) {}

  /** Jobs running and waiting, and the children's process ids. */
  get stats() {
    return {
      running: this.workers.filter((w) => w.state === "busy").length,
      queued: this.queue.length,
      pids: this.workers.map((w) => w.child.pid).filter((pid): pid is number => pid !== undefined),
    };
  }

  /** Runs processImage in a worker; rejects with ImageBusy, ImageTooComplex or the job's own ApiError. */
  run(input: Buffer, mutations: Mutations, signal?: AbortSignal): Promise<ProcessedImage> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new ApiError("ImageBusy", "The server is shutting down"));
      if (signal?.aborted) return reject(cancelled());
      const { running, queued } = this.stats;
      if (running + queued >= this.options.workers + this.options.queue) {
        publish({ event: "refused", reason: "queue full" });
        return reject(new ApiError("ImageBusy"));
      }
      const job: Job = { id: this.nextId++, input, mutations, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => this.abort(job);
        signal.addEventListener("abort", job.onAbort, { once: true });
      }
      this.queue.push(job);
      publish({ event: "queued", jobId: job.id });
      this.pump();
    });
  }

  /**
   * Starts every worker now rather than on the first upload: a worker's start (a Node process loading
   * sharp) costs about a second, which the first user of a fresh server would otherwise wait through.
   */
  warm(): void {
    while (!this.closed && this.workers.length < this.options.workers) this.spawn();
  }

  /** Fails what waits, kills every child and waits for them to be gone. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      this.settle(job, new ApiError("ImageBusy", "The server is shutting down"));
    const exits = this.workers.map((w) => w.exited);
    for (const w of this.workers) this.kill(w, "closed");
    await Promise.all(exits);
  }

  private settle(job: Job, err: Error | null, out?: ProcessedImage) {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener("abort", job.onAbort);
    if (err) job.reject(err);
    else job.resolve(out as ProcessedImage);
  }

  private abort(job: Job) {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      publish({ event: "cancelled", jobId: job.id });
      this.settle(job, cancelled());
      return;
    }
    const worker = this.workers.find((w) => w.job === job);
    if (worker) this.kill(worker, "aborted");
  }

  private pump() {
    if (this.closed) return;
    for (const w of this.workers) {
      const job = w.state === "idle" && this.queue.shift();
      if (job) this.start(w, job);
    }
    const starting = this.workers.filter((w) => w.state === "starting").length;
    for (
      let need = this.queue.length - starting;
      need > 0 && this.workers.length < this.options.workers;
      need--
    )
      this.spawn();
  }

  private start(w: Worker, job: Job) {
    w.state = "busy";
    w.job = job;
    w.child.channel?.ref();
    job.timer = setTimeout(() => this.kill(w, "timeout"), this.options.timeoutMs);
    publish({ event: "started", jobId: job.id, pid: w.child.pid });
    const message: WorkerJob = { id: job.id, input: job.input, mutations: job.mutations };
    w.child.send(message);
  }

  private kill(w: Worker, reason: KillReason) {
    if (w.killReason) return;
    w.killReason = reason;
    publish({ event: "killed", jobId: w.job?.id, pid: w.child.pid, reason });
    w.child.kill("SIGKILL");
  }

  private spawn() {
    const child = fork(workerFile, [], {
      execArgv,
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let exited!: () => void;
    const w: Worker = { child, state: "starting", exited: new Promise((r) => (exited = r)) };
    this.workers.push(w);
    child.unref();
    if (child.pid !== undefined) {
      // Below the server's own priority: when cores are short, answering requests comes first.
      try {
        os.setPriority(child.pid, 10);
      } catch {}
    }
    publish({ event: "spawned", pid: child.pid });
    child.on("message", (answer: WorkerAnswer) => this.onAnswer(w, answer));
    let gone = false;
    const onGone = () => {
      if (gone) return;
      gone = true;
      this.onExit(w);
      exited();
    };
    child.on("exit", onGone);
    child.on("error", () => {
      // A child that could not be started or signalled: it never exits by itself.
      if (child.exitCode === null && child.signalCode === null && child.pid === undefined) onGone();
    });
  }

  private onAnswer(w: Worker, answer: WorkerAnswer) {
    if (answer.type === "ready") {
      this.failedSpawns = 0;
      w.state = "idle";
      w.child.channel?.unref();
      this.pump();
      return;
    }
    const job = w.job;
    if (!job || job.id !== answer.id || w.killReason) return;
    w.state = "idle";
    w.job = undefined;
    w.child.channel?.unref();
    publish({ event: "finished", jobId: job.id, pid: w.child.pid });
    if (answer.ok) this.settle(job, null, { ...answer.result, bytes: Buffer.from(answer.result.bytes) });
    else
      this.settle(
        job,
        answer.code in errors
          ? new ApiError(answer.code as ErrorCode, answer.message)
          : new ApiError("ImageUnsupported", "The image could not be decoded"),
      );
    this.pump();
  }

  private onExit(w: Worker) {
    this.workers.splice(this.workers.indexOf(w), 1);
    publish({ event: "exited", pid: w.child.pid, reason: w.killReason });
    const job = w.job;
    if (job) {
      const seconds = this.options.timeoutMs / 1000;
      this.settle(
        job,
        w.killReason === "aborted"
          ? cancelled()
          : w.killReason === "closed"
            ? new ApiError("ImageBusy", "The server is shutting down")
            : w.killReason === "timeout"
              ? new ApiError(
                  "ImageTooComplex",
                  `The image took more than ${seconds} s to process; simplify it or upload a PNG or JPEG`,
                )
              : new ApiError(
                  "ImageTooComplex",
                  "The image could not be processed within the server's limits",
                ),
      );
      // A killed or crashed worker is replaced at once, so the next upload does not wait for a start.
      if (!this.closed && this.workers.length < this.options.workers) this.spawn();
    } else if (w.state === "starting" && !this.closed && ++this.failedSpawns >= 3) {
      for (const queued of this.queue.splice(0))
        this.settle(queued, new Error("the image worker could not start"));
    }
    this.pump();
  }
}
