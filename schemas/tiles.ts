import { type Static, Type } from "@sinclair/typebox";
import { image, stringEnum, uuid } from "./common.ts";
import { sized } from "./text.ts";

/** Tile sizes: w100, w66, w50, w33, each optionally h2 or h3 (spec §3). */
export const TILE_WIDTHS = ["w100", "w66", "w50", "w33"] as const;
export const TILE_TYPES = TILE_WIDTHS.flatMap((w) => [w, `${w}h2`, `${w}h3`] as const);
export type TileType = `${(typeof TILE_WIDTHS)[number]}${"" | "h2" | "h3"}`;
/** Tile animations (spec §3). */
export const TILE_ANIMATIONS = [
  "flip-x",
  "flip-y",
  "opacity",
  "slide-left",
  "slide-right",
  "slide-top",
  "slide-bottom",
] as const;

export const TileSlide = Type.Object(
  { image: Type.Optional(image()), text: Type.Optional(sized("shortMessage", { title: "Text" })) },
  { additionalProperties: false },
);

export const Tile = Type.Object(
  {
    type: Type.Unsafe<TileType>({ type: "string", enum: TILE_TYPES, title: "Size" }),
    slides: Type.Array(TileSlide, { title: "Slides", default: [] }),
    animation: Type.Optional(stringEnum(TILE_ANIMATIONS, { title: "Animation" })),
    /** The feature the tile opens, if any. */
    featureId: Type.Optional(uuid({ title: "Feature" })),
  },
  { additionalProperties: false },
);
export type Tile = Static<typeof Tile>;

/** The Tiles layout's grid (spec §3: tiles, units, round). */
export const TilesConfig = Type.Object(
  {
    tiles: Type.Array(Tile, { title: "Tiles", default: [] }),
    /** Tiles per screen (spec §9: 5). */
    units: Type.Optional(Type.Integer({ title: "Tiles per screen", minimum: 1, maximum: 20, default: 5 })),
    round: Type.Optional(Type.Boolean({ title: "Round corners" })),
  },
  { additionalProperties: false, title: "Tiles" },
);
export type TilesConfig = Static<typeof TilesConfig>;
