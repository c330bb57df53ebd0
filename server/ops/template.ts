import { randomUUID } from "node:crypto";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A new app's definition from the template app (spec §4): every feature gets a new id (references from
 * menus follow), and the template's coupons, events and loyalty images are emptied so a new business
 * starts without another one's offers or pictures.
 */
export function seedFromTemplate(template: Json): Json {
  const definition = structuredClone(template);
  const newIds = new Map<string, string>();
  const features = Array.isArray(definition.features) ? definition.features.filter(isObject) : [];
  for (const feature of features) {
    const id = randomUUID();
    if (typeof feature.id === "string") newIds.set(feature.id, id);
    feature.id = id;
  }
  for (const feature of features) {
    if (feature.type === "Loyalty" || feature.type === "Loyalty2") {
      if ("image" in feature) feature.image = "";
      if ("stampIcon" in feature) feature.stampIcon = "";
      for (const program of Array.isArray(feature.programs) ? feature.programs.filter(isObject) : [])
        if ("image" in program) program.image = "";
    }
    for (const item of Array.isArray(feature.items) ? feature.items.filter(isObject) : [])
      if (typeof item.featureId === "string") item.featureId = newIds.get(item.featureId) ?? item.featureId;
  }
  definition.features = features;
  definition.coupons = [];
  definition.events = [];
  return definition;
}
