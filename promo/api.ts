import type { Promo } from "../schemas/index.ts";

/**
 * The few API calls of the promo page, on plain fetch: the page is public and every byte counts, so it does
 * not carry the builder's HTTP client. The builder keeps its session token in localStorage under "token"
 * (builder/src/api.ts); the promo page is on the same origin and reads it to learn whether the visitor may
 * edit.
 */
const TOKEN_KEY = "token";

export interface FieldError {
  path: string;
  message: string;
}

export class PromoApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: FieldError[] = [],
  ) {
    super(message);
  }
}

function token(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be blocked (privacy settings); the page then stays read-only.
    return null;
  }
}

async function call<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const t = auth ? token() : null;
  if (t) headers.authorization = `Bearer ${t}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as {
    data?: T;
    error?: { message?: string; details?: FieldError[] };
  } | null;
  if (res.status !== 200 || !json || !("data" in json))
    throw new PromoApiError(
      json?.error?.message ?? "There was an error while performing request. Try again later",
      res.status,
      Array.isArray(json?.error?.details) ? json.error.details : [],
    );
  return json.data as T;
}

export interface PromoView {
  promo: Promo;
  isDefault: boolean;
  editable: boolean;
}

/** Whether the signed-in visitor may edit this app's promo; false for visitors without a session or role. */
export async function mayEdit(appId: string): Promise<boolean> {
  if (!token()) return false;
  try {
    return (await call<PromoView>("GET", `/api/apps/${encodeURIComponent(appId)}/promo`)).editable;
  } catch {
    return false;
  }
}

export const savePromo = (appId: string, promo: Promo) =>
  call<PromoView>("PUT", `/api/apps/${encodeURIComponent(appId)}/promo`, promo);

export interface IconCategoryView {
  category: string;
  iconCount: number;
  preview: string;
}

export const iconCategories = (domainType: string) =>
  call<IconCategoryView[]>(
    "GET",
    `/api/icon-categories?domainType=${encodeURIComponent(domainType)}`,
    undefined,
    false,
  );

export const iconsOf = (category: string, domainType: string) =>
  call<{ category: string; icons: string[] }>(
    "GET",
    `/api/icons/${encodeURIComponent(category)}?domainType=${encodeURIComponent(domainType)}`,
    undefined,
    false,
  );
