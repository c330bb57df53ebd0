import type { MobileApp } from "../schemas/index.ts";

/** An error of a widget call: `status` 0 for network failures and timeouts (spec §8 Widget). */
export class WidgetApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface WidgetClientOptions {
  apiBase: string;
  appId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The widget's API client: sends the app header, succeeds only on HTTP 200, maps errors as the spec says. */
export function widgetClient({ apiBase, appId, timeoutMs = 15000, fetch: f = fetch }: WidgetClientOptions) {
  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), timeoutMs);
    let res: Response;
    try {
      res = await f(`${apiBase}/api${path}`, {
        ...init,
        signal: ctrl.signal,
        headers: {
          "x-app": appId,
          ...(init.body ? { "content-type": "application/json" } : {}),
          ...init.headers,
        },
      });
    } catch (e) {
      throw new WidgetApiError(
        (e as Error).name === "AbortError" ? "XMLHttpRequest timeout" : "Network Error",
        0,
      );
    } finally {
      clearTimeout(timer);
    }
    const body = await res.json().catch(() => null);
    if (res.status !== 200) throw new WidgetApiError(body?.error?.message ?? "Unknown error", res.status);
    return body.data as T;
  }
  return {
    getApp: () => request<MobileApp>("/mobile/app"),
  };
}
export type WidgetClient = ReturnType<typeof widgetClient>;
