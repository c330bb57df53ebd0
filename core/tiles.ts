import type { TileType } from "../schemas/tiles.ts";

/** spec §3, §9: tile geometry. */
export const TILE_BASE_HEIGHT = 250;
export const TILE_MARGIN = 5;
export const TILES_PER_SCREEN = 5;

const WIDTHS: Record<string, string> = { w100: "100%", w66: "66.666%", w50: "50%", w33: "33.333%" };

/** Width (CSS percentage) and height (px) of a tile type: w50h2 is half the width, twice the base height. */
export function tileSize(type: TileType): { width: string; height: number } {
  const [, w, h] = /^(w\d+)(?:h([23]))?$/.exec(type) ?? [];
  return { width: WIDTHS[w] ?? "100%", height: TILE_BASE_HEIGHT * (h ? Number(h) : 1) };
}
