import { newFeature } from "../../../core/index.ts";
import {
  type FeatureModule,
  featurePageName,
  featureTypeOfPage,
  featureTypes,
  getFeatureType,
  registerFeatureType,
  retainFeatureType,
  type UiSchema,
} from "../../../schemas/index.ts";
import { tokenStore } from "../api.ts";

export type DraftFeature = {
  id: string;
  type: string;
  title?: string;
  icon?: string;
  hide?: boolean;
} & Record<string, unknown>;

/** /apps/{appId}/features/{pageName}?id={featureId} (spec §2). */
export function featureEditorPath(appId: string, feature: DraftFeature, search = ""): string {
  const page = featurePageName(feature) ?? "unknown";
  const params = new URLSearchParams(search);
  params.set("id", feature.id);
  return `/apps/${appId}/features/${page}?${params}`;
}

/**
 * A new feature for an editor route: the type the page name serves, with what the route itself says
 * (click-to-link/{meta} carries its meta).
 */
export function newFeatureForPage(pageName: string): DraftFeature | null {
  const module = featureTypeOfPage(pageName);
  if (!module) return null;
  const feature = newFeature(module.type) as DraftFeature;
  const template = module.pageName.split("/");
  pageName.split("/").forEach((segment, i) => {
    const field = /^\{(\w+)\}$/.exec(template[i] ?? "")?.[1];
    if (field) feature[field] = segment;
  });
  return feature;
}

/** A partner's type as GET /api/feature-packages lists it: its module as JSON (schemas/feature-packages.ts). */
interface PartnerTypeJson {
  type: string;
  label: string;
  pageName: string;
  analyticsPage: string;
  schema: FeatureModule["schema"];
  uiSchema: UiSchema;
  defaults: Record<string, unknown>;
}

/**
 * Registers the server's partner feature types (issue 20, FEATURE_PACKAGES) in the builder's feature
 * registry, so the add-feature list, the editor routes and the generated editors follow as for a built-in
 * type, and keeps the types saved apps use that no package provides (their features are not refused). Any
 * failure leaves the built-in types only. Returns the partner types registered.
 */
export async function loadPartnerTypes(
  token = typeof localStorage === "undefined" ? null : tokenStore.get(),
) {
  if (!token) return [];
  try {
    const res = await fetch("/api/feature-packages", {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return [];
    const { data } = (await res.json()) as { data: { types: PartnerTypeJson[]; retainedTypes: string[] } };
    const added: string[] = [];
    for (const t of data.types) {
      if (getFeatureType(t.type)) continue;
      const { defaults, ...module } = t;
      registerFeatureType({ ...module, defaults: () => structuredClone(defaults) });
      added.push(t.type);
    }
    for (const type of data.retainedTypes) retainFeatureType(type);
    return added;
  } catch {
    return [];
  }
}

// The pages that read feature routes (grid, editor, save) load as chunks after sign-in: this module finishes
// loading once the partner types are in, so the add-feature list and a direct editor link know them.
await loadPartnerTypes();

/**
 * The types the "Add feature" menu offers, in registry order: the built-in types, then the partners' types
 * the server loaded (registered above from GET /api/feature-packages).
 */
export const addableTypes = (): FeatureModule<any>[] => featureTypes();

export const featureLabel = (f: DraftFeature) => f.title || getFeatureType(f.type)?.label || f.type;
