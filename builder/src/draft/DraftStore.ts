import { type Actor, createActor } from "xstate";
import { historyMachine } from "../../../machines/undo.ts";
import type { AppDefinition } from "../../../schemas/index.ts";

type Listener = () => void;

/**
 * The unsaved app definition with its undo history. A plain store (no React) so the editors, the preview
 * and the keyboard shortcuts read the same value through useSyncExternalStore and only what changed
 * re-renders.
 */
export class DraftStore {
  private readonly history: Actor<typeof historyMachine>;
  private readonly listeners = new Set<Listener>();
  /** Bumped by Save App so every form shows its errors, touched or not. */
  private submitted = 0;

  constructor(initial: AppDefinition) {
    this.history = createActor(historyMachine, { input: { value: initial } }).start();
    this.history.subscribe(() => this.emit());
  }

  get definition(): AppDefinition {
    return this.history.getSnapshot().context.present as AppDefinition;
  }
  get canUndo(): boolean {
    return this.history.getSnapshot().context.past.length > 0;
  }
  get canRedo(): boolean {
    return this.history.getSnapshot().context.future.length > 0;
  }
  get submitCount(): number {
    return this.submitted;
  }

  /**
   * Applies an edit. `key` names the field so fast typing into one field is one undo step; edits without a
   * key (drops, removals, reloads) are always their own step.
   */
  edit(next: AppDefinition | ((d: AppDefinition) => AppDefinition), key?: string): void {
    const value = typeof next === "function" ? next(this.definition) : next;
    if (value === this.definition) return;
    this.history.send({ type: "edit.apply", value, key, at: performance.now() });
  }
  undo(): void {
    this.history.send({ type: "history.undo" });
  }
  redo(): void {
    this.history.send({ type: "history.redo" });
  }
  /** Starts over from a saved definition (after load); the history of the previous app is dropped. */
  reset(definition: AppDefinition): void {
    this.history.send({ type: "history.reset", value: definition });
  }
  markSubmitted(): void {
    this.submitted++;
    this.emit();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  private emit() {
    for (const l of this.listeners) l();
  }
}
