import { useEffect, useRef } from "react";
import { type Account, type AccountState, PROFILE_ERROR_CODES } from "../account.ts";
import type { WidgetClient } from "../client.ts";
import type { SurfaceNav, SurfaceScreens } from "../views/AppView.tsx";
import { Screen } from "../views/ui/Screen.tsx";
import { AccountBar, type AccountScreen } from "./AccountBar.tsx";
import { ProfilePanel } from "./ProfilePanel.tsx";
import { SignInPanel } from "./SignInPanel.tsx";
import type { AccountTexts } from "./texts.ts";

export interface AccountScreensProps {
  account: Account;
  state: AccountState;
  client: WidgetClient;
  makeModelType?: string;
  t: AccountTexts;
}

/**
 * The account as screens of the app (AppView's `screens`): the menu on home, and Sign In, My Profile and the
 * sign-out confirmation in the app's frame, each with the back bar. The logic stays in account.ts and
 * machines/sign-in.ts; these only draw it.
 */
export function accountScreens({
  account,
  state,
  client,
  makeModelType,
  t,
}: AccountScreensProps): SurfaceScreens {
  return {
    entry: ({ open, returnedFrom }) => (
      <AccountBar
        signedIn={state.flow.state === "signedIn"}
        prompt={account.shouldPrompt()}
        loadError={state.profileError?.code === PROFILE_ERROR_CODES.load ? state.profileError : null}
        t={t}
        open={(screen: AccountScreen) => open(screen)}
        onLater={() => account.send({ type: "signIn.later" })}
        returnedFrom={returnedFrom}
      />
    ),
    screen: (name, nav) => {
      const signedIn = state.flow.state === "signedIn";
      switch (name as AccountScreen) {
        case "signIn":
          return (
            <Screen title={t.signIn} page="signIn">
              <SignInPanel account={account} state={state} t={t} onDone={nav.close} />
            </Screen>
          );
        case "profile":
          return (
            <Screen title={t.myProfile} page="profile">
              {signedIn ? (
                <ProfilePanel
                  account={account}
                  state={state}
                  client={client}
                  makeModelType={makeModelType}
                  t={t}
                />
              ) : (
                <SignedOut nav={nav} />
              )}
            </Screen>
          );
        case "signOut":
          return (
            <Screen title={t.signOut} page="signOut">
              <SignOutConfirm account={account} t={t} nav={nav} />
            </Screen>
          );
        default:
          return null;
      }
    },
  };
}

/** My Profile of someone no longer signed in (the stored session expired on the screen): back to home. */
function SignedOut({ nav }: { nav: SurfaceNav }) {
  const close = useRef(nav.close);
  // Once: the entry on home then reads Sign In and takes the focus.
  useEffect(() => close.current(), []);
  return null;
}

/** Spec §2: 'Are you sure you want to sign out?' with Ok and Not Now. */
function SignOutConfirm({ account, t, nav }: { account: Account; t: AccountTexts; nav: SurfaceNav }) {
  return (
    <div className="ba-account-form">
      <p className="ba-account-text">{t.signOutConfirm}</p>
      <div className="ba-account-actions">
        <button
          type="button"
          className="ba-button"
          onClick={() => {
            account.send({ type: "signIn.signOut" });
            nav.close();
          }}
        >
          {t.ok}
        </button>
        <button type="button" className="ba-button ba-button-secondary" onClick={nav.close}>
          {t.notNow}
        </button>
      </div>
    </div>
  );
}
