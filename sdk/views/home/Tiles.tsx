import { useEffect, useState } from "react";
import { TILE_MARGIN, TILES_PER_SCREEN, tileSize } from "../../../core/rules.ts";
import type { TilesConfig, TileType } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { safeImage } from "../safe-url.ts";

/** Tiles turn their slides on the slider's beat (spec §9: 5000 ms); not imported, the machine would come along. */
const TILE_BEAT_MS = 5000;

/**
 * A tile's height in px for the app's tiles per screen (tilesConfig.units, spec §9: 5): the base height
 * (250 px for one unit, spec §9) holds at the default of 5 per screen and scales inversely with the setting,
 * so 10 per screen draws tiles half as high and 1 per screen five times as high.
 */
export function tileHeight(type: TileType, units?: number): number {
  const perScreen = units && units > 0 ? units : TILES_PER_SCREEN;
  return Math.round((tileSize(type).height * TILES_PER_SCREEN) / perScreen);
}

/**
 * The Tiles layout's grid over the cover (spec §2, §3): each tile w100/w66/w50/w33 of the width and one
 * unit (tileHeight: 250 px at 5 tiles per screen) times h2 or h3 high, 5 px margins; a tile with several
 * slides turns them with its animation on the slider's beat. A tile linked to a feature is a button.
 */
export function Tiles({ config }: { config?: TilesConfig }) {
  const { navigate, t } = useView();
  const [tick, setTick] = useState(0);
  const tiles = config?.tiles ?? [];
  const animated = tiles.some((tile) => tile.slides.length > 1);
  useEffect(() => {
    if (!animated) return;
    const timer = setInterval(() => setTick((n) => n + 1), TILE_BEAT_MS);
    return () => clearInterval(timer);
  }, [animated]);
  if (!tiles.length) return null;
  return (
    <ul className={config?.round ? "ba-tiles ba-round" : "ba-tiles"} aria-label={t("home.tiles")}>
      {tiles.map((tile, i) => {
        const { width } = tileSize(tile.type);
        const height = tileHeight(tile.type, config?.units);
        const slide = tile.slides.length ? tile.slides[tick % tile.slides.length] : undefined;
        const image = safeImage(slide?.image);
        const body = (
          <span
            // A new key per slide restarts the enter animation.
            key={tick % Math.max(1, tile.slides.length)}
            className={`ba-tile-slide ba-anim-${tile.animation ?? "opacity"}`}
          >
            {image ? <img src={image} alt="" /> : null}
            {slide?.text ? <span className="ba-tile-text">{slide.text}</span> : null}
          </span>
        );
        const featureId = tile.featureId;
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: tiles have no id; their order is the key
            key={i}
            className="ba-tile"
            style={{
              width: `calc(${width} - ${2 * TILE_MARGIN}px)`,
              height: `${height}px`,
              margin: `${TILE_MARGIN}px`,
            }}
          >
            {featureId ? (
              <button
                type="button"
                className="ba-tile-button"
                aria-label={slide?.text || t("home.tiles")}
                onClick={() => navigate({ page: "feature", featureId })}
              >
                {body}
              </button>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}
