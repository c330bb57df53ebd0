import { FetchError, ofetch } from "ofetch";
import type { TokenStorage } from "../../machines/session.ts";

const TOKEN_KEY = "token";
const SECONDARY_KEY = "secondaryToken";

/** The admin session token and, while impersonating, the admin's own token (spec §3 "Browser storage"). */
export const tokenStore: TokenStorage = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (t) => localStorage.setItem(TOKEN_KEY, t),
  clear: () => localStorage.removeItem(TOKEN_KEY),
  getSecondary: () => localStorage.getItem(SECONDARY_KEY),
  setSecondary: (t) => localStorage.setItem(SECONDARY_KEY, t),
  clearSecondary: () => localStorage.removeItem(SECONDARY_KEY),
};

/** spec §8 client texts. */
export const CLIENT_TEXTS = {
  timeout: "Connection timed out",
  network: "Network Error",
  generic: "There was an error while performing request. Try again later",
  withData: (data: string) => `There was an error while performing request: ${data}`,
} as const;

/** An API failure with the server's message (or the spec's client texts, §8) and its status. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: any,
  ) {
    super(message);
  }
}

type Level = "success" | "danger" | "warning";
interface Hooks {
  /** A 401: the session expires; `quiet` when the caller asked not to be redirected. */
  unauthorized(quiet: boolean): void;
  /** Shows a failure as an error notification (spec §8). */
  notify(level: Level, message: string): void;
}
let hooks: Hooks = { unauthorized: () => {}, notify: () => {} };
/** The session provider and the notification layer plug in here. */
export const setApiHooks = (next: Partial<Hooks>) => {
  hooks = { ...hooks, ...next };
};
/** success, danger and warning notifications (spec §8 "Notification levels"). */
export const notify = (level: Level, message: string) => hooks.notify(level, message);

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  timeout?: number;
  /** No error notification: the caller shows the failure itself (spec §8 "silent" calls). */
  silent?: boolean;
  /** A 401 drops the token but does not redirect to the root. */
  noRedirect?: boolean;
  /** A 401 is an answer, not an expired session (a wrong password at sign-in). */
  keep401?: boolean;
  /** Sends X-App (spec §7: some calls name the app). */
  appId?: string;
}

/** The admin client: token and timezone offset on every call; answers are read from `data`. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = tokenStore.get();
  try {
    const res = await ofetch<{ data: T }>(`/api${path}`, {
      method: opts.method ?? "GET",
      body: opts.body as Record<string, unknown> | undefined,
      query: opts.query,
      timeout: opts.timeout ?? 30000,
      retry: 0,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.appId ? { "x-app": opts.appId } : {}),
        "x-user-timezone-offset": String(new Date().getTimezoneOffset()),
      },
    });
    return res.data;
  } catch (e) {
    const failure = toFailure(e);
    if (failure.status === 401 && !opts.keep401) hooks.unauthorized(Boolean(opts.noRedirect));
    if (!opts.silent) hooks.notify("danger", failure.message);
    throw failure;
  }
}

/** Turns whatever ofetch threw into the message the spec wants shown (§8). */
export function toFailure(e: unknown): ApiFailure {
  if (e instanceof FetchError) {
    const status = e.response?.status ?? 0;
    const err = e.data?.error;
    if (err?.message) return new ApiFailure(err.message, status, err.code, err.details);
    if (e.name === "TimeoutError" || /timeout|aborted due to timeout/i.test(e.message))
      return new ApiFailure(CLIENT_TEXTS.timeout, 0);
    if (status === 0) return new ApiFailure(CLIENT_TEXTS.network, 0);
    if (e.data && typeof e.data === "string") return new ApiFailure(CLIENT_TEXTS.withData(e.data), status);
    return new ApiFailure(CLIENT_TEXTS.generic, status);
  }
  return new ApiFailure(CLIENT_TEXTS.generic, 0);
}
