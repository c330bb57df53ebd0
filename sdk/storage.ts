/**
 * Browser storage of the widget (spec §3 "Browser storage"). Per app: the end user (id, token, email,
 * profile, login-later time) in localStorage, read synchronously for the first render; the analytics buffer,
 * the install-sent flag and the push token in IndexedDB (`idb.ts`, loaded with the runtime so idb-keyval stays
 * out of the first view). Keys are prefixed so the host's own keys are safe.
 */
export const prefix = (appId: string) => `brand-app:${appId}:`;

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
