import { createStore, del, delMany, get, promisifyRequest, set, setMany, type UseStore } from "idb-keyval";

/**
 * Browser storage of the widget (spec §3 "Browser storage"). Per app: the end user (id, token, email,
 * profile, login-later time) in localStorage, read synchronously for the first render; the analytics buffer,
 * the install-sent flag and the push token in IndexedDB. Keys are prefixed so the host's own keys are safe.
 */
const prefix = (appId: string) => `brand-app:${appId}:`;

export interface StoredUser {
  userId: string;
  token?: string;
  email?: string;
  profile?: Record<string, unknown>;
  loginLaterAt?: number;
}

export function readUser(appId: string): StoredUser | null {
  try {
    const raw = localStorage.getItem(`${prefix(appId)}user`);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function writeUser(appId: string, user: StoredUser | null) {
  try {
    if (user) localStorage.setItem(`${prefix(appId)}user`, JSON.stringify(user));
    else localStorage.removeItem(`${prefix(appId)}user`);
  } catch {
    /* storage blocked (private mode, sandboxed iframe): the session lasts as long as the page */
  }
}

/** The dealership the visitor chose in each DealershipSelector of the app: feature id -> dealership name. */
export function readDealerships(appId: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(`${prefix(appId)}dealerships`) ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      ),
    );
  } catch {
    return {};
  }
}

/** Remembers the visitor's dealership for one selector and returns every remembered choice of the app. */
export function writeDealership(appId: string, featureId: string, name: string): Record<string, string> {
  const all = { ...readDealerships(appId), [featureId]: name };
  try {
    localStorage.setItem(`${prefix(appId)}dealerships`, JSON.stringify(all));
  } catch {
    /* storage blocked: the choice lasts as long as the page */
  }
  return all;
}

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
