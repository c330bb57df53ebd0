import fs from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { InlineConfig } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");

/** The widget renders with preact/compat: the same React views at a fraction of the bytes. */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

const spa = (name: string, base: string): InlineConfig => ({
  configFile: false,
  root: path.join(root, name),
  base,
  plugins: [react()],
  logLevel: "warn",
  build: { outDir: path.join(dist, name), emptyOutDir: true, sourcemap: true },
});

/**
 * The chunks brand-app.js imports statically (what the first view needs besides it), read from the built
 * element: the names carry content hashes. None when the element is not built.
 */
function firstViewChunks(): string[] {
  const file = path.join(dist, "sdk", "brand-app.js");
  if (!fs.existsSync(file)) return [];
  const code = fs.readFileSync(file, "utf8");
  const names = [...code.matchAll(/(?:^|[;\s}])(?:import|from)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(names)];
}

/** One Vite build per face of the product. */
export const buildTargets: Record<string, InlineConfig> = {
  builder: {
    ...spa("builder", "/"),
    // The preview's Spanish texts load for Spanish apps only (sdk/views/i18n.ts), as in the widget.
    define: { __BRAND_APP_LAZY_LOCALES__: "true" },
    build: {
      ...spa("builder", "/").build,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Everything the entry imports statically (the sign-in page) in one chunk, as Rollup would put it in
            // the entry; left to the automatic grouping it was some 40 chunks, each compressed on its own
            // (issue 19: 211 KB gzip in 40 scripts, 103 KB in one, with the page's antd parts still in).
            groups: [{ name: "sign-in", tags: ["$initial"] }],
          },
        },
      },
    },
  },
  // The customer portal is opened on phones: the same React views on preact/compat, like the widget.
  portal: { ...spa("portal", "/portal/"), resolve: { alias: preactAliases } },
  // The promo page is public and shared on phones: it hydrates with preact/compat like the widget, because
  // the server's React HTML needs no more than the same components to come alive.
  promo: {
    configFile: false,
    root,
    // Where pages.ts serves the files: the lazily loaded simulator chunks are requested from here.
    base: "/promo-assets/",
    resolve: { alias: preactAliases },
    plugins: [react()],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    logLevel: "warn",
    build: {
      outDir: path.join(dist, "promo"),
      emptyOutDir: true,
      rollupOptions: {
        input: { client: path.join(root, "promo/client.tsx") },
        output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  },
  // The element bundle is an ES module so it can learn its own origin from import.meta.url.
  "sdk-element": {
    configFile: false,
    root,
    resolve: { alias: preactAliases },
    plugins: [react()],
    logLevel: "warn",
    // Spanish texts load for Spanish apps only (sdk/views/i18n.ts), out of an English app's first view.
    define: { "process.env.NODE_ENV": JSON.stringify("production"), __BRAND_APP_LAZY_LOCALES__: "true" },
    build: {
      outDir: path.join(dist, "sdk"),
      emptyOutDir: true,
      lib: { entry: path.join(root, "sdk/element.ts"), formats: ["es"], fileName: () => "brand-app.js" },
      // Small modules shared by the entry and the lazy screens would otherwise each be a chunk of their own,
      // fetched one after another before home can render; copying them into their users saves those trips.
      // The bundle is loaded for its side effect (it defines <brand-app>), so its exports need not survive.
      rolldownOptions: {
        preserveEntrySignatures: false,
        output: {
          // Vite leaves whitespace in an ES library so that bundlers re-bundling it keep its /* @__PURE__ */
          // marks. Browsers load these files as they are (the npm package below stays unminified for
          // bundlers), so they are minified in full: about 4 KB gzip less in the first view.
          minify: true,
          codeSplitting: {
            // Date formatting (dayjs) is shared by five lazy screens and stays one chunk of its own.
            experimentalInlineCommonChunks: {
              maxSize: 24 * 1024,
              exclude: [/node_modules\/dayjs\//, /sdk\/views\/dates/],
            },
          },
        },
      },
    },
  },
  // The loader is a classic script (pasted with `async`), so it is an IIFE with no imports. Built after the
  // element: it asks for the element's first-view chunks as modulepreloads together with brand-app.js
  // (sdk/embed.ts), instead of the browser finding them only once brand-app.js has arrived.
  "sdk-embed": {
    configFile: false,
    root,
    logLevel: "warn",
    plugins: [
      {
        name: "brand-app-first-view-chunks",
        config: () => ({ define: { __BRAND_APP_CHUNKS__: JSON.stringify(firstViewChunks()) } }),
      },
    ],
    build: {
      outDir: path.join(dist, "sdk"),
      emptyOutDir: false,
      lib: {
        entry: path.join(root, "sdk/embed.ts"),
        formats: ["iife"],
        name: "BrandAppEmbed",
        fileName: () => "embed.js",
      },
    },
  },
  // The npm package @brand-apps/widget (scripts/widget-package.ts adds its types, package.json and README):
  // the same element as brand-app.js, with preact and every other dependency inside, so it installs with no
  // dependencies; an ES module whose exports (defineBrandApp, the event names) survive.
  "sdk-package": {
    configFile: false,
    root,
    resolve: { alias: preactAliases },
    plugins: [react()],
    logLevel: "warn",
    define: { "process.env.NODE_ENV": JSON.stringify("production"), __BRAND_APP_LAZY_LOCALES__: "true" },
    build: {
      outDir: path.join(dist, "sdk-package"),
      emptyOutDir: true,
      lib: { entry: path.join(root, "sdk/package-entry.ts"), formats: ["es"], fileName: () => "index.js" },
      rolldownOptions: { output: { chunkFileNames: "chunks/[name]-[hash].js" } },
    },
  },
  // The push service worker: its own classic script, served from /sdk/ so the widget can register it.
  "sdk-push-sw": {
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      outDir: path.join(dist, "sdk"),
      emptyOutDir: false,
      lib: {
        entry: path.join(root, "sdk/push-sw.ts"),
        formats: ["iife"],
        name: "BrandAppPushSw",
        fileName: () => "push-sw.js",
      },
    },
  },
};
