import type { EndUserProfileUpdate, MobileApp, Vehicle } from "../schemas/index.ts";
import { absoluteUrls } from "./absolute-urls.ts";
import { takePreloadedApp } from "./preload.ts";
import { type Lang, pickLang } from "./views/i18n.ts";
import type {
  DirectoryMember,
  EndUserOffers,
  LoyaltyCard,
  PointsAccount,
  RedemptionRecord,
  StampResult,
} from "./views/types.ts";

/**
 * The end user's text for a failed call (views/error-texts.ts errorText), loaded only when a call fails so
 * the first view stays small; when even that cannot load (offline), the server's message or the spec's English.
 */
const failureText = (lang: Lang, code: string | undefined, message?: string): Promise<string> =>
  import("./views/error-texts.ts").then(
    (m) => m.errorText(lang, code, message),
    () =>
      message ||
      (code === "timeout"
        ? "XMLHttpRequest timeout"
        : code === "network"
          ? "Network Error"
          : "Unknown error"),
  );

/**
 * An error of a widget call: `status` 0 for network failures and timeouts (spec §8 Widget). `message` is the
 * end user's text in the app's language, looked up by the server's `code` (views/i18n.ts errorText).
 */
export class WidgetApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The server's `error.details` (e.g. `retryAfterSeconds` of a limit). */
    readonly details?: unknown,
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

/** What sign-in answers: the user id to keep, the token proving it, and the profile. */
export interface SignInResult {
  userId: string;
  token: string;
  profile: WidgetProfile;
}
export type WidgetProfile = EndUserProfileUpdate & {
  id?: string;
  emailVerified?: boolean;
  phoneVerified?: boolean;
  vehicles?: Vehicle[];
};

/**
 * The address the API's relative addresses resolve against: `apiBase` (itself resolved against the page
 * when it is not absolute, as fetch does), with a trailing slash.
 */
export function apiRoot(apiBase: string): string {
  const page = typeof location === "undefined" ? undefined : location.href;
  try {
    return new URL(`${apiBase.replace(/\/+$/, "")}/`, page).href;
  } catch {
    return "";
  }
}

/**
 * The widget's API client: sends the app header, succeeds only on HTTP 200, maps errors as the spec says.
 * Every answer enters the widget with its relative addresses (images, icons, links) made absolute on the
 * API's origin (`absolute-urls.ts`), so a widget on another site never asks that site for them.
 */
