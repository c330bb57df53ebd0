import { useEffect, useId, useRef } from "react";
import { type AccountTexts, fill } from "./texts.ts";

/** The account screens (screens.tsx), by the names the app's stack knows them. */
export type AccountScreen = "signIn" | "profile" | "signOut";

/**
 * The account menu at the top of home (spec §2): one Sign In entry, or My Profile and Sign Out once signed
 * in; each opens its screen in the app's frame. The 'Sign in for special offers' prompt describes the Sign In
 * entry (no second way in) unless the visitor chose 'Login later' in the last 7 days. A failed profile load
 * shows its code (202). When a screen closes, the entry that leads back to it takes the focus.
 *
 * It only draws: the widget shows it with the first view from the stored user (BrandApp.tsx), before the
 * account runtime (XState) has loaded, and the runtime's screens (screens.tsx) draw it from then on.
 */
export function AccountBar({
  signedIn,
  prompt,
  loadError,
  t,
  open,
  onLater,
  returnedFrom,
}: {
  signedIn: boolean;
  /** Whether 'Sign in for special offers' shows (core/sign-in.ts shouldPromptSignIn). */
  prompt: boolean;
  /** A failed profile load (code 202), or null. */
  loadError: { message: string; code: number } | null;
  t: AccountTexts;
  open: (screen: AccountScreen) => void;
  onLater: () => void;
  returnedFrom: string | null;
}) {
  const promptId = useId();
  const signInRef = useRef<HTMLButtonElement>(null);
  const profileRef = useRef<HTMLButtonElement>(null);
  const signOutRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!returnedFrom) return;
    const entry = !signedIn ? signInRef : returnedFrom === "signOut" ? signOutRef : profileRef;
    entry.current?.focus({ preventScroll: true });
  }, [returnedFrom, signedIn]);
  const prompted = !signedIn && prompt;

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
            aria-describedby={prompted ? promptId : undefined}
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
      {prompted ? (
        <div className="ba-account-prompt">
          <p className="ba-account-text" id={promptId}>
            <strong>{t.prompt}</strong> <span>{t.promptText}</span>
          </p>
          <div className="ba-account-actions">
            <button type="button" className="ba-button ba-button-secondary" onClick={onLater}>
              {t.later}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
