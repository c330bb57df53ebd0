import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { embedSnippet } from "../../core/index.ts";
import { pickLanguage, poweredByFromEnv, renderPromoPage } from "../../promo/index.ts";
import type { Db } from "../db/connect.ts";
import { sendError, wantsHtml } from "../error-reply.ts";
import { promoSource } from "../ops/promo.ts";
import { publicOrigin } from "../request-origin.ts";

interface PageOptions {
  db: Db;
  distDir: string;
  /** PUBLIC_URL; unset, each page's origin is the request's own, read through TRUST_PROXY. */
  publicUrl?: string;
  hasDist: boolean;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Whether an If-None-Match header names this entity tag (or any, with "*"). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch &&
  ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });

/** The product's icon, linked from every page for people (the promo page of an app with a logo uses the logo). */
const FAVICON = fs.readFileSync(new URL("../public/favicon.svg", import.meta.url));
export const faviconTag = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';

/**
 * What /promo/, /portal/ and /demo/ show without an app id: these addresses only make sense per app, and a
 * person who arrives at the bare one (a shortened link, a typo) is pointed to the console, where each app's
 * links are. The title and sentence are exact: the tests read them.
 */
export const idlessPages = {
  promo: {
    title: "Promo pages",
    sentence:
      "Each app has its own promo page at /promo/ followed by the app's id: open the app in the console to find its link.",
  },
  portal: {
    title: "Customer portal",
    sentence:
      "Each app has its own customer portal at /portal/ followed by the app's id: open the app in the console to find its link.",
  },
  demo: {
    title: "Widget demo",
    sentence:
      "Each app has its own widget demo at /demo/ followed by the app's id: open the app in the console to find its link.",
  },
} as const;

