import diagnostics_channel from "node:diagnostics_channel";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import {
  IMAGE_POOL_CHANNEL,
  type ImagePoolEvent,
  type ImagePoolOptions,
} from "../../server/services/image-worker-pool.ts";
import { call, someAddress, type TestUser, testApp, testUser } from "../../server/test-helpers.ts";

/**
 * Hostile images against the whole server: image work must stay bounded in size, time and number, and the
 * server must keep answering while it runs (tests/security; see the report of the image-pool change).
 */

/** A 250-byte SVG that librsvg needs tens of seconds (3000 px) to minutes (6000 px) of CPU to render. */
const heavySvg = (size: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><filter id="f"><feTurbulence baseFrequency=".01" numOctaves="30"/><feGaussianBlur stdDeviation="900"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>`,
  );

const boundary = "----hostileboundary";
const multipart = (file: Buffer, filename: string, type: string) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
const svgBody = (svg: Buffer) => multipart(svg, "hostile.svg", "image/svg+xml");

let app: FastifyInstance | undefined;
const closeApp = async () => {
  await app?.close();
  app = undefined;
};
afterEach(closeApp);
async function start(images: Partial<ImagePoolOptions>): Promise<{ app: FastifyInstance; user: TestUser }> {
  app = await testApp({ config: { images } });
  return { app, user: await testUser(app) };
}
const upload = (a: FastifyInstance, user: TestUser, body: Buffer, mutations?: string) =>
  call(a, {
    method: "POST",
    url: `/api/images2${mutations ? `?mutations=${encodeURIComponent(mutations)}` : ""}`,
    headers: { ...user.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
    remoteAddress: someAddress(),
  });

/** Records the pool's events (server/services/image-worker-pool.ts) while `fn` runs. */
function poolEvents() {
  const events: ImagePoolEvent[] = [];
  const waiters: { test: (e: ImagePoolEvent) => boolean; resolve: (e: ImagePoolEvent) => void }[] = [];
  const listener = (message: unknown) => {
    const e = message as ImagePoolEvent;
    events.push(e);
    for (const w of waiters.splice(0))
      if (w.test(e)) w.resolve(e);
      else waiters.push(w);
  };
  diagnostics_channel.subscribe(IMAGE_POOL_CHANNEL, listener);
  return {
    events,
    /** The first event (past or future) that passes `test`. */
    next(test: (e: ImagePoolEvent) => boolean): Promise<ImagePoolEvent> {
      const seen = events.find(test);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ test, resolve }));
    },
    stop: () => diagnostics_channel.unsubscribe(IMAGE_POOL_CHANNEL, listener),
  };
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("hostile SVGs", () => {
  it("refuses canvases over 40 million pixels from the declared size, before rasterising", async () => {
    const { app, user } = await start({ workers: 1, timeoutMs: 2000 });
    const events = poolEvents();
    try {
      for (const root of [
        'width="100000" height="100000"',
        'viewBox="0 0 100000 100000"',
        'width="1000in" height="1000in"',
        'width="100%" height="100%" viewBox="0 0 7000 7000"',
        'width="7000" viewBox="0 0 1 1"',
      ]) {
        const svg = Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" ${root}><rect width="10" height="10"/></svg>`,
        );
        expect(await upload(app, user, svgBody(svg))).toMatchObject({
          status: 413,
          body: { error: { code: "ImageTooManyPixels" } },
        });
      }
      // Refused in the server process from the text alone: no job was given to a worker.
      expect(events.events.filter((e) => e.event === "queued")).toEqual([]);
    } finally {
      events.stop();
    }
  });

  it("kills a render that runs past IMAGE_TIMEOUT_MS (filters at 3000 and 6000 px): 422, child gone", async () => {
    const timeoutMs = 1000;
    const { app, user } = await start({ workers: 1, timeoutMs });
    const events = poolEvents();
    try {
      const spawned: number[] = [];
      for (const size of [3000, 6000]) {
        const started = events.next((e) => e.event === "started" && e.jobId !== undefined && !e.reason);
        const t0 = Date.now();
        const res = await upload(app, user, svgBody(heavySvg(size)));
        const took = Date.now() - t0;
        expect(res).toMatchObject({ status: 422, body: { error: { code: "ImageTooComplex" } } });
        // A resource limit, not a speed claim: the request may not outlive the timeout by more than the
        // worker's start-up and a margin for a loaded machine.
        expect(took).toBeLessThan(timeoutMs + 8000);
        const { pid, jobId } = await started;
        expect(events.events).toContainEqual({ event: "killed", jobId, pid, reason: "timeout" });
        expect(alive(pid as number)).toBe(false);
        for (const e of events.events) if (e.event === "spawned") spawned.push(e.pid as number);
        events.events.length = 0;
      }
      // A fresh worker takes the killed one's place and ordinary images still convert.
      const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#123" } })
        .png()
        .toBuffer();
      expect(await upload(app, user, multipart(png, "ok.png", "image/png"))).toMatchObject({
        status: 200,
        body: { data: { width: 20, height: 10 } },
      });
      // Closing the app ends every worker it started.
      for (const e of events.events) if (e.event === "spawned") spawned.push(e.pid as number);
      // The first worker and one replacement per killed render.
      expect(spawned).toHaveLength(3);
      await closeApp();
      expect(spawned.filter(alive)).toEqual([]);
    } finally {
      events.stop();
    }
  });
});

