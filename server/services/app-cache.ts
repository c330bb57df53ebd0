/**
 * Serialized public app payloads keyed by app id, so the widget's hottest call skips the database and JSON
 * encoding. Entries expire after `ttlMs` so several API nodes converge after another node's save.
 */
export class AppCache {
  private entries = new Map<string, { body: string; at: number }>();
  constructor(private readonly ttlMs = 5000) {}

  get(appId: string): string | undefined {
    const hit = this.entries.get(appId);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(appId);
      return undefined;
    }
    return hit.body;
  }
  set(appId: string, body: string) {
    this.entries.set(appId, { body, at: Date.now() });
  }
  remove(appId: string) {
    this.entries.delete(appId);
  }
  reset() {
    this.entries.clear();
  }
}
