import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { TSchema } from "@sinclair/typebox";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { compile } from "../../schemas/ajv.ts";
import { WIDGET_PAGE_IDS } from "../../schemas/analytics.ts";
import type { FeatureModule, UiSchema } from "../../schemas/features/module.ts";
import { featureHelpers } from "../../schemas/features/package-helpers.ts";
import {
  isFeatureType,
  registerFeatureType,
  releaseFeatureType,
  retainFeatureType,
  unregisterFeatureType,
} from "../../schemas/features/registry.ts";
import type { Db } from "../db/connect.ts";
import { featureTypesInUse } from "../ops/feature-packages.ts";

/**
 * Partner feature packages (issue 20): FEATURE_PACKAGES names npm packages or folders; each one's
 * package.json says, under "brandApps", where its feature module, its widget screen (one ES module) and its
 * strings are. At start every package is read, its module built with our helpers (schemas/features/
 * package-helpers.ts) and registered in the feature registry, so validation, OpenAPI and the builder's
 * editors follow as for a built-in type. A package that cannot be loaded is logged with the reason and
 * skipped: the server starts without it, and features of its type that apps saved keep their data.
 */

export interface FeaturePackage {
  /** The FEATURE_PACKAGES entry. */
  spec: string;
  name: string;
  version: string;
  module: FeatureModule<TSchema>;
  /** Absolute paths of the files the server hands out under /partner/{name}@{version}/. */
  screenFile: string;
  localeFiles: Record<string, string>;
}

export interface FailedPackage {
  spec: string;
  reason: string;
}

export interface FeaturePackages {
  loaded: FeaturePackage[];
  failed: FailedPackage[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** The partner packages of FEATURE_PACKAGES: loaded, or failed with the reason. */
    featurePackages: FeaturePackages;
  }
}

/** npm's rules for a package name (lower case, URL-safe, optionally scoped). */
const NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
/** A semantic version; it is part of the files' URL, so a new version is a new URL. */
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
/** Editor route segments: lower-case words, optionally a `{field}` segment as the built-ins have. */
const PAGE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*(\/(\{\w+\}|[a-z0-9]+(-[a-z0-9]+)*))*$/;
const LANG = /^[a-z]{2}$/;

class PackageError extends Error {}
const fail = (reason: string): never => {
  throw new PackageError(reason);
};

/** The folder of a FEATURE_PACKAGES entry: a path, an installed npm package, or a folder under packages/. */
export function packageDir(spec: string, cwd: string): string {
  if (spec.startsWith(".") || path.isAbsolute(spec)) {
    const dir = path.resolve(cwd, spec);
    if (!fs.existsSync(path.join(dir, "package.json"))) fail(`no package.json in ${dir}`);
    return dir;
  }
  if (!NAME.test(spec)) fail("not a package name or a path (paths start with ./, ../ or /)");
  try {
    return path.dirname(createRequire(path.join(cwd, "package.json")).resolve(`${spec}/package.json`));
  } catch {
    const local = path.join(cwd, "packages", spec);
    if (fs.existsSync(path.join(local, "package.json"))) return local;
    return fail(`not installed (looked in node_modules and in ${path.join(cwd, "packages")})`);
  }
}

