import fs from "node:fs";
import path from "node:path";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { compile, toFieldErrors } from "../schemas/index.ts";
import { type Config, configFromEnv } from "./config.ts";
import { type Database, openDatabase } from "./db/connect.ts";
import { ApiError } from "./errors.ts";
import { authPlugin } from "./plugins/auth.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { appRoutes } from "./routes/apps.ts";
import { healthRoutes } from "./routes/health.ts";
import { imageRoutes } from "./routes/images.ts";
import { mobileRoutes } from "./routes/mobile.ts";
import { pageRoutes } from "./routes/pages.ts";
import { AppCache } from "./services/app-cache.ts";
import { diskStorage, type Storage } from "./services/storage.ts";

export interface BuildOptions {
  config?: Partial<Config>;
  /** An open database (tests pass a migrated clone); otherwise one is opened from the config. */
  database?: Database;
  storage?: Storage;
  logger?: boolean | object;
}

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    config: Config;
  }
}

/** Builds the whole server (API, docs, pages, static front ends) without listening. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...configFromEnv(), ...options.config };
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") }));
  const storage = options.storage ?? diskStorage(path.join(config.dataDir, "images"));
  const cache = new AppCache();

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: {} },
  });
  app.decorate("database", database);
  app.decorate("config", config);
  app.addHook("onClose", () => database.close());

  // One ajv setup for the whole product: bodies strictly, query/params/headers with coercion.
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema, httpPart !== "body"));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError)
      return reply.status(err.status).send({
        error: { message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) },
      });
    if (err.validation) {
      const details = toFieldErrors(err.validation);
      return reply
        .status(400)
        .send({ error: { message: details[0]?.message ?? "Invalid request", code: "Validation", details } });
    }
    const status = err.statusCode ?? 500;
    if (status < 500)
      return reply.status(status).send({ error: { message: err.message, code: err.code ?? "BadRequest" } });
    req.log.error(err);
    return reply.status(500).send({ error: { message: "Internal server error", code: "Internal" } });
  });

  await app.register(helmet, {
    // The widget and its images are loaded by other sites, so resources may be read cross-origin.
    crossOriginResourcePolicy: { policy: "cross-origin" },
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", "https://www.google.com", "https://maps.google.com"],
        mediaSrc: ["'self'", "https:", "http:"],
      },
    },
  });
  // Only the widget's public calls and assets are meant for other origins.
  await app.register(cors, {
    delegator: (req, cb) => {
      const url = req.url ?? "";
      const open =
        url.startsWith("/api/mobile/") || url.startsWith("/api/images/") || url.startsWith("/sdk/");
      cb(null, { origin: open });
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      info: { title: "Brand Apps API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(authPlugin, { db: database.db });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(accountRoutes, { db: database.db });
      await api.register(appRoutes, { db: database.db, cache });
      await api.register(mobileRoutes, { db: database.db, cache });
      await api.register(imageRoutes, { db: database.db, storage });
      api.setNotFoundHandler((req, reply) =>
        reply
          .status(404)
          .send({ error: { message: `Route ${req.method} ${req.url} not found`, code: "NotFound" } }),
      );
    },
    { prefix: "/api" },
  );
  await app.register(pageRoutes, {
    db: database.db,
    distDir: config.distDir,
    publicUrl: config.publicUrl,
    hasDist: fs.existsSync(config.distDir),
  });
  return app;
}
