import diagnostics_channel from "node:diagnostics_channel";
import os from "node:os";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_POOL_CHANNEL, type ImagePoolEvent, imagePoolOptions } from "../services/image-worker-pool.ts";
import { call, someAddress, type TestUser, testApp, testUser } from "../test-helpers.ts";
import { UPLOADS_PER_WINDOW } from "./uploads.ts";

let app: FastifyInstance;
let user: TestUser;
beforeAll(async () => {
  app = await testApp();
  user = await testUser(app);
});
afterAll(() => app.close());

const boundary = "----imageboundary";
function multipart(file: Buffer, filename = "photo.jpg", type = "image/jpeg"): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
const upload = (body: Buffer, mutations?: string, headers: Record<string, string> = user.headers) =>
  call(app, {
    method: "POST",
    url: `/api/images2${mutations ? `?mutations=${encodeURIComponent(mutations)}` : ""}`,
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
    // Each upload from an address of its own: the per-address limit is not what these tests count.
    remoteAddress: someAddress(),
  });
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();

describe("POST /images2", () => {
  it("converts to PNG, reports the initial size, and serves the file with long-lived cache headers", async () => {
    const res = await upload(multipart(await image(400, 300)));
    expect(res.body.data).toMatchObject({ width: 400, height: 300, initialWidth: 400, initialHeight: 300 });
    const file = await app.inject({ method: "GET", url: res.body.data.url });
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(file.rawPayload).metadata()).format).toBe("png");
  });

  it("crops in the space of the initial size, then resizes", async () => {
    // Shown at 200x150 (half size), the user drew a 100x100 box at (50, 25); the result is then made 64 wide.
    const res = await upload(
      multipart(await image(400, 300)),
      "png;initial:200,150;crop:50,25,100,100;resize:64,",
    );
    expect(res.body.data).toMatchObject({ width: 64, height: 64, initialWidth: 400, initialHeight: 300 });
    const plain = await upload(multipart(await image(400, 300)), "crop:0,0,300,200");
    expect(plain.body.data).toMatchObject({ width: 300, height: 200 });
  });

  it("gives clear errors for bad mutations, crops outside the image, missing files, other types and sizes", async () => {
    const jpeg = await image(100, 100);
    expect(await upload(multipart(jpeg), "crop:0,0,200,200")).toMatchObject({
      status: 400,
      body: { error: { message: "the crop area lies outside the image" } },
    });
    expect(await upload(multipart(jpeg), "rotate:90")).toMatchObject({
      status: 400,
      body: { error: { message: 'invalid mutation "rotate:90"' } },
    });
    expect(await upload(multipart(Buffer.from("just text"), "a.txt", "text/plain"))).toMatchObject({
      status: 415,
      body: { error: { code: "ImageUnsupported" } },
    });
    const noFile = await call(app, {
      method: "POST",
      url: "/api/images2",
      headers: { ...user.headers, "content-type": "application/json" },
      payload: {},
    });
    expect(noFile).toMatchObject({ status: 400, body: { error: { message: "An image file is required" } } });
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    expect(await upload(multipart(huge))).toMatchObject({
      status: 413,
      body: { error: { message: "The image is larger than 10 MB" } },
    });
    // A tiny PNG whose header claims a 10000x10000 canvas: refused before decoding.
    const bomb = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    bomb.writeUInt32BE(10000, 16);
    bomb.writeUInt32BE(10000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect(await upload(multipart(bomb, "bomb.png", "image/png"))).toMatchObject({
      status: 413,
      body: { error: { code: "ImageTooManyPixels" } },
    });
    expect((await upload(multipart(jpeg), undefined, {})).status).toBe(401);
  });
});

describe("POST /images2 sizes are checked before any pixel is decoded or resized", () => {
  const onePixel = () =>
    sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();

  it("refuses an initial canvas over 40 million pixels with 413, never 500", async () => {
    // Was a 500 ('Input image exceeds pixel limit' uncaught) after resizing to 100 megapixels.
    expect(await upload(multipart(await image(10, 10)), "initial:10000,10000;resize:100,100")).toMatchObject({
      status: 413,
      body: { error: { code: "ImageTooManyPixels" } },
    });
  });

  it("refuses a resize whose result would pass 40 million pixels, and stores nothing", async () => {
    // Was a 100-megapixel PNG stored after 8 s of work.
    for (const resize of ["resize:10000,10000", "resize:10000,", "resize:,10000"])
      expect(await upload(multipart(await onePixel(), "a.png", "image/png"), resize)).toMatchObject({
        status: 413,
        body: { error: { code: "ImageTooManyPixels" } },
      });
    // A crop then a resize: the result is sized from the crop (100x1 -> 10000x100 is within the limit).
    expect(await upload(multipart(await image(100, 100)), "crop:0,0,100,1;resize:10000,10000")).toMatchObject(
      { status: 200, body: { data: { width: 10000, height: 100 } } },
    );
    expect(await upload(multipart(await image(100, 100)), "crop:0,0,100,50;resize:10000,")).toMatchObject({
      status: 413,
      body: { error: { code: "ImageTooManyPixels" } },
    });
    const [{ count }] = (
      await app.database.execute(
        "select count(*)::int as count from images where width * height > $1",
        [40_000_000],
      )
    ).rows as { count: number }[];
    expect(count).toBe(0);
  });

  it("still enlarges within the limit", async () => {
    expect(await upload(multipart(await onePixel(), "a.png", "image/png"), "resize:2000,1000")).toMatchObject(
      {
        status: 200,
        body: { data: { width: 1000, height: 1000, initialWidth: 1, initialHeight: 1 } },
      },
    );
  });
});

