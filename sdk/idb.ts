import { createStore, get, promisifyRequest, type UseStore } from "idb-keyval";
import { prefix } from "./storage.ts";

/**
 * The widget's IndexedDB storage (spec §3 "Browser storage"): the analytics buffer, the install-sent flag and
 * the push token, per app under the same key prefix as storage.ts. Only the runtime (analytics, push) reads
 * it, so idb-keyval is not part of the first view.
 */
let store: UseStore | undefined;
/** The widget's own IndexedDB database, so it never touches the host's idb-keyval store. */
function idb(): UseStore {
  if (typeof indexedDB === "undefined")
    throw Object.assign(new Error("IndexedDB unavailable"), { unsupported: true });
  store ??= createStore("brand-app", "keyval");
  return store;
}

export const idbGet = <T>(appId: string, key: string): Promise<T | undefined> =>
  Promise.resolve().then(() => get<T>(`${prefix(appId)}${key}`, idb()));
export const idbSet = (appId: string, key: string, value: unknown): Promise<void> =>
  writeNow(appId, (s, k) => s.put(value, k(key)));
export const idbDel = (appId: string, key: string): Promise<void> =>
  writeNow(appId, (s, k) => s.delete(k(key)));

/** Every value whose key starts with `keyPrefix`, in key order (one range read, not the whole store). */
export const idbValuesUnder = <T>(appId: string, keyPrefix: string): Promise<T[]> =>
  Promise.resolve().then(() => {
    const from = `${prefix(appId)}${keyPrefix}`;
    return idb()("readonly", (s) => promisifyRequest(s.getAll(IDBKeyRange.bound(from, `${from}\uffff`))));
  });
/**
 * One read-write transaction that asks to commit as soon as its requests are made. Without commit() the
 * browser commits only after the page has seen every request's result, a round trip during which a page that
 * goes away (a reload, a link) may abort it, and a signal queued just before would be lost. commit() is in
 * every current engine; where it is missing the transaction still commits by itself.
 */
const writeNow = (
  appId: string,
  write: (s: IDBObjectStore, key: (k: string) => string) => void,
): Promise<void> =>
  Promise.resolve().then(() =>
    idb()("readwrite", (s) => {
      write(s, (k) => `${prefix(appId)}${k}`);
      const done = promisifyRequest(s.transaction);
      s.transaction.commit?.();
      return done as unknown as Promise<void>;
    }),
  );

export const idbSetMany = (appId: string, entries: [string, unknown][]): Promise<void> =>
  writeNow(appId, (s, key) => {
    for (const [k, v] of entries) s.put(v, key(k));
  });
export const idbDelMany = (appId: string, keys: string[]): Promise<void> =>
  writeNow(appId, (s, key) => {
    for (const k of keys) s.delete(key(k));
  });
