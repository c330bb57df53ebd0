import { createStore, del, delMany, get, promisifyRequest, set, setMany, type UseStore } from "idb-keyval";
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
  Promise.resolve().then(() => set(`${prefix(appId)}${key}`, value, idb()));
export const idbDel = (appId: string, key: string): Promise<void> =>
  Promise.resolve().then(() => del(`${prefix(appId)}${key}`, idb()));

/** Every value whose key starts with `keyPrefix`, in key order (one range read, not the whole store). */
export const idbValuesUnder = <T>(appId: string, keyPrefix: string): Promise<T[]> =>
  Promise.resolve().then(() => {
    const from = `${prefix(appId)}${keyPrefix}`;
    return idb()("readonly", (s) => promisifyRequest(s.getAll(IDBKeyRange.bound(from, `${from}\uffff`))));
  });
export const idbSetMany = (appId: string, entries: [string, unknown][]): Promise<void> =>
  Promise.resolve().then(() =>
    setMany(
      entries.map(([k, v]) => [`${prefix(appId)}${k}`, v]),
      idb(),
    ),
  );
export const idbDelMany = (appId: string, keys: string[]): Promise<void> =>
  Promise.resolve().then(() =>
    delMany(
      keys.map((k) => `${prefix(appId)}${k}`),
      idb(),
    ),
  );
