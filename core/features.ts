import { getFeatureType } from "../schemas/features/registry.ts";
import { defaultFeatureIcon } from "./feature-icons.ts";
import { newId } from "./ids.ts";

/**
 * A new feature of a registered type: its type's default icon (unless its defaults name one), its
 * defaults, its type, and a fresh UUID (spec §3: generated on add). `id` is injectable for tests.
 */
export function newFeature(
  type: string,
  id: () => string = newId,
): Record<string, unknown> & { id: string; type: string } {
  const module = getFeatureType(type);
  if (!module) throw new Error(`Unknown feature type "${type}"`);
  return { icon: defaultFeatureIcon(type), ...structuredClone(module.defaults()), id: id(), type };
}
