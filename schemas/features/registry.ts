import type { TObject, TSchema } from "@sinclair/typebox";
import type { ValidateFunction } from "ajv";
import { ajv, type FieldError, toFieldErrors } from "../ajv.ts";
import { fillPage } from "../constants/feature-pages.ts";
import { setFeatureLookup } from "../keywords.ts";
import type { FeatureModule } from "./module.ts";

/**
 * The feature registry: the one list of feature types the server validates, the builder edits and the
 * widget renders. Built-in types register in ./index.ts; a partner's type registers the same way.
 */
const modules = new Map<string, FeatureModule<TSchema>>();
/** Compiled validators by type; an entry is dropped whenever its type is (re)registered. */
const validators = new Map<string, ValidateFunction>();
let union: TSchema | undefined;
const listeners = new Set<() => void>();

function changed(type: string) {
  validators.delete(type);
  union = undefined;
  for (const listener of listeners) listener();
}

/**
 * Adds a feature type. Registering a type that exists is a mistake unless `replace` says otherwise, so a
 * partner cannot shadow a built-in by accident.
 */
export function registerFeatureType(module: FeatureModule<TSchema>, opts: { replace?: boolean } = {}): void {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(module.type))
    throw new Error(`Feature type "${module.type}" must be letters and digits, starting with a letter`);
  const declared = ((module.schema as TObject).properties?.type as { const?: unknown } | undefined)?.const;
  if (declared !== module.type)
    throw new Error(`Feature type "${module.type}": its schema's type must be the literal "${module.type}"`);
  if (modules.has(module.type) && !opts.replace)
    throw new Error(`Feature type "${module.type}" is already registered`);
  const clash = [...modules.values()].find((m) => m.pageName === module.pageName && m.type !== module.type);
  if (clash) throw new Error(`Page name "${module.pageName}" is already used by ${clash.type}`);
  modules.set(module.type, module);
  changed(module.type);
}

/** Removes a type (tests, and partners switching a type off). */
export function unregisterFeatureType(type: string): void {
  if (modules.delete(type)) changed(type);
}

/** Called after every registration change (the builder refreshes its "add feature" list). */
export function onFeatureTypesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getFeatureType = (type: string): FeatureModule<TSchema> | undefined => modules.get(type);
export const featureTypes = (): FeatureModule<TSchema>[] => [...modules.values()];
export const isFeatureType = (type: unknown): boolean => typeof type === "string" && modules.has(type);

/**
 * Types the installation has seen (a saved app holds features of them, or a configured package declares
 * them) but no loaded module provides: a partner's package that failed to load or was switched off. Their
 * features are kept as they are, checked only for being objects with an id, so saving an app never drops
 * a partner's data; a registered type of the same name wins.
 */
const retained = new Set<string>();
let keepValidator: ValidateFunction | undefined;
const keepAsIs = () => {
  keepValidator ??= ajv.compile({
    type: "object",
    required: ["id", "type"],
    properties: { id: { type: "string", minLength: 1, maxLength: 100 }, type: { type: "string" } },
  });
  return keepValidator;
};

/** Keeps the features of a type that no module provides (see `retained`). */
export function retainFeatureType(type: string): void {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(type) || retained.has(type)) return;
  retained.add(type);
  changed(type);
}

/** Forgets a retained type (tests). */
export function releaseFeatureType(type: string): void {
  if (retained.delete(type)) changed(type);
}

export const retainedFeatureTypes = (): string[] => [...retained].filter((type) => !modules.has(type));

/** The compiled validator of one type, compiled on first use and cached until the type changes. */
export function featureValidator(type: string): ValidateFunction | undefined {
  const hit = validators.get(type);
  if (hit) return hit;
  const module = modules.get(type);
  if (!module) return retained.has(type) ? keepAsIs() : undefined;
  const fn = ajv.compile(module.schema);
  validators.set(type, fn);
  return fn;
}
setFeatureLookup(featureValidator);

/**
 * The schema of "a feature of any registered type": ajv dispatches on `type` through the `featureType`
 * keyword (schemas/keywords.ts), so unknown types get a clear message and the errors of the right type
 * only. AppDefinition.features uses it.
 */
export const AnyFeatureSchema = {
  type: "object",
  featureType: true,
  description: "A feature of a registered type; `type` selects the schema (see featureUnionSchema()).",
} as const;

/** Validates one feature against its type's schema. */
export function validateFeature(feature: unknown): FieldError[] {
  const fn = compileAny();
  return fn(feature) ? [] : toFieldErrors(fn.errors);
}
let anyValidator: ValidateFunction | undefined;
const compileAny = () => {
  anyValidator ??= ajv.compile(AnyFeatureSchema);
  return anyValidator;
};

/**
 * The same contract as plain JSON Schema (an if/then per registered type), for the API docs and for tools
 * that do not know our keyword. Rebuilt after every registration change.
 */
export function featureUnionSchema(): TSchema {
  union ??= {
    type: "object",
    required: ["type"],
    properties: { type: { type: "string", enum: [...modules.keys()] } },
    allOf: [...modules.values()].map((m) => ({
      if: { properties: { type: { const: m.type } }, required: ["type"] },
      then: m.schema,
    })),
  } as unknown as TSchema;
  return union;
}

/** The editor route segment of a feature: /apps/{appId}/features/{this}?id={feature.id} (spec §2). */
export function featurePageName(feature: { type: string } & Record<string, unknown>): string | undefined {
  const module = modules.get(feature.type);
  return module && fillPage(module.pageName, feature);
}

/** The widget page id analytics records for a feature (spec §2). */
export function featureAnalyticsPage(
  feature: { type: string } & Record<string, unknown>,
): string | undefined {
  const module = modules.get(feature.type);
  return module && fillPage(module.analyticsPage, feature);
}

/** Which type an editor route serves; `click-to-link/glovebox` matches `click-to-link/{meta}`. */
export function featureTypeOfPage(pageName: string): FeatureModule<TSchema> | undefined {
  for (const module of modules.values()) {
    const pattern = module.pageName.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "[^/]+");
    if (new RegExp(`^${pattern}$`).test(pageName)) return module;
  }
  return undefined;
}
