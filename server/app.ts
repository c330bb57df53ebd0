import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { compile } from "../schemas/index.ts";
import { type Config, configFromEnv } from "./config.ts";
import { type Database, openDatabase } from "./db/connect.ts";
import { clientErrorHandler, errorReply, frameworkErrors, sendError } from "./error-reply.ts";
import { ApiError } from "./errors.ts";
import { startJobs } from "./jobs/boss.ts";
import type { JobsMode } from "./jobs/queue.ts";
import type { JobQueue } from "./jobs/types.ts";
import { openapiOptions } from "./openapi.ts";
import { authPlugin } from "./plugins/auth.ts";
import { bodyGuard } from "./plugins/body-guard.ts";
import { featurePackages } from "./plugins/feature-packages.ts";
import { openCors, securityHeaders } from "./plugins/security-headers.ts";
import { trustProxyOption } from "./request-origin.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { adminAccountRoutes } from "./routes/admin-accounts.ts";
import { adminAppRoutes } from "./routes/admin-apps.ts";
import { adminAuditRoutes } from "./routes/admin-audit.ts";
import { adminLootRoutes } from "./routes/admin-loot.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { appUserSearchRoutes } from "./routes/app-user-search.ts";
import { appUserRoutes } from "./routes/app-users.ts";
import { appRoutes } from "./routes/apps.ts";
import { catalogRoutes } from "./routes/catalog.ts";
import { clientRelationRoutes } from "./routes/client-relations.ts";
import { MAX_CSV_BYTES } from "./routes/csv-body.ts";
import { dealerDataRoutes } from "./routes/dealer-data.ts";
import { dealerMobileRoutes } from "./routes/dealer-mobile.ts";
import { emailSubscriptionRoutes } from "./routes/email-subscriptions.ts";
import { formDataRoutes } from "./routes/form-data.ts";
import { geofenceRoutes } from "./routes/geofences.ts";
import { healthRoutes } from "./routes/health.ts";
import { iconRoutes } from "./routes/icons.ts";
import { imageRoutes } from "./routes/images.ts";
import { integrationKeyRoutes, integrationRoutes } from "./routes/integration-keys.ts";
import { leadRoutes } from "./routes/leads.ts";
import { loyaltyRoutes } from "./routes/loyalty.ts";
import { makeModelAdminRoutes } from "./routes/make-models.ts";
import { managerRoutes } from "./routes/managers.ts";
import { mobileRoutes } from "./routes/mobile.ts";
import { mobileGeofenceRoutes } from "./routes/mobile-geofences.ts";
import { mobileLoyaltyRoutes } from "./routes/mobile-loyalty.ts";
import { mobileNotificationRoutes } from "./routes/mobile-notifications.ts";
import { mobileOfferRoutes } from "./routes/mobile-offers.ts";
import { mobileStaffRoutes } from "./routes/mobile-staff.ts";
import { mobileWidgetRoutes } from "./routes/mobile-widget.ts";
import { multiappRoutes } from "./routes/multiapps.ts";
import { offerRoutes } from "./routes/offers.ts";
import { pageRoutes } from "./routes/pages.ts";
import { partnerFileRoutes, partnerPackageRoutes } from "./routes/partner-packages.ts";
import { personalizedSpecialRoutes } from "./routes/personalized-specials.ts";
import { pointsRoutes } from "./routes/points.ts";
import { portalOfferRoutes } from "./routes/portal-offers.ts";
import { promoRoutes } from "./routes/promo.ts";
import { pushNotificationRoutes } from "./routes/push-notifications.ts";
import { mobilePushCategoryRoutes, pushSubscriptionRoutes } from "./routes/push-subscriptions.ts";
import { redemptionRoutes } from "./routes/redemptions.ts";
import { savedOfferRoutes } from "./routes/saved-offers.ts";
import { settingRoutes } from "./routes/settings.ts";
import { specialPackageRoutes } from "./routes/special-packages.ts";
import { staffMemberRoutes } from "./routes/staff-members.ts";
import { taskRoutes } from "./routes/tasks.ts";
import { AppCache, postgresCacheBus } from "./services/app-cache.ts";
import { widgetFastPath } from "./services/app-fast-path.ts";
import { configureSecretsKey } from "./services/crypto-box.ts";
import { databaseLimits, type Limits, pruneLimits } from "./services/limits.ts";
import { redisLimits } from "./services/limits-redis.ts";
import { type Mailer, outboxMailer, smtpMailer } from "./services/mail.ts";
import { IPV6_SUBNET, limitsStore } from "./services/rate-limit-store.ts";
import { smsFromEnv } from "./services/sms.ts";
import { diskStorage, type Storage } from "./services/storage.ts";

