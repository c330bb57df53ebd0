import { newFeature } from "../../../core/index.ts";
import {
  type FeatureModule,
  featurePageName,
  featureTypeOfPage,
  featureTypes,
  getFeatureType,
} from "../../../schemas/index.ts";

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

/** The types the "Add feature" menu offers, in registry order. */
export const addableTypes = (): FeatureModule<any>[] => featureTypes();

export const featureLabel = (f: DraftFeature) => f.title || getFeatureType(f.type)?.label || f.type;