describe("POST /images2 per-account limit", () => {
  it(`allows ${UPLOADS_PER_WINDOW} uploads per account in the window, refuses the next with 429, from any address`, async () => {
    const member = await testUser(app);
    // Requests without a file are the cheapest uploads: they still count, before the body is read.
    const attempt = (who: TestUser) =>
      call(app, {
        method: "POST",
        url: "/api/images2",
        headers: { ...who.headers, "content-type": "application/json" },
        payload: {},
        remoteAddress: someAddress(),
      });
    for (let i = 0; i < UPLOADS_PER_WINDOW; i++) expect((await attempt(member)).status).toBe(400);
    const refused = await attempt(member);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: "TooManyRequests" } } });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is counted on its own.
    expect((await attempt(await testUser(app))).status).toBe(400);
  });
});

describe("image pool settings", () => {
  it("reads IMAGE_WORKERS, IMAGE_TIMEOUT_MS and IMAGE_QUEUE, with documented defaults and overrides first", () => {
    expect(imagePoolOptions({}, {})).toEqual({
      workers: Math.max(1, os.availableParallelism() - 1),
      timeoutMs: 10_000,
      queue: 4 * Math.max(1, os.availableParallelism() - 1),
    });
    const env = { IMAGE_WORKERS: "3", IMAGE_TIMEOUT_MS: "500", IMAGE_QUEUE: "0" };
    expect(imagePoolOptions({}, env)).toEqual({ workers: 3, timeoutMs: 500, queue: 0 });
    expect(imagePoolOptions({ timeoutMs: 50 }, env)).toEqual({ workers: 3, timeoutMs: 50, queue: 0 });
    expect(() => imagePoolOptions({}, { IMAGE_WORKERS: "0" })).toThrow("IMAGE_WORKERS");
    expect(() => imagePoolOptions({}, { IMAGE_TIMEOUT_MS: "soon" })).toThrow("IMAGE_TIMEOUT_MS");
  });
});

describe("GET /images/{key}?w= display variants", () => {
  /** Pool jobs queued while `run` goes on: each variant is made by one job, then read from storage. */
  async function jobsDuring<T>(run: () => Promise<T>): Promise<{ result: T; jobs: number }> {
    let jobs = 0;
    const count = (e: unknown) => {
      if ((e as ImagePoolEvent).event === "queued") jobs++;
    };
    diagnostics_channel.subscribe(IMAGE_POOL_CHANNEL, count);
    try {
      return { result: await run(), jobs };
    } finally {
      diagnostics_channel.unsubscribe(IMAGE_POOL_CHANNEL, count);
    }
  }

  it("serves a stored image at an allowed width in WebP (or AVIF), cached for good with an ETag, made once", async () => {
    const url = (await upload(multipart(await image(1600, 1000)))).body.data.url as string;
    const { result: answers, jobs } = await jobsDuring(() =>
      Promise.all([1, 2, 3].map(() => app.inject({ url: `${url}?w=384` }))),
    );
    expect(jobs).toBe(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.etag).toMatch(/^"[0-9a-f-]{36}\.w384\.webp"$/);
    }
    const meta = await sharp(answers[0].rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 384, height: 240 });
    const png = await app.inject({ url });
    expect(answers[0].rawPayload.length).toBeLessThan(png.rawPayload.length);

    // Asked again later: read from storage, no new work; a matching If-None-Match answers 304.
    const again = await jobsDuring(() => app.inject({ url: `${url}?w=384&format=webp` }));
    expect(again.jobs).toBe(0);
    expect(again.result.rawPayload.equals(answers[0].rawPayload)).toBe(true);
    const revalidated = await app.inject({
      url: `${url}?w=384`,
      headers: { "if-none-match": String(answers[0].headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");

    const avif = await app.inject({ url: `${url}?w=192&format=avif` });
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({
      format: "heif",
      width: 192,
      height: 120,
    });
    // The original is unchanged and keeps its type.
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers.etag).toMatch(/^"[0-9a-f-]{36}\.png"$/);
  });

  it("never enlarges: a narrower image keeps its own width", async () => {
    const url = (await upload(multipart(await image(300, 200)))).body.data.url as string;
    const res = await app.inject({ url: `${url}?w=1080` });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width: 300, height: 200 });
  });

  it("refuses widths outside the set, unknown formats and a format without a width, with the error envelope", async () => {
    const url = (await upload(multipart(await image(200, 100)))).body.data.url as string;
    for (const query of ["w=500", "w=0", "w=-96", "w=1e9", "w=abc", "w=96&format=gif", "format=webp"]) {
      const res = await call(app, { method: "GET", url: `${url}?${query}` });
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatchObject({ code: "Validation", message: expect.any(String) });
    }
    expect((await call(app, { method: "GET", url: `${url}?format=webp` })).body.error.message).toBe(
      "format needs a width (w)",
    );
  });

  it("answers 404 for keys that are not stored uploads, and makes nothing for them", async () => {
    const { result, jobs } = await jobsDuring(async () => [
      await call(app, { method: "GET", url: "/api/images/00000000-0000-4000-8000-000000000000.png?w=96" }),
      await call(app, { method: "GET", url: "/api/images/not-an-image.txt?w=96" }),
    ]);
    for (const res of result)
      expect(res).toMatchObject({ status: 404, body: { error: { code: "NotFound" } } });
    expect(jobs).toBe(0);
  });
});
