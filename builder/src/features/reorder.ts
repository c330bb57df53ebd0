/**
 * Keyboard reordering of the feature grid (issue 19): the ids with `id` moved `delta` places (arrows move
 * by one, up and down by a row), kept within the list. The same list when it cannot move.
 */
export function moveBy(order: readonly string[], id: string, delta: number): string[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const to = Math.max(0, Math.min(order.length - 1, from + delta));
  if (to === from) return [...order];
  const next = order.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/** How far an arrow key moves a picked-up feature on a grid of `columns`; undefined for other keys. */
export function arrowDelta(key: string, columns: number): number | undefined {
  return { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[key];
}

/** What a screen reader hears at each step. */
export const reorderWords = {
  pickedUp: (name: string, at: number, of: number) =>
    `${name} picked up, position ${at} of ${of}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
  moved: (name: string, at: number, of: number) => `${name} moved to position ${at} of ${of}.`,
  dropped: (name: string, at: number, of: number) => `${name} dropped at position ${at} of ${of}.`,
  cancelled: (name: string) => `Reorder cancelled. ${name} is back in its place.`,
};