export function idlessPage(kind: keyof typeof idlessPages): string {
  const { title, sentence } = idlessPages[kind];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<meta name="description" content="${escapeHtml(sentence)}">
${faviconTag}
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:640px;margin:0 auto;padding:48px 24px;color:#1f2329;line-height:1.5}a{color:#174ea6;font-weight:600}</style>
</head><body><main>
<h1>${title}</h1>
<p>${escapeHtml(sentence)}</p>
<p><a href="/">Open the console</a></p>
</main></body></html>`;
}

/** Server-rendered pages (promo, demo host) and the built front ends. */
export const pageRoutes: FastifyPluginAsync<PageOptions> = async (
  app,
  { db, distDir, publicUrl, hasDist },
) => {
  // Read once: the brands behind the 'Powered by' link are deployment settings (promo/powered-by.ts).
  const poweredBy = poweredByFromEnv(process.env);

  // The product's icon; /favicon.ico, which browsers ask for on their own, points at it.
  app.get("/favicon.svg", { schema: { hide: true } }, async (_req, reply) =>
    reply.header("cache-control", "public, max-age=86400").type("image/svg+xml; charset=utf-8").send(FAVICON),
  );
  app.get("/favicon.ico", { schema: { hide: true } }, async (_req, reply) =>
    reply.header("cache-control", "public, max-age=86400").redirect("/favicon.svg", 301),
  );

  // The bare addresses of the per-app pages, with or without the slash: a page for people (404: there is no
  // app here) instead of the portal's script failing on an empty id or the builder's page.
  for (const kind of Object.keys(idlessPages) as (keyof typeof idlessPages)[])
    for (const url of [`/${kind}`, `/${kind}/`])
      app.get(url, { schema: { hide: true } }, async (_req, reply) =>
        reply
          .status(404)
          .header("cache-control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(idlessPage(kind)),
      );

  // The promo page is public and the same for every visitor (the owner's editable mode is decided in the
  // browser), but it changes whenever the owner edits it. So caches may keep it ("public") yet must ask
  // again each time ("no-cache"); the ETag, a hash of the page, turns an unchanged page into a 304 without
  // the body. A max-age would be cheaper but would show the owner the old page for that long after a save.
  // Errors (an unknown app) go through the error handler as an uncached page for people.
  app.get<{ Params: { appId: string }; Querystring: { lang?: string } }>(
    "/promo/:appId",
    async (req, reply) => {
      const origin = publicOrigin(req, publicUrl);
      const source = await promoSource(db, req.params.appId);
      const language = pickLanguage(req.query.lang, source.app.lang);
      const html = await renderPromoPage({ ...source, language }, { origin, poweredBy });
      const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
      reply.header("cache-control", "public, no-cache").header("etag", etag);
      if (matches(req.headers["if-none-match"], etag)) return reply.status(304).send();
      return reply.type("text/html; charset=utf-8").send(html);
    },
  );

  app.get<{ Params: { appId: string } }>("/demo/:appId", async (req, reply) => {
    const snippet = embedSnippet(publicOrigin(req, publicUrl), req.params.appId);
    return reply.type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Widget demo</title>
<meta name="description" content="A plain host page that embeds the app's widget with its paste-in snippet.">
${faviconTag}
<style>body{font-family:Georgia,serif;max-width:960px;margin:0 auto;padding:24px;background:#fafafa}</style>
</head><body>
<header><h1>A dealer's web site</h1><p>This plain page embeds the app widget with the snippet below.</p></header>
<main>
${snippet}
</main>
<footer><pre>${escapeHtml(snippet)}</pre></footer>
</body></html>`);
  });

  // Unknown paths outside /api (whose own handler sits in app.ts): with the front ends built, the builder
  // and the portal are single-page apps and every unknown document path gets their index.html; anything
  // else is a 404 page for people, or the envelope for files such as /sdk/missing.js.
  app.setNotFoundHandler((req, reply) => {
    if (hasDist && req.method === "GET" && wantsHtml(req.url) && !path.extname(req.url.split("?")[0]))
      return reply
        .header("cache-control", "no-cache")
        .sendFile("index.html", path.join(distDir, req.url.startsWith("/portal/") ? "portal" : "builder"), {
          cacheControl: false,
        });
    return sendError(req, reply, 404, { message: "Not found", code: "NotFound" });
  });

  if (!hasDist) return;
  // The builder validates drafts with the shared ajv schemas, and ajv compiles validators with `new Function`.
  // Only the builder's own document is allowed to evaluate code; the widget, portal and promo pages are not.
  // Decided by path, not by content type, so a revalidated 304 of the builder's document keeps the rule too.
  const otherSurfaces = /^\/(promo|promo-assets|demo|portal|api|sdk)(\/|$)/;
  app.addHook("onSend", async (req, reply, payload) => {
    const pathname = req.url.split("?")[0];
    const document = !path.extname(pathname) || pathname.endsWith(".html");
    const builderPage = document && !otherSurfaces.test(pathname);
    const csp = reply.getHeader("content-security-policy");
    if (builderPage && typeof csp === "string")
      reply.header(
        "content-security-policy",
        csp.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"),
      );
    return payload;
  });
  // Built front ends. The widget's files are loaded by other sites, so they are cached briefly and revalidated.
  await app.register(fastifyStatic, {
    root: path.join(distDir, "sdk"),
    prefix: "/sdk/",
    decorateReply: false,
    maxAge: 5 * 60 * 1000,
  });
  // The promo chunks carry a content hash in their names, so they never change and are cached for good;
  // the entry script keeps its name across builds and is cached briefly.
  await app.register(fastifyStatic, {
    root: path.join(distDir, "promo"),
    prefix: "/promo-assets/",
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, file) =>
      reply.header(
        "cache-control",
        /-[\w-]{8}\.js$/.test(file) ? "public, max-age=31536000, immutable" : "public, max-age=300",
      ),
  });
  await app.register(fastifyStatic, {
    root: path.join(distDir, "portal"),
    prefix: "/portal/",
    decorateReply: false,
  });
  // Assets carry a content hash and never change; the documents must be re-read so a deploy takes effect.
  const documentsUncached = (reply: FastifyReply, file: string) => {
    if (file.endsWith(".html")) reply.header("cache-control", "no-cache");
  };
  await app.register(fastifyStatic, {
    root: path.join(distDir, "builder"),
    prefix: "/",
    wildcard: false,
    setHeaders: documentsUncached,
  });
};
