import { createHash } from "node:crypto";

/** One cached answer: the serialized body and its strong validator (quoted, as sent in ETag). */
export interface CachedApp {
  body: string;
  etag: string;
  at: number;
}

/** What the cache needs from the database to tell the other API nodes about a save (PostgreSQL only). */
export interface CacheBus {
  notify(message: string): Promise<void>;
  listen(onMessage: (message: string) => void, onLost: () => void): Promise<() => Promise<void>>;
}

export const APP_CACHE_CHANNEL = "brand_apps_app_cache";
const ALL = "*";

/** A strong ETag: the body's SHA-256, so every node computes the same validator for the same answer. */
export const etagOf = (body: string) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/**
 * Serialized public app payloads keyed by app id, so the widget's hottest call skips the database and JSON
 * encoding. A save removes the entry here and, on PostgreSQL, on every other API node through
 * LISTEN/NOTIFY (PGlite is one process). Entries also expire after `ttlMs`: time-dependent parts (active
 * geofences) and saves through paths that do not invalidate converge by then; while the notification
 * connection is down the expiry drops to `fallbackTtlMs`.
 */
export class AppCache {
  private entries = new Map<string, CachedApp>();
  /** Bumped by every invalidation, so a load that raced a save does not store the older answer. */
  private generation = 0;
  private bus: CacheBus | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private listening = false;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly ttlMs = 5000,
    private readonly fallbackTtlMs = 1000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  get(appId: string): CachedApp | undefined {
    const hit = this.entries.get(appId);
    if (!hit) return undefined;
    const ttl = this.bus && !this.listening ? this.fallbackTtlMs : this.ttlMs;
    if (Date.now() - hit.at > ttl) {
      this.entries.delete(appId);
      return undefined;
    }
    return hit;
  }

  /** The cached answer, or `load`'s serialized body cached (unless a save happened meanwhile). */
  async load(appId: string, load: () => Promise<string>): Promise<CachedApp> {
    const hit = this.get(appId);
    if (hit) return hit;
    const before = this.generation;
    const body = await load();
    const entry = { body, etag: etagOf(body), at: Date.now() };
    if (before === this.generation) this.entries.set(appId, entry);
    return entry;
  }

  /** Forgets one app here and on every other node. */
  remove(appId: string) {
    this.drop(appId);
    this.broadcast(appId);
  }

  /** Forgets every app here and on every other node. */
  reset() {
    this.drop(ALL);
    this.broadcast(ALL);
  }

  /** Starts listening for other nodes' invalidations (PostgreSQL); resolves once listening. */
  async connect(bus: CacheBus) {
    this.bus = bus;
    await this.subscribe();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.listening = false;
    await this.stopListening?.().catch(() => {});
  }

  private drop(appId: string) {
    this.generation++;
    if (appId === ALL) this.entries.clear();
    else this.entries.delete(appId);
  }

  private broadcast(message: string) {
    this.bus?.notify(message).catch(this.onError);
  }

  private async subscribe() {
    if (!this.bus || this.closed) return;
    try {
      this.stopListening = await this.bus.listen(
        (message) => this.drop(message),
        () => {
          // The connection is gone: entries may miss saves from now on, so expire them fast and re-listen.
          this.listening = false;
          this.entries.clear();
          this.scheduleRetry();
        },
      );
      this.listening = true;
      // Saves made while not listening are unknown: start over.
      this.drop(ALL);
    } catch (err) {
      this.onError(err);
      this.scheduleRetry();
    }
  }

  private scheduleRetry() {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.subscribe(), 1000).unref();
  }
}

/** Minimal view of a pg pool: one query runner and dedicated connections for LISTEN. */
interface PgPoolLike {
  query(text: string, params: unknown[]): Promise<unknown>;
  connect(): Promise<PgClientLike>;
}
interface PgClientLike {
  query(text: string): Promise<unknown>;
  on(event: "notification", fn: (n: { channel: string; payload?: string }) => void): unknown;
  on(event: "error" | "end", fn: (err?: Error) => void): unknown;
  release(destroy?: boolean | Error): void;
}

/** Invalidations between API nodes through PostgreSQL's NOTIFY, on one connection of the pool kept for LISTEN. */
export function postgresCacheBus(pool: PgPoolLike): CacheBus {
  return {
    notify: (message) => pool.query("select pg_notify($1, $2)", [APP_CACHE_CHANNEL, message]).then(() => {}),
    async listen(onMessage, onLost) {
      const client = await pool.connect();
      let done = false;
      const lose = () => {
        if (done) return;
        done = true;
        client.release(true);
        onLost();
      };
      client.on("notification", (n) => {
        if (n.channel === APP_CACHE_CHANNEL && n.payload) onMessage(n.payload);
      });
      client.on("error", lose);
      client.on("end", lose);
      try {
        await client.query(`LISTEN ${APP_CACHE_CHANNEL}`);
      } catch (err) {
        done = true;
        client.release(true);
        throw err;
      }
      return async () => {
        if (done) return;
        done = true;
        client.release(true);
      };
    },
  };
}
