import type { AppDefinition } from "../schemas/definition.ts";
import { newId } from "./ids.ts";

/**
 * A new app's definition seeded from the template app (spec §4): every feature gets a new id (and every
 * reference to it follows: menu items, feature links, tiles), coupons and events are emptied, and loyalty
 * images (card image, stamp icon, program images) are cleared because they belong to the template's business.
 */
export function seedFromTemplate(template: AppDefinition, id: () => string = newId): AppDefinition {
  const copy = structuredClone(template);
  const ids = new Map<string, string>();
  const remap = (old: string | undefined) => (old ? (ids.get(old) ?? old) : old);
  const features = (copy.features ?? []) as unknown as Record<string, any>[];
  for (const f of features) {
    const fresh = id();
    ids.set(f.id, fresh);
    f.id = fresh;
  }
  for (const f of features) {
    if (f.type === "Menu") for (const item of f.items ?? []) item.featureId = remap(item.featureId);
    if (f.type === "ClickToReference") f.featureId = remap(f.featureId);
    if (f.type === "Loyalty") {
      f.image = "";
      if (f.stampIcon) f.stampIcon = "";
    }
    if (f.type === "Loyalty2") for (const p of f.programs ?? []) p.image = "";
  }
  for (const tile of copy.tilesConfig?.tiles ?? [])
    if (tile.featureId) tile.featureId = remap(tile.featureId);
  copy.coupons = [];
  copy.events = [];
  return copy;
}
