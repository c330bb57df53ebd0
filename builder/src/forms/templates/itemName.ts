/** Properties that name a list item, in the order they are looked for. */
const NAME_KEYS = ["name", "title", "displayName", "label", "programName", "value"];

/**
 * How a list item is called on its card, its handle and its remove button: what the user named it
 * ("Sales"), a plain text item's own text, or its place ("Item 2") while it has no name yet.
 */
export function itemName(item: unknown, index: number): string {
  if (typeof item === "string" && item.trim()) return item.trim();
  if (item && typeof item === "object") {
    for (const key of NAME_KEYS) {
      const v = (item as Record<string, unknown>)[key];
      if (typeof v === "string" && v.trim()) return v.trim();
    }
  }
  return `Item ${index + 1}`;
}
