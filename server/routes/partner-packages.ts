import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type TSchema, Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AdminFeaturePackages, PartnerFeatureTypes, PartnerScreen } from "../../schemas/feature-packages.ts";
import { retainedFeatureTypes } from "../../schemas/features/registry.ts";
import { Envelope } from "../../schemas/index.ts";
import { viewStyles } from "../../sdk/views/styles.ts";
import type { Db } from "../db/connect.ts";
import { sendError } from "../error-reply.ts";
import { appsUsingFeatureType } from "../ops/feature-packages.ts";
import type { FeaturePackage, FeaturePackages } from "../plugins/feature-packages.ts";

/** /partner/{name}@{version}/...: the versioned path of a package's files. */
export const partnerPath = (pkg: Pick<FeaturePackage, "name" | "version">) =>
  `/partner/${pkg.name}@${pkg.version}`;

const screenInfo = (pkg: FeaturePackage) => ({
  type: pkg.module.type,
  package: pkg.name,
  version: pkg.version,
  analyticsPage: pkg.module.analyticsPage,
  screen: `${partnerPath(pkg)}/screen.js`,
  locales: Object.fromEntries(
    Object.keys(pkg.localeFiles).map((lang) => [lang, `${partnerPath(pkg)}/locales/${lang}.json`]),
  ),
});

/**
 * The partner packages' API (issue 20): the widget's list of partner screens, the builder's partner types
 * (their modules as JSON, so its add-feature list and editors follow), one check route per partner type
 * whose body is the type's schema (so the OpenAPI document describes it), and the admin console's list.
 */
export const partnerPackageRoutes: FastifyPluginAsync<{ db: Db; packages: FeaturePackages }> = async (
  app,
  { db, packages },
) => {
  app.get(
    "/mobile/partner-screens",
    {
      schema: {
        tags: ["Mobile"],
        operationId: "listPartnerScreens",
        summary: "List the partner screens",
        description:
          "The screen module and strings of every partner feature type this server loaded (FEATURE_PACKAGES). The widget, the builder's preview and the promo simulator ask for it only when an app uses a type without a built-in screen. Public; the URLs are relative to this origin.",
        response: { 200: Envelope(Type.Array(PartnerScreen)) },
      },
    },
    async (_req, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return { data: packages.loaded.map(screenInfo) };
    },
  );

  app.get(
    "/feature-packages",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["Apps"],
        security: [{ bearer: [] }],
        operationId: "listPartnerFeatureTypes",
        summary: "List the partner feature types",
        description:
          "The partner feature types this server loaded, each with its JSON Schema, UI hints, defaults, editor page name and screen URL: the builder registers them so they appear in its add-feature list with editors generated from the schema. `retainedTypes` are types saved apps use that no loaded package provides. Any signed-in user.",
        response: { 200: Envelope(PartnerFeatureTypes) },
      },
    },
    async () => ({
      data: {
        types: packages.loaded.map((pkg) => ({
          ...screenInfo(pkg),
          label: pkg.module.label,
          pageName: pkg.module.pageName,
          schema: pkg.module.schema,
          uiSchema: pkg.module.uiSchema,
          defaults: pkg.module.defaults(),
        })),
        retainedTypes: retainedFeatureTypes(),
      },
    }),
  );

  for (const pkg of packages.loaded) {
    const { type, label, schema } = pkg.module;
    app.post<{ Body: Record<string, unknown> }>(
      `/feature-types/${type}/check`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ["Apps"],
          security: [{ bearer: [] }],
          operationId: `check${type}Feature`,
          summary: `Check a ${label} feature`,
          description: `Validates one feature of the partner type ${type} (package ${pkg.name}@${pkg.version}) as PUT /apps/{id} does, and answers it with its defaults filled; 400 Validation names each wrong field. The request body is the type's JSON Schema. Any signed-in user.`,
          body: schema as TSchema,
          response: { 200: Envelope(Type.Unknown({ description: `The ${type} feature, defaults filled` })) },
        },
      },
      async (req) => ({ data: req.body }),
    );
  }

  app.get(
    "/admin/feature-packages",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["Admin"],
        security: [{ bearer: [] }],
        operationId: "listAdminFeaturePackages",
        summary: "List the partner feature packages",
        description:
          "Every FEATURE_PACKAGES entry: loaded (name, version, type and the apps whose definition uses the type) or failed (with the reason it was not loaded). Admin only.",
        response: { 200: Envelope(AdminFeaturePackages) },
      },
    },
    async () => ({
      data: [
        ...(await Promise.all(
          packages.loaded.map(async (pkg) => ({
            package: pkg.name,
            version: pkg.version,
            type: pkg.module.type,
            label: pkg.module.label,
            status: "loaded" as const,
            apps: await appsUsingFeatureType(db, pkg.module.type),
          })),
        )),
        ...packages.failed.map((f) => ({
          package: f.spec,
          status: "failed" as const,
          error: f.reason,
          apps: [],
        })),
      ],
    }),
  );
};

