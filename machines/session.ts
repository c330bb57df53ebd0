import { assign, emit, fromPromise, setup } from "xstate";
import { followableUrl } from "../core/url-policy.ts";

/** spec §9: the profile check gives up after 5000 ms and the user counts as signed out. */
export const ME_TIMEOUT_MS = 5000;
/** spec §7 "Session check": authenticate without a token is rejected with this. */
export const TOKEN_REQUIRED = "token required";
/** spec §8: impersonation that returns no token. */
export const INVALID_TOKEN = "Invalid token received";

/** Where the admin session keeps its tokens (spec §3 "Browser storage": a token and a secondary one). */
export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  getSecondary(): string | null;
  setSecondary(token: string): void;
  clearSecondary(): void;
}

/** The browser's location as the machine needs it; tests pass a fake. */
export interface SessionLocation {
  host: string;
  assign(url: string): void;
  reload(): void;
}

export interface Profile {
  email: string;
  portalUrl?: string | null;
  [key: string]: unknown;
}

/** A failed call as the machine sees it: the status decides (500 rethrown, 401 expiry). */
export interface CallFailure {
  status: number;
  message: string;
}

export interface SessionContext {
  storage: TokenStorage;
  location: SessionLocation;
  me: Profile | null;
  /** The last failure to show (sign-in errors, 'token required', 'Invalid token received'). */
  error: string | null;
}

export type SessionEvent =
  | { type: "session.signIn"; email: string; password: string }
  | { type: "session.authenticate"; token?: string | null }
  | { type: "session.signOut" }
  | { type: "session.expired"; quiet?: boolean }
  | { type: "session.impersonate"; userId: string };

export type SessionEmitted =
  | { type: "session.redirectedToRoot" }
  | { type: "session.failed"; message: string };

const failureOf = (error: unknown): CallFailure => {
  const e = error as Partial<CallFailure> | undefined;
  return { status: e?.status ?? 0, message: e?.message ?? String(error) };
};

