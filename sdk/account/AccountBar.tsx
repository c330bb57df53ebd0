import { useEffect, useState } from "react";
import type { Account, AccountState } from "../account.ts";
import type { WidgetClient } from "../client.ts";
import { ProfilePanel } from "./ProfilePanel.tsx";
import { SignInPanel } from "./SignInPanel.tsx";
import { type AccountTexts, fill } from "./texts.ts";

type Panel = null | "signIn" | "profile" | "signOut";

/**
 * The account menu (spec §2): Sign In, or My Profile and Sign Out; the 'Sign in for special offers' prompt
 * unless the visitor chose 'Login later' in the last 7 days; the sign-out confirmation. Profile errors show
 * the spec's codes (202 load, 200/201 save).
 */
export function AccountBar({
  account,
  state,
  client,
  makeModelType,
  t,
}: {
  account: Account;
  state: AccountState;
  client: WidgetClient;
  makeModelType?: string;
  t: AccountTexts;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const signedIn = state.flow.state === "signedIn";
  // Signing in closes the sign-in panel; being signed out closes the profile.
  useEffect(() => {
    if (signedIn && panel === "signIn") setPanel(null);
    if (!signedIn && panel === "profile") setPanel(null);
    if (state.flow.state === "later" && panel === "signIn") setPanel(null);
  }, [signedIn, panel, state.flow.state]);
  const prompt = !signedIn && !panel && account.shouldPrompt();

  return (
    <div className="ba-account">
      <nav className="ba-account-menu" aria-label={t.myProfile}>
        {signedIn ? (
          <>
            <button type="button" className="ba-link" onClick={() => setPanel("profile")}>
              {t.myProfile}
            </button>
            <button type="button" className="ba-link" onClick={() => setPanel("signOut")}>
              {t.signOut}
            </button>
          </>
        ) : (
          <button type="button" className="ba-link" onClick={() => setPanel("signIn")}>
            {t.signIn}
          </button>
        )}
      </nav>
      {state.profileError ? (
        <p className="ba-account-error" role="alert">
          {state.profileError.message} ({fill(t.errorCode, { code: state.profileError.code })})
        </p>
      ) : null}
      {prompt ? (
        <section className="ba-account-prompt" aria-label={t.prompt}>
          <strong>{t.prompt}</strong>
          <span>{t.promptText}</span>
          <div className="ba-account-actions">
            <button type="button" className="ba-button ba-button-primary" onClick={() => setPanel("signIn")}>
              {t.signIn}
            </button>
            <button
              type="button"
              className="ba-button"
              onClick={() => account.send({ type: "signIn.later" })}
            >
              {t.later}
            </button>
          </div>
        </section>
      ) : null}
      {panel ? (
        <div
          className="ba-account-panel"
          role="dialog"
          aria-modal="false"
          aria-label={panel === "profile" ? t.myProfile : t.signIn}
        >
          <button
            type="button"
            className="ba-account-close"
            aria-label={t.close}
            onClick={() => setPanel(null)}
          >
            ×
          </button>
          {panel === "signIn" ? <SignInPanel account={account} state={state} t={t} /> : null}
          {panel === "profile" ? (
            <ProfilePanel
              account={account}
              state={state}
              client={client}
              makeModelType={makeModelType}
              t={t}
            />
          ) : null}
          {panel === "signOut" ? (
            <div className="ba-account-form">
              <p className="ba-account-text">{t.signOutConfirm}</p>
              <div className="ba-account-actions">
                <button
                  type="button"
                  className="ba-button ba-button-primary"
                  onClick={() => {
                    account.send({ type: "signIn.signOut" });
                    setPanel(null);
                  }}
                >
                  {t.ok}
                </button>
                <button type="button" className="ba-button" onClick={() => setPanel(null)}>
                  {t.notNow}
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
