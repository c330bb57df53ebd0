import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { ME_TIMEOUT_MS, type Profile, sessionMachine } from "../../../machines/session.ts";
import type { Me } from "../../../schemas/index.ts";
import { returnPath } from "../admin/logic.ts";
import { api, setApiHooks, tokenStore } from "../api.ts";

/** The session machine wired to the admin client and the browser (spec §4 Session, §7 Accounts). */
const browserSession = sessionMachine.provide({
  actors: {
    // silent: a failed profile check is a state (signed out or rethrown), not a notification.
    fetchMe: fromPromise(
      () =>
        api<Me>("/accounts/me", {
          timeout: ME_TIMEOUT_MS,
          silent: true,
          noRedirect: true,
        }) as Promise<Profile>,
    ),
    signIn: fromPromise(({ input }: { input: { email: string; password: string } }) =>
      api<string>("/accounts/sign-in", { method: "POST", body: input, keep401: true, silent: true }),
    ),
    signOut: fromPromise(async () => {
      await api("/accounts/sign-out", { method: "DELETE", silent: true, noRedirect: true });
    }),
    signInAs: fromPromise(({ input }: { input: { userId: string } }) =>
      api<string | null>(`/admin/accounts/sign-in-as/${input.userId}`, { method: "POST" }),
    ),
  },
});

/** Where a token switch lands: the user's apps while impersonating, else the admin's return path. */
function pageAfterSwitch(): string {
  if (tokenStore.getSecondary()) return "/apps";
  return returnPath.take() ?? window.location.pathname + window.location.search;
}

type SessionRef = ReturnType<typeof useActorRef<typeof browserSession>>;
const SessionContext = createContext<SessionRef | null>(null);

/** Runs one session for the whole console and turns its redirects into navigation. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const ref = useActorRef(browserSession, {
    input: {
      storage: tokenStore,
      location: {
        get host() {
          return window.location.host;
        },
        assign: (url) => window.location.assign(url),
        // The machine reloads after sign-in-as and after 'Back to admin': land on the user's apps once
        // impersonating, and on the page the admin came from on the way back (not the page in place).
        reload: () => window.location.assign(pageAfterSwitch()),
      },
    },
  });
  useEffect(() => {
    setApiHooks({ unauthorized: (quiet) => ref.send({ type: "session.expired", quiet }) });
    const sub = ref.on("session.redirectedToRoot", () => navigate("/", { replace: true }));
    return () => sub.unsubscribe();
  }, [ref, navigate]);
  return <SessionContext.Provider value={ref}>{children}</SessionContext.Provider>;
}

export interface SessionView {
  me: Me | null;
  /** Still finding out whether the stored token is good. */
  loading: boolean;
  signingIn: boolean;
  /** A server error while checking the profile (spec §7: 500 is rethrown, not treated as signed out). */
  failed: string | null;
  error: string | null;
  send: SessionRef["send"];
  /** Resolves once the session settles after a sign-in attempt, with the error if it failed. */
  signIn(email: string, password: string): Promise<string | null>;
}

export function useSession(): SessionView {
  const ref = useContext(SessionContext);
  if (!ref) throw new Error("useSession outside SessionProvider");
  const state = useSelector(ref, (s) => s.value);
  const me = useSelector(ref, (s) => s.context.me) as Me | null;
  const error = useSelector(ref, (s) => s.context.error);
  return useMemo(
    () => ({
      // Still signed in while the sign-in-as call runs: a null `me` there made RequireSession send the
      // admin to /login mid-call, and the machine's reload then opened the sign-in form as the user.
      me: state === "signedIn" || state === "impersonating" ? me : null,
      // Signing out counts as loading until the token is dropped: a guarded page then sends the user to the
      // login only once signed out (before, /login could open with the token still stored).
      loading:
        state === "checking" ||
        state === "fetchingMe" ||
        state === "leaving" ||
        state === "signingOut" ||
        state === "afterSignOut",
      signingIn: state === "signingIn" || state === "fetchingMe",
      failed: state === "failed" ? error : null,
      error,
      send: ref.send,
      signIn: (email, password) =>
        new Promise<string | null>((resolve) => {
          ref.send({ type: "session.signIn", email, password });
          const sub = ref.subscribe((s) => {
            if (s.matches("signedIn")) {
              sub.unsubscribe();
              resolve(null);
            } else if (s.matches("signedOut") || s.matches("failed")) {
              sub.unsubscribe();
              resolve(s.context.error ?? "");
            }
          });
        }),
    }),
    [state, me, error, ref],
  );
}
