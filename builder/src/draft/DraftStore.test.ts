import { describe, expect, it } from "vitest";
import { DraftStore } from "./DraftStore.ts";
import { historyKey } from "./useUndoShortcuts.ts";

describe("draft store", () => {
  it("undoes and redoes across form, grid and theme edits", () => {
    const store = new DraftStore({ name: "Start" });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.definition.name));
    store.edit((d) => ({ ...d, name: "Form edit" }), "name");
    store.edit((d) => ({ ...d, features: [] }));
    store.edit(
      (d) => ({
        ...d,
        theme: { layout: "Tiles", iconBorderRadius: 0, rowFeatureCount: 5, rowFeatureTextSize: 11 },
      }),
      "theme.layout",
    );
    expect(store.definition.theme?.layout).toBe("Tiles");
    store.undo();
    expect(store.definition.theme).toBeUndefined();
    store.undo();
    expect(store.definition.features).toBeUndefined();
    store.undo();
    expect(store.definition.name).toBe("Start");
    expect(store.canUndo).toBe(false);
    store.redo();
    expect(store.definition.name).toBe("Form edit");
    expect(seen.length).toBeGreaterThan(0);
  });

  it("keeps at least 50 steps", () => {
    const store = new DraftStore({ name: "0" });
    for (let i = 1; i <= 60; i++) store.edit((d) => ({ ...d, name: String(i) }));
    for (let i = 0; i < 60; i++) store.undo();
    expect(store.definition.name).toBe("0");
  });

  it("ignores an edit that changes nothing", () => {
    const store = new DraftStore({ name: "a" });
    store.edit((d) => d);
    expect(store.canUndo).toBe(false);
  });
});

describe("history shortcuts", () => {
  const k = (key: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey", boolean>> = {}) =>
    historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
  it.each([
    [k("z", { ctrlKey: true }), "undo"],
    [k("z", { metaKey: true }), "undo"],
    [k("Z", { ctrlKey: true, shiftKey: true }), "redo"],
    [k("y", { ctrlKey: true }), "redo"],
    [k("z"), null],
    [k("a", { ctrlKey: true }), null],
  ])("%s is %s", (got, want) => expect(got).toBe(want));
});
