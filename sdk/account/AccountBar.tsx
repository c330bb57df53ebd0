import { useEffect, useId, useRef } from "react";
import { type Account, type AccountState, PROFILE_ERROR_CODES } from "../account.ts";
import { type AccountTexts, fill } from "./texts.ts";

/** The account screens (screens.tsx), by the names the app's stack knows them. */
export type AccountScreen = "signIn" | "profile" | "signOut";

/**
 * The account menu at the top of home (spec §2): one Sign In entry, or My Profile and Sign Out once signed
 * in; each opens its screen in the app's frame. The 'Sign in for special offers' prompt describes the Sign In
 * entry (no second way in) unless the visitor chose 'Login later' in the last 7 days. A failed profile load
 * shows its code (202). When a screen closes, the entry that leads back to it takes the focus.
 */
export function AccountBar({
  account,
  state,
  t,
  open,
  returnedFrom,
}: {
  account: Account;
  state: AccountState;
  t: AccountTexts;
  open: (screen: AccountScreen) => void;
  returnedFrom: string | null;
}) {
  const signedIn = state.flow.state === "signedIn";
  const promptId = useId();
  const signInRef = useRef<HTMLButtonElement>(null);
  const profileRef = useRef<HTMLButtonElement>(null);
  const signOutRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!returnedFrom) return;
    const entry = !signedIn ? signInRef : returnedFrom === "signOut" ? signOutRef : profileRef;
    entry.current?.focus({ preventScroll: true });
  }, [returnedFrom, signedIn]);
  const prompt = !signedIn && account.shouldPrompt();
  const loadError = state.profileError?.code === PROFILE_ERROR_CODES.load ? state.profileError : null;

  return (
    <div className="ba-account">
      <nav className="ba-account-menu" aria-label={t.account}>
        {signedIn ? (
          <>
            <button type="button" className="ba-link" ref={profileRef} onClick={() => open("profile")}>
              {t.myProfile}
            </button>
            <button type="button" className="ba-link" ref={signOutRef} onClick={() => open("signOut")}>
              {t.signOut}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="ba-link"
            ref={signInRef}
            aria-describedby={prompt ? promptId : undefined}
            onClick={() => open("signIn")}
          >
            {t.signIn}
          </button>
        )}
      </nav>
      {loadError ? (
        <p className="ba-account-error" role="alert">
          {loadError.message} ({fill(t.errorCode, { code: loadError.code })})
        </p>
      ) : null}
      {prompt ? (
        <div className="ba-account-prompt">
          <p className="ba-account-text" id={promptId}>
            <strong>{t.prompt}</strong> <span>{t.promptText}</span>
          </p>
          <div className="ba-account-actions">
            <button
              type="button"
              className="ba-button ba-button-secondary"
              onClick={() => account.send({ type: "signIn.later" })}
            >
              {t.later}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