export function widgetClient({ apiBase, appId, timeoutMs = 15000, fetch: f = fetch }: WidgetClientOptions) {
  const root = apiRoot(apiBase);
  let appLang: Lang = "en";
  async function request<T>(
    path: string,
    init: {
      method?: string;
      body?: unknown;
      token?: string;
      keepalive?: boolean;
      preloaded?: Promise<Response>;
    } = {},
  ): Promise<T> {
    const ctrl = new AbortController();
    const lang = appLang;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ctrl.abort();
        reject(Object.assign(new Error("timeout"), { name: "AbortError" }));
      }, timeoutMs);
    });
    let res: Response;
    try {
      res = await Promise.race([
        init.preloaded ??
          f(`${apiBase}/api${path}`, {
            method: init.method ?? "GET",
            signal: ctrl.signal,
            keepalive: init.keepalive,
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
            headers: {
              "x-app": appId,
              ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
              ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            },
          }),
        timeout,
      ]);
    } catch (e) {
      const code = (e as Error).name === "AbortError" ? "timeout" : "network";
      throw new WidgetApiError(await failureText(lang, code), 0, code);
    } finally {
      clearTimeout(timer);
    }
    const body = await res.json().catch(() => null);
    if (res.status !== 200) {
      const code: string | undefined = body?.error?.code;
      throw new WidgetApiError(
        await failureText(lang, code, body?.error?.message),
        res.status,
        code,
        body?.error?.details,
      );
    }
    // The app's language: every later failure is told to the end user in it.
    if (path === "/mobile/app") appLang = pickLang((body?.data as MobileApp | undefined)?.lang);
    return absoluteUrls(body.data as T, root);
  }
  const post = <T>(path: string, body: unknown, token?: string) =>
    request<T>(path, { method: "POST", body, token });
  const users = "/mobile/users";
  return {
    /** The app; the loader's preloaded response is used when there is one (spec §7). */
    getApp: () => request<MobileApp>("/mobile/app", { preloaded: takePreloadedApp(apiBase, appId) }),
    sendEmailCode: (email: string) => post<boolean>(`${users}/auth/email-confirmation`, { email }),
    sendSmsCode: (phone: string) => post<boolean>(`${users}/auth/sms-confirmation`, { phone }),
    /**
     * Signs in with a code. `token`, the session the widget already holds, proves that `userId` is this
     * user's own record (re-verifying a changed address keeps the record; without it the server makes a
     * new one for an id it already knows).
     */
    signIn: (
      body: ({ email: string } | { phone: string }) & { code: string; userId: string },
      token?: string,
    ) => post<SignInResult>(`${users}/auth/sign-in`, body, token),
    resume: (token: string, userId: string) => post<SignInResult>(`${users}/auth/sign-in`, { token, userId }),
    signOut: (userId: string, token?: string) =>
      request<boolean>(`${users}/auth/sign-out/${encodeURIComponent(userId)}`, { method: "DELETE", token }),
    getUser: (userId: string, token: string) =>
      request<WidgetProfile>(`${users}/${encodeURIComponent(userId)}`, { token }),
    putUser: (userId: string, token: string, profile: EndUserProfileUpdate) =>
      request<WidgetProfile>(`${users}/${encodeURIComponent(userId)}`, {
        method: "PUT",
        body: profile,
        token,
      }),
    putVehicles: (userId: string, token: string, vehicles: Vehicle[]) =>
      request<Vehicle[]>(`${users}/${encodeURIComponent(userId)}/vehicles`, {
        method: "PUT",
        body: vehicles,
        token,
      }),
    makes: () => request<string[]>("/mobile/cars/makes"),
    models: (make: string) => request<string[]>(`/mobile/cars/makes/${encodeURIComponent(make)}/models`),
    postEvents: (batch: unknown[]) =>
      request<{ stored: number }>("/mobile/analytics/events", { method: "POST", body: batch }),
    vapidPublicKey: () => request<string>("/mobile/app/push-notifications/vapid-public-key"),
    submitForm: (userId: string, featureId: string, values: Record<string, string | boolean>) =>
      post<{ id: string }>(`${users}/${encodeURIComponent(userId)}/form-data`, { featureId, values }),
    // The signed-in end user's offers, redemptions, stamp card and points (issue 12; views/types.ts shapes).
    offers: (userId: string, token: string) =>
      request<EndUserOffers>(`${users}/${encodeURIComponent(userId)}/offers`, { token }),
    redeem: (userId: string, token: string, body: { offerId: string; personalizedSpecialId?: string }) =>
      post<RedemptionRecord>(`${users}/${encodeURIComponent(userId)}/redemptions`, body, token),
    loyaltyCards: (userId: string, token: string, featureId: string) =>
      request<LoyaltyCard[]>(
        `${users}/${encodeURIComponent(userId)}/loyalty-cards?featureId=${encodeURIComponent(featureId)}`,
        { token },
      ),
    stamp: (userId: string, token: string, featureId: string, code: string) =>
      post<StampResult>(`${users}/${encodeURIComponent(userId)}/loyalty-stamps`, { featureId, code }, token),
    points: (userId: string, token: string) =>
      request<PointsAccount>(`${users}/${encodeURIComponent(userId)}/points`, { token }),
    // The staff directory (anyone; a signed-in user's token marks their advisor) and the advisor choice.
    staffDirectory: (token?: string) =>
      request<DirectoryMember[]>("/mobile/app/staff-directory", token ? { token } : {}),
    setAdvisor: (userId: string, token: string, staffMemberId: string | null) =>
      request<{ staffMemberId: string | null }>(`${users}/${encodeURIComponent(userId)}/advisor`, {
        method: "PUT",
        body: { staffMemberId },
        token,
      }),
    subscribe3: (userId: string, token: string) =>
      post<{ id: string }>("/mobile/app/push-notifications/subscribe3", { userId, platform: "Web", token }),
    // The inbox and geofence entries (issue 13): a signed-in user's token, or none for an anonymous install id.
    notifications: (userId: string, token?: string) =>
      request<InboxAnswer>(`${users}/${encodeURIComponent(userId)}/notifications`, { token }),
    openNotification: (userId: string, id: string, token?: string) =>
      request<{ opened: boolean }>(
        `${users}/${encodeURIComponent(userId)}/notifications/${encodeURIComponent(id)}/opened`,
        { method: "PUT", token },
      ),
    readNotifications: (userId: string, token?: string) =>
      request<{ read: number }>(`${users}/${encodeURIComponent(userId)}/notifications/read`, {
        method: "PUT",
        token,
      }),
    enterGeofence: (geofenceId: string, body: { userId: string; lat: number; lng: number }, token?: string) =>
      post<GeofenceEntered>(`/mobile/geofences/${encodeURIComponent(geofenceId)}/enter`, body, token),
  };
}
export type WidgetClient = ReturnType<typeof widgetClient>;

/** GET /mobile/users/{userId}/notifications: newest first (at most 100) and how many of all are unread. */
export interface InboxAnswer {
  items: {
    id: string;
    message: string;
    path: string | null;
    createdAt: string;
    read: boolean;
    opened: boolean;
  }[];
  unread: number;
}
/** POST /mobile/geofences/{geofenceId}/enter. */
export interface GeofenceEntered {
  message: string;
  callToAction?: { text?: string; link?: string };
  delivered: boolean;
  silent: boolean;
}
