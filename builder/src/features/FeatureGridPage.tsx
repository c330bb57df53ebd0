import { useActorRef, useSelector } from "@xstate/react";
import { Button, Modal, Space, Typography } from "antd";
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { featureGridMachine, REMOVE_FEATURE_QUESTION } from "../../../machines/feature-grid.ts";
import { THEME_DEFAULTS, validateFeature } from "../../../schemas/index.ts";
import { SortableGrid } from "../components/SortableGrid.tsx";
import { useDraftSelector, useSubmitCount, useWorkspace } from "../draft/context.tsx";
import { FeaturePicker } from "./FeaturePicker.tsx";
import { type DraftFeature, featureEditorPath, featureLabel } from "./featureRoutes.ts";
import { arrowDelta, moveBy, reorderWords } from "./reorder.ts";
import { useAddFeature } from "./useAddFeature.ts";

/** spec §2: the grid's empty state, word for word. */
export const NO_FEATURES = "No features available. To add feature please go to features section";

const noFeatures: DraftFeature[] = [];

/** /apps/{appId}/features: the features as a grid; drag to reorder, remove in editing mode. */
export function FeatureGridPage() {
  const { store, appId } = useWorkspace();
  const features = useDraftSelector((d) => (d.features as DraftFeature[] | undefined) ?? noFeatures);
  const layout = useDraftSelector((d) => d.theme?.layout ?? THEME_DEFAULTS.layout);
  const rowCount = useDraftSelector((d) => d.theme?.rowFeatureCount ?? THEME_DEFAULTS.rowFeatureCount);
  const navigate = useNavigate();
  const { search } = useLocation();
  const add = useAddFeature();
  const grid = useActorRef(featureGridMachine);
  const editing = useSelector(grid, (s) => s.matches("editing"));
  const confirming = useSelector(grid, (s) => s.matches({ editing: "confirming" }));
  const pending = useSelector(grid, (s) => s.context.pendingRemoval);
  const overflowOpen = useSelector(grid, (s) => s.context.overflowOpen);
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const subs = [
      grid.on("features.reordered", ({ order }) =>
        store.edit((d) => {
          const list = (d.features ?? []) as DraftFeature[];
          const byId = new Map(list.map((f) => [f.id, f]));
          const moved = order.map((id) => byId.get(id)!).filter(Boolean);
          // Features not on the grid (the closed overflow) keep their places after the moved ones.
          const rest = list.filter((f) => !order.includes(f.id));
          return { ...d, features: [...moved, ...rest] as typeof d.features };
        }),
      ),
      grid.on("feature.removed", ({ id }) =>
        store.edit((d) => ({
          ...d,
          features: ((d.features ?? []) as DraftFeature[]).filter((f) => f.id !== id) as typeof d.features,
        })),
      ),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
    };
  }, [grid, store]);

  useEffect(() => {
    if (!editing) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element;
      if (area.current?.contains(target)) return;
      grid.send({
        type: "grid.clickOutside",
        onRemoveButton: Boolean(target.closest("[data-remove-feature]")),
      });
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [editing, grid]);

  // spec §4: in single-row and tiles layouts the features beyond the row count go to the overflow.
  const overflowing = (layout === "SingleRow" || layout === "Tiles") && features.length > rowCount;
  const shown = overflowing && !overflowOpen ? features.slice(0, rowCount) : features;
  const pendingFeature = features.find((f) => f.id === pending);
  // Keyboard reorder (issue 19): Space picks a feature up, the arrows move it (the others shift), Space
  // drops it, Escape puts it back; each step is announced. The grid is rebuilt on every move, so the focus
  // follows the feature.
  const [picked, setPicked] = useState<{ id: string; from: string[] } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focusId, setFocusId] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the moved feature is re-rendered when features change; focus follows it then.
  useEffect(() => {
    if (!focusId) return;
    document.querySelector<HTMLElement>(`[data-feature-id="${focusId}"] .feature-open`)?.focus();
  }, [focusId, features]);
  const applyOrder = (order: string[], id: string) =>
    store.edit((d) => {
      const list = (d.features ?? []) as DraftFeature[];
      const byId = new Map(list.map((f) => [f.id, f]));
      return { ...d, features: order.map((x) => byId.get(x)!).filter(Boolean) as typeof d.features };
    }, `reorder:${id}`);
  const onTileKey = (e: ReactKeyboardEvent, f: DraftFeature) => {
    const order = features.map((x) => x.id);
    const name = featureLabel(f);
    const at = (o: string[]) => o.indexOf(f.id) + 1;
    if (e.key === " ") {
      e.preventDefault();
      if (picked?.id === f.id) {
        setPicked(null);
        setAnnouncement(reorderWords.dropped(name, at(order), order.length));
      } else {
        setPicked({ id: f.id, from: order });
        setFocusId(f.id);
        setAnnouncement(reorderWords.pickedUp(name, at(order), order.length));
      }
      return;
    }
    if (picked?.id !== f.id) return;
    if (e.key === "Escape") {
      e.preventDefault();
      applyOrder(picked.from, f.id);
      setPicked(null);
      setAnnouncement(reorderWords.cancelled(name));
      return;
    }
    const delta = arrowDelta(e.key, 4);
    if (delta === undefined) return;
    e.preventDefault();
    const next = moveBy(order, f.id, delta);
    if (next.join() !== order.join()) applyOrder(next, f.id);
    setAnnouncement(reorderWords.moved(name, at(next), next.length));
  };

  // After a save attempt, the tiles of features with an error are marked (issue 19).
  const submitCount = useSubmitCount();
  const invalid = useMemo(
    () => new Set(submitCount ? features.filter((f) => validateFeature(f).length).map((f) => f.id) : []),
    [features, submitCount],
  );

  return (
    <div>
      <Space className="page-heading" align="center" wrap>
        <Typography.Title level={1} className="page-title">
          Features
        </Typography.Title>
        <FeaturePicker onPick={add} />
        {editing ? <Button onClick={() => grid.send({ type: "grid.clickOutside" })}>Done</Button> : null}
      </Space>
      {features.length === 0 ? (
        <Typography.Paragraph className="features-empty">
          <Link to={`/apps/${appId}/features${search}`}>{NO_FEATURES}</Link>
        </Typography.Paragraph>
      ) : (
        <div ref={area} className={editing ? "feature-grid editing" : "feature-grid"}>
          <Typography.Paragraph type="secondary">
            {editing
              ? "Drag to reorder. Click outside the grid when done."
              : "Drag a feature to reorder; click to edit."}
          </Typography.Paragraph>
          <span id="feature-reorder-help" className="visually-hidden">
            Press Space to pick up a feature, the arrow keys to move it and Space again to drop it.
          </span>
          <div className="visually-hidden" aria-live="assertive" role="status">
            {announcement}
          </div>
          <SortableGrid
            label="Features"
            columns={4}
            cellHeight={96}
            handle=".feature-open"
            items={shown.map((f) => ({
              id: f.id,
              content: (
                <div
                  className={invalid.has(f.id) ? "feature-tile feature-tile-invalid" : "feature-tile"}
                  data-feature-id={f.id}
                >
                  {editing ? (
                    <button
                      type="button"
                      className="feature-remove"
                      data-remove-feature
                      aria-label={`Remove ${featureLabel(f)}`}
                      onClick={() => grid.send({ type: "feature.removeRequest", id: f.id })}
                    >
                      ×
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={picked?.id === f.id ? "feature-open feature-picked" : "feature-open"}
                    aria-describedby="feature-reorder-help"
                    aria-pressed={picked ? picked.id === f.id : undefined}
                    onKeyDown={(e) => onTileKey(e, f)}
                    // Space picks up and drops: it must not also open the editor.
                    onKeyUp={(e) => e.key === " " && e.preventDefault()}
                    onClick={(e) => {
                      if (e.detail === 0 && picked) return;
                      if (!editing) navigate(featureEditorPath(appId, f, search));
                    }}
                  >
                    {f.icon ? (
                      <img src={f.icon} alt="" className="feature-icon" />
                    ) : (
                      <span className="feature-icon" aria-hidden="true">
                        {featureLabel(f).slice(0, 1)}
                      </span>
                    )}
                    <span className="feature-title">{featureLabel(f)}</span>
                    {invalid.has(f.id) ? <span className="feature-error">Needs a fix</span> : null}
                    {f.hide ? <span className="feature-hidden">hidden</span> : null}
                  </button>
                </div>
              ),
            }))}
            onDragStart={() => grid.send({ type: "grid.dragStart" })}
            onReorder={(order) => grid.send({ type: "grid.moved", order })}
          />
          {overflowing ? (
            <Button
              type="link"
              onClick={() => grid.send({ type: "more.toggle" })}
              aria-expanded={overflowOpen}
            >
              More
            </Button>
          ) : null}
        </div>
      )}
      <Modal
        open={confirming}
        title={REMOVE_FEATURE_QUESTION}
        okText="Remove"
        okButtonProps={{ danger: true }}
        onOk={() => grid.send({ type: "removal.confirm" })}
        onCancel={() => grid.send({ type: "removal.cancel" })}
      >
        {pendingFeature ? `“${featureLabel(pendingFeature)}” will be removed from the app.` : null}
      </Modal>
    </div>
  );
}
