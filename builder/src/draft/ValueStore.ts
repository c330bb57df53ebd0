/** One observable value for useSyncExternalStore (the slug, which lives beside the definition). */
export class ValueStore<T> {
  private readonly listeners = new Set<() => void>();
  constructor(private value: T) {}
  get = (): T => this.value;
  set = (next: T): void => {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const l of this.listeners) l();
  };
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}
