import { FetchError, ofetch } from "ofetch";

const TOKEN_KEY = "token";
export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (t: string) => localStorage.setItem(TOKEN_KEY, t),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

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

/** Called on 401 so the session can expire; set by the session provider. */
let onUnauthorized: () => void = () => {};
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  timeout?: number;
  /** Do not run expiry handling on 401 (sign-in uses it: a wrong password is not an expired session). */
  keep401?: boolean;
}

/** The admin client: token and timezone offset on every call; answers are read from `data`. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = tokenStore.get();
  try {
    const res = await ofetch<{ data: T }>(`/api${path}`, {
      method: opts.method ?? "GET",
      body: opts.body as Record<string, unknown> | undefined,
      timeout: opts.timeout ?? 30000,
      retry: 0,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        "x-user-timezone-offset": String(new Date().getTimezoneOffset()),
      },
    });
    return res.data;
  } catch (e) {
    throw toFailure(e, opts);
  }
}

function toFailure(e: unknown, opts: RequestOptions): ApiFailure {
  if (e instanceof FetchError) {
    const status = e.response?.status ?? 0;
    if (status === 401 && !opts.keep401) {
      tokenStore.clear();
      onUnauthorized();
    }
    const err = e.data?.error;
    if (err?.message) return new ApiFailure(err.message, status, err.code, err.details);
    if (e.name === "TimeoutError" || /timeout/i.test(e.message))
      return new ApiFailure("Connection timed out", 0);
    if (status === 0) return new ApiFailure("Network Error", 0);
    if (e.data && typeof e.data === "string")
      return new ApiFailure(`There was an error while performing request: ${e.data}`, status);
    return new ApiFailure("There was an error while performing request. Try again later", status);
  }
  return new ApiFailure("There was an error while performing request. Try again later", 0);
}
