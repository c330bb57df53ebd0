import { describe, expect, it } from "vitest";
import type { AppDefinition } from "../../../schemas/index.ts";
import { DraftKeeper, type DraftStorage, draftKey, type KeptDraft } from "./DraftKeeper.ts";
import { DraftStore } from "./DraftStore.ts";

const memory = () => {
  const map = new Map<string, KeptDraft>();
  const storage: DraftStorage = {
    get: async (k) => map.get(k),
    set: async (k, v) => void map.set(k, v),
    del: async (k) => void map.delete(k),
  };
  return { map, storage };
};
const saved = { name: "Keeper Motors" } as AppDefinition;

describe("DraftKeeper", () => {
  it("keeps an edited draft per app and offers it back when the app opens again", async () => {
    const { map, storage } = memory();
    const store = new DraftStore(saved);
    const keeper = new DraftKeeper(store, "app-1", saved, 3, storage, 0);
    keeper.start();
    store.edit({ name: "Keeper Motors 2" } as AppDefinition, "name");
    await keeper.flush();
    expect(map.get(draftKey("app-1"))).toMatchObject({ definition: { name: "Keeper Motors 2" }, version: 3 });
    expect(keeper.dirty).toBe(true);

    // A reload: a new store from the saved app, and the kept draft offered, restored as one undo step.
    const again = new DraftStore(saved);
    const next = new DraftKeeper(again, "app-1", saved, 3, storage, 0);
    const kept = await next.offer();
    expect(kept?.definition).toEqual({ name: "Keeper Motors 2" });
    next.restore(kept!);
    expect(again.definition).toEqual({ name: "Keeper Motors 2" });
    again.undo();
    expect(again.definition).toEqual(saved);
    expect(await new DraftKeeper(new DraftStore(saved), "app-2", saved, 1, storage).offer()).toBeNull();
  });

  it("keeps nothing once saved, or when the draft is back to the saved state", async () => {
    const { map, storage } = memory();
    const store = new DraftStore(saved);
    const keeper = new DraftKeeper(store, "app-1", saved, 3, storage, 0);
    keeper.start();
    store.edit({ name: "Changed" } as AppDefinition, "name");
    await keeper.flush();
    expect(map.size).toBe(1);
    store.undo();
    await keeper.flush();
    expect(map.size).toBe(0);
    expect(keeper.dirty).toBe(false);
    store.edit({ name: "Changed again" } as AppDefinition, "name");
    await keeper.flush();
    await keeper.saved(store.definition, 4);
    expect(map.size).toBe(0);
    expect(keeper.dirty).toBe(false);
    // A kept draft equal to the saved definition is not offered.
    map.set(draftKey("app-1"), { definition: store.definition, at: 1 });
    expect(
      await new DraftKeeper(new DraftStore(store.definition), "app-1", store.definition, 4, storage).offer(),
    ).toBeNull();
  });
});