describe("decompression bombs", () => {
  it("refuses a small PNG that declares a huge canvas (real compressed pixels) with 413, without decoding it", async () => {
    // 10000x10000 grey pixels: 100 million pixels once decoded, about 100 KB compressed.
    const side = 10000;
    const row = Buffer.alloc(side + 1); // filter byte + pixels, all zero
    const raw = zlib.deflateSync(Buffer.concat(Array.from({ length: side }, () => row)), { level: 9 });
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(side, 0);
    ihdr.writeUInt32BE(side, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 0; // greyscale
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", raw),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { app, user } = await start({ workers: 1, timeoutMs: 3000 });
    expect(await upload(app, user, multipart(bomb, "bomb.png", "image/png"))).toMatchObject({
      status: 413,
      body: { error: { code: "ImageTooManyPixels" } },
    });
  });
});

describe("bounded concurrency", () => {
  it("answers 503 ImageBusy once the workers and the queue are full", async () => {
    const { app, user } = await start({ workers: 1, queue: 1, timeoutMs: 2000 });
    const results = await Promise.all([1, 2, 3].map(() => upload(app, user, svgBody(heavySvg(3000)))));
    const codes = results.map((r) => `${r.status} ${r.body.error?.code}`).sort();
    expect(codes).toEqual(["422 ImageTooComplex", "422 ImageTooComplex", "503 ImageBusy"]);
  });

  it("keeps answering other requests, disk reads included, while hostile uploads run", async () => {
    const { app, user } = await start({ workers: 1, queue: 4, timeoutMs: 2500 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const stored = await upload(app, user, multipart(png, "ok.png", "image/png"));
    expect(stored.status).toBe(200);
    const events = poolEvents();
    try {
      let uploadsDone = false;
      const uploads = Promise.all([1, 2, 3, 4].map(() => upload(app, user, svgBody(heavySvg(3000))))).then(
        (r) => {
          uploadsDone = true;
          return r;
        },
      );
      // Once a hostile render runs (or after a second, for a server that renders in process)...
      await Promise.race([
        events.next((e) => e.event === "started"),
        new Promise((r) => setTimeout(r, 1000)),
      ]);
      // ...the health check and a file read from disk (the libuv pool, as static files) still answer,
      // before the hostile uploads are over.
      const [health, file] = await Promise.all([
        call(app, { method: "GET", url: "/api/health" }),
        app.inject({ method: "GET", url: stored.body.data.url }),
      ]);
      expect(health.status).toBe(200);
      expect(file.statusCode).toBe(200);
      expect(uploadsDone).toBe(false);
      expect((await uploads).map((r) => r.status)).toEqual([422, 422, 422, 422]);
    } finally {
      events.stop();
    }
  }, 60_000);
});

describe("cancellation", () => {
  it("drops queued work and kills running work when the client goes away", async () => {
    const { app, user } = await start({ workers: 1, queue: 2, timeoutMs: 20_000 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const events = poolEvents();
    const send = (body: Buffer) => {
      const req = http.request({
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/api/images2",
        headers: { ...user.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      req.on("error", () => {});
      req.end(body);
      return req;
    };
    try {
      const running = send(svgBody(heavySvg(6000)));
      const started = await events.next((e) => e.event === "started");
      const waiting = send(svgBody(heavySvg(6000)));
      const queued = await events.next((e) => e.event === "queued" && e.jobId !== started.jobId);
      waiting.destroy();
      await events.next((e) => e.event === "cancelled" && e.jobId === queued.jobId);
      running.destroy();
      const killed = await events.next((e) => e.event === "killed" && e.jobId === started.jobId);
      expect(killed.reason).toBe("aborted");
      await events.next((e) => e.event === "exited" && e.pid === started.pid);
      expect(alive(started.pid as number)).toBe(false);
      // The cancelled job never reached a worker.
      expect(events.events.filter((e) => e.event === "started").map((e) => e.jobId)).toEqual([started.jobId]);
    } finally {
      events.stop();
    }
  }, 30_000);
});
