import { useEffect } from "react";
import type { DraftStore } from "./DraftStore.ts";

/** Which history step a key press asks for: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo. */
export function historyKey(
  e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey">,
): "undo" | "redo" | null {
  if (!(e.ctrlKey || e.metaKey)) return null;
  const key = e.key.toLowerCase();
  if (key === "z") return e.shiftKey ? "redo" : "undo";
  if (key === "y" && !e.shiftKey) return "redo";
  return null;
}

/**
 * Undo/redo from the keyboard anywhere in the workspace. Text inputs keep their own undo of the text being
 * typed only when the draft has nothing to undo, so the shortcut never does two things at once.
 */
export function useUndoShortcuts(store: DraftStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = historyKey(e);
      if (!step) return;
      if (step === "undo" ? !store.canUndo : !store.canRedo) return;
      e.preventDefault();
      if (step === "undo") store.undo();
      else store.redo();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [store]);
}
