import { del, get, set } from "idb-keyval";
import type { AppDefinition } from "../../../schemas/index.ts";
import type { DraftStore } from "./DraftStore.ts";

/** What is kept of an unsaved draft, per app, in this browser's IndexedDB. */
export interface KeptDraft {
  definition: AppDefinition;
  /** The saved version the draft started from (absent for an app not created yet). */
  version?: number;
  /** When the draft was last written (ms since epoch). */
  at: number;
}

/** The storage the keeper writes to: IndexedDB (idb-keyval) in the console, a map in unit tests. */
export interface DraftStorage {
  get(key: string): Promise<KeptDraft | undefined>;
  set(key: string, value: KeptDraft): Promise<void>;
  del(key: string): Promise<void>;
}

export const idbStorage: DraftStorage = { get: (k) => get<KeptDraft>(k), set, del };

export const draftKey = (appId: string) => `brand-apps:draft:${appId}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps the unsaved draft of one app (issue 19: nothing lost): every edit is written, a little after
 * typing pauses, to IndexedDB; a saved app (or a draft back to its saved state) leaves nothing behind; on
 * opening the app again a kept draft that differs from the saved one is offered back.
 */
export class DraftKeeper {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private baseline: AppDefinition;
  private unsubscribe: (() => void) | undefined;
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: DraftStore,
    private readonly appId: string,
    saved: AppDefinition,
    private version: number | undefined,
    private readonly storage: DraftStorage = idbStorage,
    private readonly delayMs = 300,
  ) {
    this.baseline = saved;
  }

  /** Is the draft different from what was last saved (or loaded)? */
  get dirty(): boolean {
    return this.store.definition !== this.baseline && !same(this.store.definition, this.baseline);
  }

  /** A kept draft worth offering: one that differs from the saved definition. */
  async offer(): Promise<KeptDraft | null> {
    const kept = await this.storage.get(draftKey(this.appId)).catch(() => undefined);
    if (!kept || same(kept.definition, this.baseline)) return null;
    return kept;
  }

  /** Starts writing edits; returns the stop function. */
  start(): () => void {
    this.unsubscribe = this.store.subscribe(() => this.schedule());
    return () => this.stop();
  }

  stop(): void {
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The draft as restored: one undoable step from the saved state. */
  restore(kept: KeptDraft): void {
    this.store.edit(kept.definition);
  }

  /** A save went through: this is the new baseline and nothing is kept. */
  saved(definition: AppDefinition, version?: number): Promise<void> {
    this.baseline = definition;
    this.version = version;
    return this.discard();
  }

  discard(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.written = this.written.then(() => this.storage.del(draftKey(this.appId)).catch(() => undefined));
    return this.written;
  }

  /** Writes now (what the timer does), for tests and page hide. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const dirty = this.dirty;
    const record: KeptDraft = { definition: this.store.definition, version: this.version, at: Date.now() };
    this.written = this.written.then(() =>
      (dirty ? this.storage.set(draftKey(this.appId), record) : this.storage.del(draftKey(this.appId))).catch(
        () => undefined,
      ),
    );
    return this.written;
  }

  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }
}
