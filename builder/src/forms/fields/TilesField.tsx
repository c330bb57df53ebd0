import type { FieldProps } from "@rjsf/utils";
import { Button, Card, Dropdown, Space, Typography } from "antd";
import { useCallback, useState } from "react";
import { TILE_TYPES, Tile, type TileType, validate } from "../../../../schemas/index.ts";
import { GridstackList } from "../../components/GridstackList.tsx";
import { SchemaForm } from "../SchemaForm.tsx";
import type { FormContext } from "../types.ts";

/** Grid columns per tile width (12 columns: 100%, 66.666%, 50%, 33.333%; spec §3). */
const COLUMNS: Record<string, number> = { w100: 12, w66: 8, w50: 6, w33: 4 };
/** Editor cell height; a tile is 1, 2 or 3 cells high (base height 250 times 2 or 3 in the app). */
const CELL = 48;

export const tileSize = (type: TileType) => {
  const [, width, height] = /^(w\d+)(?:h(\d))?$/.exec(type) ?? [];
  return { w: COLUMNS[width] ?? 12, h: Number(height ?? 1) };
};

type TileValue = (typeof Tile)["static"];
const validateTile = (t: TileValue) => validate(Tile, t);

/** Tiles of the Tiles layout: drag to reorder on a gridstack grid, pick one to edit size, slides and animation. */
export function TilesField({ formData, onChange, fieldPathId, registry }: FieldProps) {
  const tiles = (formData ?? []) as TileValue[];
  const [selected, setSelected] = useState<number | null>(null);
  const ctx = registry.formContext as FormContext;
  const set = (next: TileValue[]) => onChange(next, fieldPathId.path);
  const ids = tiles.map((_, i) => `tile-${i}`);
  const onTileChange = useCallback(
    (tile: TileValue) => {
      if (selected === null) return;
      const next = [...tiles];
      next[selected] = tile;
      onChange(next, fieldPathId.path);
    },
    [selected, tiles, onChange, fieldPathId.path],
  );

  return (
    <div className="tiles-field">
      <Space className="tiles-toolbar" wrap>
        <Typography.Text strong>Tiles</Typography.Text>
        <Dropdown
          // A click (or Enter) opens it: hover menus shut when the pointer slips and are out of the keyboard's reach.
          trigger={["click"]}
          menu={{
            items: TILE_TYPES.map((t) => ({ key: t, label: t })),
            onClick: ({ key }) => {
              set([...tiles, { type: key as TileType, slides: [] }]);
              setSelected(tiles.length);
            },
          }}
        >
          <Button>Add tile</Button>
        </Dropdown>
      </Space>
      {tiles.length ? (
        <GridstackList
          label="Tiles"
          columns={12}
          cellHeight={CELL}
          handle=".tile-cell"
          className="tiles-grid"
          items={tiles.map((t, i) => ({
            id: ids[i],
            ...tileSize(t.type),
            content: (
              <button
                type="button"
                className={selected === i ? "tile-cell selected" : "tile-cell"}
                onClick={() => setSelected(i)}
                aria-pressed={selected === i}
              >
                {t.type}
                {t.animation ? ` · ${t.animation}` : ""} · {t.slides.length} slide
                {t.slides.length === 1 ? "" : "s"}
              </button>
            ),
          }))}
          onReorder={(order) => {
            const next = order.map((id) => tiles[ids.indexOf(id)]);
            set(next);
            setSelected(null);
          }}
        />
      ) : (
        <Typography.Paragraph type="secondary">No tiles yet: add one to start the grid.</Typography.Paragraph>
      )}
      {selected !== null && tiles[selected] ? (
        <Card
          size="small"
          title={`Tile ${selected + 1}`}
          extra={
            <Button
              danger
              type="text"
              onClick={() => {
                set(tiles.filter((_, i) => i !== selected));
                setSelected(null);
              }}
            >
              Remove tile
            </Button>
          }
        >
          <SchemaForm
            schema={Tile}
            value={tiles[selected]}
            onChange={onTileChange}
            validate={validateTile}
            submitCount={0}
            context={ctx}
            idPrefix={`tile${selected}`}
            uiSchema={{ featureId: { "ui:widget": "feature" } }}
          />
        </Card>
      ) : null}
    </div>
  );
}
