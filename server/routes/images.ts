import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import {
  imageVariant,
  storeImage,
  VARIANT_WIDTHS,
  type VariantFormat,
  type VariantWidth,
} from "../ops/images.ts";
import { ImagePool, imagePoolOptions } from "../services/image-worker-pool.ts";
import { checkSvgCanvas, IMAGE_TYPES, MAX_IMAGE_BYTES, parseMutations } from "../services/images.ts";
import type { Storage } from "../services/storage.ts";
import { clientGone, limitUploads, uploadedFile } from "./uploads.ts";

export const imageRoutes: FastifyPluginAsync<{ db: Db; storage: Storage }> = async (app, { db, storage }) => {
  // Image work runs in child processes bounded in time and number (IMAGE_WORKERS, IMAGE_TIMEOUT_MS,
  // IMAGE_QUEUE, or buildApp({ config: { images } })), never on this process's libuv pool.
  const pool = new ImagePool(imagePoolOptions(app.config.images));
  app.addHook("onClose", () => pool.close());
  // A listening server (npm start, e2e) starts its workers at once; tests through inject never listen, so
  // they start workers only when they upload.
  app.addHook("onListen", async () => pool.warm());

  app.post<{ Querystring: { mutations?: string } }>(
    "/images2",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["Images"],
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        description:
          "Uploads one image (multipart field `file`), converts it to PNG and applies `mutations`: `png`, `initial:w,h` (the size the crop box was drawn on), `crop:x,y,w,h`, `resize:w,h`, joined by `;`. Sizes over 40 million pixels answer 413, images that take too long to process 422, a full queue 503; 60 uploads per account per 10 minutes.",
        querystring: Type.Object({ mutations: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
      // Per client address (this node), on top of the per-account count shared by all nodes.
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      await limitUploads(req, reply, "images");
      const mutations = parseMutations(req.query.mutations);
      const input = await uploadedFile(req, {
        maxBytes: MAX_IMAGE_BYTES,
        missing: new ApiError("ImageRequired"),
        tooLarge: new ApiError("ImageTooLarge"),
        broken: new ApiError("ImageRequired", "The upload could not be read"),
      });
      checkSvgCanvas(input);
      const signal = clientGone(req, reply);
      return {
        data: await storeImage(db, storage, input, mutations, req.user!.id, (bytes, m) =>
          pool.run(bytes, m, signal),
        ),
      };
    },
  );

  app.get<{ Params: { key: string }; Querystring: { w?: VariantWidth; format?: VariantFormat } }>(
    "/images/:key",
    {
      schema: {
        tags: ["Images"],
        description: `The stored image. With \`w\` (one of ${VARIANT_WIDTHS.join(", ")}), a display variant: resized to that width (never enlarged) in \`format\` (webp, the default, or avif), made once in an image worker and kept. Files never change: cached for a year, with an ETag.`,
        params: Type.Object({ key: Type.String({ maxLength: 200 }) }),
        querystring: Type.Object({
          w: Type.Optional(Type.Unsafe<VariantWidth>({ type: "integer", enum: [...VARIANT_WIDTHS] })),
          format: Type.Optional(Type.Unsafe<VariantFormat>({ type: "string", enum: ["webp", "avif"] })),
        }),
      },
    },
    async (req, reply) => {
      const { w, format } = req.query;
      if (format && !w) throw new ApiError("Validation", "format needs a width (w)");
      let key = req.params.key;
      let bytes: Buffer | null;
      if (w) {
        // Made by the worker pool, like uploads: no image work on this process's thread.
        ({ key, bytes } = await imageVariant(db, storage, key, w, format ?? "webp", (input, m) =>
          pool.run(input, m),
        ));
      } else {
        bytes = await storage.get(key);
        if (!bytes) throw new ApiError("NotFound");
      }
      const etag = `"${key}"`;
      // Keys are random and never reused, so the bytes behind a URL never change.
      reply
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("etag", etag)
        .type(IMAGE_TYPES[key.slice(key.lastIndexOf(".") + 1) as keyof typeof IMAGE_TYPES] ?? "image/png");
      if (req.headers["if-none-match"]?.split(",").some((t) => t.trim() === etag))
        return reply.status(304).send();
      return reply.send(bytes);
    },
  );
};
