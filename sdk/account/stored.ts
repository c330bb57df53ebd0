import { isEndUserAuthenticated, shouldPromptSignIn } from "../../core/sign-in.ts";
import type { StoredUser } from "../storage.ts";

/**
 * The account rules that need no runtime: read from the stored end user, so the widget's first view draws the
 * account menu and the sign-in prompt before XState loads, and the runtime's account (account.ts) decides the
 * same way once it runs.
 */
type Profile = Record<string, unknown> | null | undefined;

/** Signed in: a token, and a profile whose e-mail or phone is verified (spec §4). */
export const isSignedIn = (user: StoredUser | null, profile: Profile = user?.profile) =>
  !!user?.token && isEndUserAuthenticated(profile ?? {});

/** Whether 'Sign in for special offers' shows now: not signed in, no 'Login later' in the last 7 days. */
export const promptsSignIn = (user: StoredUser | null, now: number, profile: Profile = user?.profile) =>
  shouldPromptSignIn(
    {
      loginLaterAt: user?.loginLaterAt,
      email: user?.email,
      ...(isSignedIn(user, profile) ? (profile ?? {}) : {}),
    },
    now,
  );