/** A file the manifest names, which must stay inside the package's folder. */
function fileIn(dir: string, field: string, value: unknown, ext: RegExp): string {
  if (typeof value !== "string" || !value) return fail(`package.json brandApps.${field} is missing`);
  const file = path.resolve(dir, value);
  if (path.relative(dir, file).startsWith("..") || path.isAbsolute(path.relative(dir, file)))
    fail(`brandApps.${field} points outside the package`);
  if (!ext.test(file)) fail(`brandApps.${field} must be a ${ext.source.replace(/[\\$()]/g, "")} file`);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
    fail(`brandApps.${field}: ${value} does not exist`);
  return file;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The feature module the package exports: `export default (helpers) => defineFeature(...)`, or the module. */
async function featureModule(file: string): Promise<FeatureModule<TSchema>> {
  let exports: Record<string, unknown>;
  try {
    exports = await import(pathToFileURL(file).href);
  } catch (err) {
    return fail(`its feature module could not be imported: ${(err as Error).message}`);
  }
  const exported = exports.default ?? exports.feature;
  let module: unknown;
  try {
    module = typeof exported === "function" ? await exported(featureHelpers) : exported;
  } catch (err) {
    return fail(`its feature module threw while building the type: ${(err as Error).message}`);
  }
  if (!isObject(module))
    return fail("its feature module exports no feature (export default (helpers) => ...)");
  for (const key of ["type", "label", "pageName", "analyticsPage"])
    if (typeof module[key] !== "string" || !module[key]) fail(`the feature's ${key} is missing`);
  if (!isObject(module.schema)) fail("the feature's schema is missing");
  if (module.uiSchema !== undefined && !isObject(module.uiSchema))
    fail("the feature's uiSchema is not an object");
  if (typeof module.defaults !== "function") fail("the feature's defaults is not a function");
  if (!PAGE_NAME.test(module.pageName as string))
    fail(`the feature's pageName "${module.pageName}" is not a route segment (lower-case words and dashes)`);
  const page = module.analyticsPage as string;
  if (!(WIDGET_PAGE_IDS as readonly string[]).includes(page) && !/^\{\w+\}$/.test(page))
    fail(
      `the feature's analyticsPage "${page}" is not a widget page id of spec §2 (${WIDGET_PAGE_IDS.join(", ")})`,
    );
  const defaults = (module.defaults as () => unknown)();
  if (!isObject(defaults) || typeof defaults.title !== "string")
    fail("the feature's defaults() must return an object with a title");
  try {
    compile(module.schema as object);
  } catch (err) {
    fail(`the feature's schema does not compile: ${(err as Error).message}`);
  }
  return { ...(module as unknown as FeatureModule<TSchema>), uiSchema: (module.uiSchema as UiSchema) ?? {} };
}

/** Reads one package; throws a PackageError saying what is wrong. */
export async function readFeaturePackage(spec: string, cwd: string): Promise<FeaturePackage> {
  const dir = packageDir(spec, cwd);
  let pkg: unknown;
  try {
    pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  } catch (err) {
    return fail(`its package.json is not valid JSON: ${(err as Error).message}`);
  }
  if (!isObject(pkg)) return fail("its package.json is not an object");
  const { name, version, brandApps } = pkg;
  if (typeof name !== "string" || !NAME.test(name)) fail("its package.json has no valid name");
  if (typeof version !== "string" || !VERSION.test(version))
    fail(`its version ${JSON.stringify(version)} is not a semantic version (1.2.3)`);
  if (!isObject(brandApps))
    return fail('its package.json has no "brandApps" section (feature, screen, locales)');
  const featureFile = fileIn(dir, "feature", brandApps.feature, /\.(m?js|ts)$/);
  const screenFile = fileIn(dir, "screen", brandApps.screen, /\.m?js$/);
  const locales = brandApps.locales ?? {};
  if (!isObject(locales)) return fail("brandApps.locales must map languages to JSON files");
  const localeFiles: Record<string, string> = {};
  for (const [lang, file] of Object.entries(locales)) {
    if (!LANG.test(lang)) fail(`brandApps.locales: "${lang}" is not a two-letter language`);
    localeFiles[lang] = fileIn(dir, `locales.${lang}`, file, /\.json$/);
    let strings: unknown;
    try {
      strings = JSON.parse(fs.readFileSync(localeFiles[lang], "utf8"));
    } catch (err) {
      fail(`brandApps.locales.${lang} is not valid JSON: ${(err as Error).message}`);
    }
    if (!isObject(strings)) fail(`brandApps.locales.${lang} is not an object of strings`);
  }
  const module = await featureModule(featureFile);
  return { spec, name: name as string, version: version as string, module, screenFile, localeFiles };
}

/** Loads and registers every package in order; failures are collected, never thrown. */
export async function loadFeaturePackages(
  specs: string[],
  cwd: string,
  log: FastifyBaseLogger,
): Promise<FeaturePackages> {
  const result: FeaturePackages = { loaded: [], failed: [] };
  for (const spec of specs) {
    try {
      const pkg = await readFeaturePackage(spec, cwd);
      const twin = result.loaded.find((p) => p.name === pkg.name);
      if (twin) fail(`package ${pkg.name} is already loaded from "${twin.spec}"`);
      try {
        registerFeatureType(pkg.module);
      } catch (err) {
        fail((err as Error).message);
      }
      result.loaded.push(pkg);
      log.info(
        { package: pkg.name, version: pkg.version, type: pkg.module.type },
        `Feature package ${pkg.name}@${pkg.version} loaded: feature type ${pkg.module.type}`,
      );
    } catch (err) {
      const reason =
        err instanceof PackageError ? err.message : `unexpected error: ${(err as Error).message}`;
      result.failed.push({ spec, reason });
      log.error({ package: spec }, `Feature package "${spec}" was not loaded: ${reason}`);
    }
  }
  return result;
}

/**
 * Loads FEATURE_PACKAGES into the feature registry before the routes compile, keeps the types saved apps
 * use that no package provides (their features keep their data), and undoes both when the server closes.
 */
export const featurePackages = fp<{ specs: string[]; db: Db; cwd?: string }>(
  async (app: FastifyInstance, { specs, db, cwd = process.cwd() }) => {
    const packages = await loadFeaturePackages(specs, cwd, app.log);
    app.decorate("featurePackages", packages);
    const retained: string[] = [];
    for (const type of await featureTypesInUse(db)) {
      if (isFeatureType(type)) continue;
      retainFeatureType(type);
      retained.push(type);
    }
    if (retained.length)
      app.log.warn(
        { types: retained },
        `Saved apps use feature types no package provides (${retained.join(", ")}): their features are kept as they are and show 'No Preview Available'`,
      );
    app.addHook("onClose", async () => {
      for (const pkg of packages.loaded) unregisterFeatureType(pkg.module.type);
      for (const type of retained) releaseFeatureType(type);
    });
  },
  { name: "feature-packages" },
);