/**
 * The admin session (spec §4): unauthenticated until the token is stored and the profile fetched; back on
 * sign-out or expiry. The calls are actors so the builder provides its HTTP client and tests provide fakes.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { storage: TokenStorage; location: SessionLocation },
    emitted: {} as SessionEmitted,
  },
  actors: {
    fetchMe: fromPromise<Profile>(async () => {
      throw new Error("fetchMe must be provided by the client");
    }),
    signIn: fromPromise<string, { email: string; password: string }>(async () => {
      throw new Error("signIn must be provided by the client");
    }),
    signOut: fromPromise<void>(async () => undefined),
    signInAs: fromPromise<string | null, { userId: string }>(async () => {
      throw new Error("signInAs must be provided by the client");
    }),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.storage.get()),
    eventHasToken: ({ event }) => event.type === "session.authenticate" && Boolean(event.token),
    isServerError: (_, failure: CallFailure) => failure.status === 500,
    // spec §6: a user whose portalUrl points to another host is sent there, but only to an address the URL
    // policy allows (a web page; never javascript: and the like), and never an Admin signed in as that user:
    // the portal is the user's choice, so it must not carry an impersonating Admin off to another site.
    portalElsewhere: ({ context }) => {
      if (context.storage.getSecondary()) return false;
      const url = followableUrl(context.me?.portalUrl, { appLinks: false });
      return url !== undefined && new URL(url).host !== context.location.host;
    },
    impersonating: ({ context }) => Boolean(context.storage.getSecondary()),
    isQuiet: ({ event }) => event.type === "session.expired" && event.quiet === true,
  },
  actions: {
    storeEventToken: ({ context, event }) => {
      if (event.type === "session.authenticate" && event.token) context.storage.set(event.token);
    },
    storeToken: ({ context }, token: string) => context.storage.set(token),
    dropToken: ({ context }) => context.storage.clear(),
    forgetMe: assign({ me: null }),
    setError: assign((_, message: string) => ({ error: message })),
    clearError: assign({ error: null }),
    redirectToPortal: ({ context }) => {
      const url = followableUrl(context.me?.portalUrl, { appLinks: false });
      if (url) context.location.assign(url);
    },
    redirectToRoot: emit({ type: "session.redirectedToRoot" } as const),
    // The admin's own token goes aside; sign-out restores it (spec §4 "Impersonation").
    keepAdminToken: ({ context }) => {
      const own = context.storage.get();
      if (own) context.storage.setSecondary(own);
    },
    restoreAdminToken: ({ context }) => {
      context.storage.set(context.storage.getSecondary()!);
      context.storage.clearSecondary();
    },
    reload: ({ context }) => context.location.reload(),
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({ storage: input.storage, location: input.location, me: null, error: null }),
  initial: "checking",
  // A 401 can answer any call in any state: the token is dropped and expiry runs (spec §4, §8).
  on: {
    "session.expired": [
      { guard: "isQuiet", target: ".signedOut", actions: ["dropToken", "forgetMe"] },
      { target: ".signedOut", actions: ["dropToken", "forgetMe", "redirectToRoot"] },
    ],
  },
  states: {
    checking: {
      always: [{ guard: "hasToken", target: "fetchingMe" }, { target: "signedOut" }],
    },
    fetchingMe: {
      invoke: {
        src: "fetchMe",
        onDone: { target: "signedIn", actions: assign({ me: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: { type: "isServerError", params: ({ event }) => failureOf(event.error) },
            target: "failed",
            actions: { type: "setError", params: ({ event }) => failureOf(event.error).message },
          },
          // Any other failure (401, network, 4xx) means "not signed in"; the token no longer opens anything.
          { target: "signedOut", actions: ["dropToken", "forgetMe"] },
        ],
      },
      after: { [ME_TIMEOUT_MS]: { target: "signedOut", actions: "forgetMe" } },
    },
    /** The profile check failed with a server error: rethrown to the UI instead of signing the user out. */
    failed: {
      on: {
        "session.authenticate": [
          { guard: "eventHasToken", target: "fetchingMe", actions: ["storeEventToken", "clearError"] },
          { actions: { type: "setError", params: TOKEN_REQUIRED } },
        ],
      },
    },
    signedOut: {
      on: {
        "session.signIn": { target: "signingIn", actions: "clearError" },
        "session.authenticate": [
          { guard: "eventHasToken", target: "fetchingMe", actions: ["storeEventToken", "clearError"] },
          { actions: { type: "setError", params: TOKEN_REQUIRED } },
        ],
      },
    },
    signingIn: {
      invoke: {
        src: "signIn",
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: "session.signIn" }>;
          return { email: e.email, password: e.password };
        },
        onDone: {
          target: "fetchingMe",
          actions: { type: "storeToken", params: ({ event }) => event.output },
        },
        onError: {
          target: "signedOut",
          actions: [
            { type: "setError", params: ({ event }) => failureOf(event.error).message },
            emit(
              ({ event }) => ({ type: "session.failed", message: failureOf(event.error).message }) as const,
            ),
          ],
        },
      },
    },
    signedIn: {
      always: { guard: "portalElsewhere", target: "leaving", actions: "redirectToPortal" },
      on: {
        "session.signOut": "signingOut",
        "session.impersonate": "impersonating",
      },
    },
    impersonating: {
      invoke: {
        src: "signInAs",
        input: ({ event }) => ({
          userId: (event as Extract<SessionEvent, { type: "session.impersonate" }>).userId,
        }),
        onDone: [
          {
            guard: ({ event }) => !event.output,
            target: "signedIn",
            actions: [
              { type: "setError", params: INVALID_TOKEN },
              emit({ type: "session.failed", message: INVALID_TOKEN } as const),
            ],
          },
          {
            target: "leaving",
            actions: [
              "keepAdminToken",
              { type: "storeToken", params: ({ event }) => event.output! },
              "reload",
            ],
          },
        ],
        onError: {
          target: "signedIn",
          actions: [
            { type: "setError", params: ({ event }) => failureOf(event.error).message },
            emit(
              ({ event }) => ({ type: "session.failed", message: failureOf(event.error).message }) as const,
            ),
          ],
        },
      },
    },
    signingOut: {
      invoke: {
        src: "signOut",
        onDone: "afterSignOut",
        // The server forgetting the token is a courtesy; locally the user is signed out either way.
        onError: "afterSignOut",
      },
    },
    afterSignOut: {
      always: [
        { guard: "impersonating", target: "leaving", actions: ["restoreAdminToken", "reload"] },
        { target: "signedOut", actions: ["dropToken", "forgetMe"] },
      ],
    },
    /** The page is navigating away (reload or another host); nothing else happens here. */
    leaving: { type: "final" },
  },
});
