import { createContext, useContext, useSyncExternalStore } from "react";
import type { App, AppDefinition } from "../../../schemas/index.ts";
import type { DraftStore } from "./DraftStore.ts";
import type { ValueStore } from "./ValueStore.ts";

export interface Workspace {
  store: DraftStore;
  /** "new" until the first save. */
  appId: string;
  /** The app as last loaded or saved; null for a new app. */
  saved: App | null;
  /** App.slug, edited on the Brand page and sent with the save. */
  slug: ValueStore<string>;
}

export const WorkspaceContext = createContext<Workspace | null>(null);

export function useWorkspace(): Workspace {
  const w = useContext(WorkspaceContext);
  if (!w) throw new Error("useWorkspace outside an app workspace");
  return w;
}

/** One slice of the draft; the component re-renders only when that slice changes (by reference). */
export function useDraftSelector<T>(select: (d: AppDefinition) => T): T {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => select(store.definition));
}

export function useSubmitCount(): number {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => store.submitCount);
}

export function useHistoryState(): { canUndo: boolean; canRedo: boolean } {
  const { store } = useWorkspace();
  const canUndo = useSyncExternalStore(store.subscribe, () => store.canUndo);
  const canRedo = useSyncExternalStore(store.subscribe, () => store.canRedo);
  return { canUndo, canRedo };
}