const YEAR = "public, max-age=31536000, immutable";
/** The frame's files belong to the product, not to a package version: cached briefly like the widget's. */
const BRIEF = "public, max-age=300";

const frameDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "partner-frame");

/**
 * The policy of a partner screen's frame document: its own scripts and the package's module from this
 * origin, the product's stylesheet, no connection, form target or plugin of any kind; any site may frame it
 * (dealers embed the widget). 'self' is this server's origin: the sandboxed frame's own origin is opaque.
 */
export const PARTNER_FRAME_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors *";

/**
 * The frame's stylesheet: the widget's view styles (the partner draws with `ba-form`, `ba-field`, ...) for a
 * document of its own, whose height is its content's.
 */
const frameCss = `${viewStyles}
html,body{margin:0;background:transparent}
.ba-root{min-height:0}
.ba-root .ba-partner{display:flow-root}
`;

type PartnerFile = { type: string; cache: string; file?: string; body?: string };

/**
 * The packages' files under /partner/{name}@{version}/: the screen module and the locales, nothing else of
 * the package, plus the document of the sandboxed frame the screen runs in (frame.html) and that frame's
 * bootstrap and styles (/partner/frame.js, /partner/frame.css). The version is in the package's path, so its
 * files are cached for a year; the frame's opaque origin and the widget on other sites load them, hence
 * CORS. They are plain same-origin files: no eval anywhere.
 */
export const partnerFileRoutes: FastifyPluginAsync<{ packages: FeaturePackages }> = async (
  app,
  { packages },
) => {
  const files = new Map<string, PartnerFile>();
  const js = "text/javascript; charset=utf-8";
  files.set("/partner/frame.js", { file: path.join(frameDir, "frame.js"), type: js, cache: BRIEF });
  files.set("/partner/frame.css", { body: frameCss, type: "text/css; charset=utf-8", cache: BRIEF });
  for (const pkg of packages.loaded) {
    files.set(`${partnerPath(pkg)}/screen.js`, { file: pkg.screenFile, type: js, cache: YEAR });
    files.set(`${partnerPath(pkg)}/frame.html`, {
      file: path.join(frameDir, "frame.html"),
      type: "text/html; charset=utf-8",
      cache: BRIEF,
    });
    for (const [lang, file] of Object.entries(pkg.localeFiles))
      files.set(`${partnerPath(pkg)}/locales/${lang}.json`, {
        file,
        type: "application/json; charset=utf-8",
        cache: YEAR,
      });
  }
  const isFrame = (url: string) => url.endsWith("/frame.html");
  app.get("/partner/*", { schema: { hide: true } }, async (req, reply) => {
    const hit = files.get(req.url.split("?")[0]);
    if (!hit) return sendError(req, reply, 404, { message: "Not found", code: "NotFound" });
    reply
      .header("content-type", hit.type)
      .header("cache-control", hit.cache)
      .header("access-control-allow-origin", "*")
      .header("x-content-type-options", "nosniff");
    if (isFrame(req.url.split("?")[0])) reply.removeHeader("x-frame-options");
    return reply.send(hit.body ?? (await fs.promises.readFile(hit.file as string)));
  });
  // Set last (this plugin's onSend runs after the application's, which adapts the pages' policies), so the
  // frame keeps its own policy whatever the pages' hook does to documents.
  app.addHook("onSend", async (req, reply, payload) => {
    if (reply.statusCode === 200 && isFrame(req.url.split("?")[0]))
      reply.header("content-security-policy", PARTNER_FRAME_CSP).removeHeader("x-frame-options");
    return payload;
  });
};
