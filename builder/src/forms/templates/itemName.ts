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

/** What a screen reader hears while a list item is moved (dnd-kit announcements). */
export function listWords(nameOf: (index: number) => string, count: number) {
  return {
    instructions:
      "To reorder, press Space to pick the item up, the arrow keys to move it, Space to drop it or Escape to cancel.",
    pickedUp: (from: number) => `Picked up ${nameOf(from)}, position ${from + 1} of ${count}.`,
    moved: (from: number, to: number) => `${nameOf(from)} moved to position ${to + 1} of ${count}.`,
    dropped: (from: number, to: number) => `${nameOf(from)} dropped at position ${to + 1} of ${count}.`,
    cancelled: (from: number) => `Moving ${nameOf(from)} was cancelled.`,
  };
}