export interface BuildOptions {
  config?: Partial<Config>;
  /** An open database (tests pass a migrated clone); otherwise one is opened from the config. */
  database?: Database;
  storage?: Storage;
  /** Outgoing mail; by default SMTP when SMTP_URL is set, else the dev outbox. */
  mailer?: Mailer;
  logger?: boolean | object;
  /** Background jobs: "pg-boss" (npm start), "inline" (server tests: handlers run within send), "off" (default). */
  jobs?: JobsMode;
}

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    config: Config;
    mailer: Mailer;
    /** Where uploaded bytes live (local disk by default). */
    storage: Storage;
    /** Every API route as "METHOD /api/path" (the authorization matrix test checks it covers them all). */
    apiRoutes: string[];
    /** Counters shared by all API nodes: rate limits, send limits, lock-outs. */
    limits: Limits;
    /** Background jobs (server/jobs): enqueue with app.queue.send(name, data, { singletonKey, startAfter }). */
    queue: JobQueue;
  }
}

/** Builds the whole server (API, docs, pages, static front ends) without listening. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...configFromEnv(), ...options.config };
  // Secrets at rest (push profile keys, the VAPID private key) are sealed with SECRETS_KEY.
  configureSecretsKey(config.secretsKey);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") }));
  const storage = options.storage ?? diskStorage(path.join(config.dataDir, "images"));
  const cache = new AppCache();
  // On PostgreSQL a save on any node empties every node's cache at once (LISTEN/NOTIFY).
  if (database.pool) await cache.connect(postgresCacheBus(database.pool));
  // Links in mails use the configured public origin: taking it from the Host header would let anyone
  // make the server mail a reset link pointing at their own site.
  const linkOrigin = config.publicUrl ?? `http://localhost:${config.port}`;

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // The client's address, host and protocol come from X-Forwarded-* only through TRUST_PROXY's proxies;
    // by default nobody is believed and the socket's peer is the client (req.ip, req.host, req.protocol).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: {} },
    // Path parameters longer than this are refused by the router before any route runs; frameworkErrors
    // gives that refusal (and a malformed URL's) the same envelope, or page, as every other error.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors,
    clientErrorHandler,
    // Fastify's own 503 while closing is not in the envelope; the hook below answers it instead.
    return503OnClosing: false,
    // Cached answers of the widget's hottest call are sent before Fastify's routing (services/app-fast-path.ts).
    serverFactory: (handler, opts) => {
      const fast = widgetFastPath(
        cache,
        () => (app.hasDecorator("securityHeaderValues") ? app.securityHeaderValues : undefined),
        () => closing,
      );
      const server = http.createServer((req, res) => {
        if (!fast(req, res)) handler(req, res);
      });
      // The timeouts Fastify gives the servers it creates itself.
      const o = opts as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      server.requestTimeout = o.requestTimeout ?? 0;
      server.setTimeout(o.connectionTimeout ?? 0);
      return server;
    },
  });
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  // Requests arriving while the server drains go elsewhere: 503, and the connection is not kept.
  // A callback hook, not an async one: it runs on every request and an async hook costs a promise each time.
  app.addHook("onRequest", (req, reply, done) => {
    if (!closing) return done();
    sendError(req, reply.header("connection", "close"), 503, {
      message: "The server is restarting, try again",
      code: "Unavailable",
    });
  });
  if (config.trustProxy === true)
    app.log.warn(
      "TRUST_PROXY=true believes every X-Forwarded-For hop: clients choose their own address unless the proxy replaces the header",
    );
  // REDIS_URL moves the shared counters (the rate-limit plugin's and app.limits) from PostgreSQL to Redis.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  // ioredis reconnects by itself; while Redis is away, limited routes fail closed (500), never unlimited.
  redis?.on("error", (err) => app.log.warn({ err }, "Redis connection error"));
  const mailer =
    options.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, app.log));
  app.decorate("database", database);
  app.decorate("config", config);
  app.decorate("mailer", mailer);
  app.decorate("storage", storage);
  app.decorate("apiRoutes", [] as string[]);
  app.decorate("limits", redis ? redisLimits(redis) : databaseLimits(database));
  app.decorate("queue", startJobs(app, options.jobs ?? "off"));
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
    for (const method of [route.method].flat())
      if (method !== "HEAD") app.apiRoutes.push(`${method} ${route.url}`);
  });
  // Redis expires its counters itself; the database's expired rows are deleted every ten minutes.
  const pruning = redis
    ? undefined
    : setInterval(
        () => pruneLimits(database).catch((err) => app.log.warn({ err }, "pruning expired limits failed")),
        10 * 60_000,
      ).unref();
  app.addHook("onClose", async () => {
    clearInterval(pruning);
    mailer.close();
    await redis?.quit();
    await cache.close();
    await database.close();
  });

  // One ajv setup for the whole product: bodies strictly, query/params/headers with coercion.
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema, httpPart !== "body"));
  // Every error, whatever raised it, answers in the envelope under /api and as a page on the HTML surfaces.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, error } = errorReply(err);
    if (status >= 500) req.log.error(err);
    return sendError(req, reply, status, error);
  });

  await app.register(securityHeaders, {
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
  // Only the widget's public calls and assets are meant for other origins. Bank icons too: the widget
  // tints them as CSS masks, which browsers fetch in CORS mode.
  await app.register(openCors, {
    open: (url) =>
      url.startsWith("/api/mobile/") ||
      url.startsWith("/api/images/") ||
      url.startsWith("/api/icon-files/") ||
      url.startsWith("/sdk/"),
  });
  // Every route's limit counts in the store all nodes share (see services/rate-limit-store.ts), keyed by
  // the client address Fastify derived through TRUST_PROXY, IPv6 per /64.
  await app.register(rateLimit, {
    global: false,
    ipv6Subnet: IPV6_SUBNET,
    ...(redis ? { redis, nameSpace: "brand-apps:rate:" } : { store: limitsStore(app.limits) }),
    errorResponseBuilder: () => new ApiError("TooManyRequests"),
  });
  await app.register(multipart);
  // CSV imports may also be sent as plain text bodies.
  app.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "string", bodyLimit: MAX_CSV_BYTES },
    (_req, body, done) => done(null, body),
  );
  // The reference (Scalar) at /api/docs, the OpenAPI 3.1 document at /api/docs/json (see openapi.ts).
  await app.register(swagger, openapiOptions());
  await app.register(scalar, {
    routePrefix: "/api/docs",
    openApiDocumentEndpoints: { json: "/json", yaml: "/yaml" },
    logLevel: "warn",
    configuration: {
      title: "Brand Apps API",
      pageTitle: "Brand Apps API reference",
      // Everything it needs comes from this server: no web fonts, no hosted AI or MCP helpers.
      withDefaultFonts: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
      telemetry: false,
    },
    hooks: {
      // The reference page runs its own inline bootstrap script.
      onRequest: (_req, reply, done) => {
        reply.header(
          "content-security-policy",
          "default-src 'self';img-src 'self' data: https:;style-src 'self' 'unsafe-inline';script-src 'self' 'unsafe-inline';font-src 'self' data: https:;connect-src 'self'",
        );
        done();
      },
    },
  });
  await app.register(authPlugin, { db: database.db, superUserId: config.superUserId });
  await app.register(bodyGuard);
  // Partner feature packages (issue 20) join the feature registry before any route compiles its schemas.
  await app.register(featurePackages, { specs: config.featurePackages ?? [], db: database.db });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      const db = database.db;
      await api.register(accountRoutes, { db, mailer, linkOrigin });
      await api.register(adminAccountRoutes, { db, superUserId: config.superUserId });
      await api.register(managerRoutes, { db, mailer, linkOrigin });
      await api.register(appRoutes, { db, cache, templateAppId: config.templateAppId });
      await api.register(offerRoutes, { db, cache });
      await api.register(pushNotificationRoutes, { db });
      await api.register(geofenceRoutes, { db, cache });
      await api.register(pushSubscriptionRoutes, { db });
      await api.register(mobilePushCategoryRoutes, { db });
      await api.register(specialPackageRoutes, { db });
      await api.register(settingRoutes, { db });
      await api.register(promoRoutes, { db });
      await api.register(adminAppRoutes, { db, cache, storage });
      await api.register(adminAuditRoutes, { db });
      await api.register(adminLootRoutes, { db, storage });
      await api.register(multiappRoutes, { db });
      await api.register(makeModelAdminRoutes, { db });
      await api.register(catalogRoutes, { db });
      await api.register(clientRelationRoutes, { db });
      await api.register(iconRoutes);
      await api.register(mobileRoutes, { db, cache });
      await api.register(mobileWidgetRoutes, { db, mailer });
      await api.register(mobileOfferRoutes, { db });
      await api.register(redemptionRoutes, { db });
      await api.register(personalizedSpecialRoutes, { db });
      await api.register(loyaltyRoutes, { db });
      await api.register(pointsRoutes, { db });
      await api.register(appUserSearchRoutes, { db });
      await api.register(appUserRoutes, { db });
      await api.register(leadRoutes, { db });
      await api.register(formDataRoutes, { db });
      await api.register(emailSubscriptionRoutes, { db, mailer });
      await api.register(analyticsRoutes, { db });
      await api.register(staffMemberRoutes, { db });
      await api.register(taskRoutes, { db });
      await api.register(mobileStaffRoutes, { db });
      await api.register(mobileLoyaltyRoutes, { db, limits: app.limits });
      await api.register(mobileNotificationRoutes, { db });
      await api.register(mobileGeofenceRoutes, { db });
      await api.register(imageRoutes, { db, storage });
      // Dealer data (issue 16).
      await api.register(dealerDataRoutes, { db, storage });
      await api.register(dealerMobileRoutes, { db, storage });
      // Customer portal (issue 17): an offer's information form and Send Offer.
      await api.register(portalOfferRoutes, {
        db,
        mailer,
        sms: smsFromEnv(db, app.log),
        publicUrl: config.publicUrl,
      });
      // Save Offer, kept for the signed-in customer (issue 17).
      await api.register(savedOfferRoutes, { db });
      await api.register(integrationKeyRoutes, { db });
      await api.register(integrationRoutes, { db });
      await api.register(partnerPackageRoutes, { db, packages: app.featurePackages });
      api.setNotFoundHandler((req, reply) =>
        sendError(req, reply, 404, { message: `Route ${req.method} ${req.url} not found`, code: "NotFound" }),
      );
    },
    { prefix: "/api" },
  );
  await app.register(partnerFileRoutes, { packages: app.featurePackages });
  await app.register(pageRoutes, {
    db: database.db,
    distDir: config.distDir,
    publicUrl: config.publicUrl,
    hasDist: fs.existsSync(config.distDir),
  });
  return app;
}
