import { type FormEvent, useEffect, useRef } from "react";
import { SIGN_IN_MESSAGES } from "../../machines/sign-in.ts";
import type { Account, AccountState } from "../account.ts";
import { type AccountTexts, fill } from "./texts.ts";

/**
 * The passwordless sign-in screen's body, a thin adapter over machines/sign-in.ts: contact and Send Code,
 * then the "sent" notice with the code field, Confirm code, Back and Start over, and 'Login later'. Signing
 * in or choosing 'Login later' closes the screen (`onDone`).
 */
export function SignInPanel({
  account,
  state,
  t,
  onDone,
}: {
  account: Account;
  state: AccountState;
  t: AccountTexts;
  onDone: () => void;
}) {
  const { flow } = state;
  // Opened after 'Login later': the machine waits for a contact, so hand it the one on screen.
  const opened = useRef({ state: flow.state, contact: flow.contact });
  useEffect(() => {
    const { state, contact } = opened.current;
    if (state === "later") account.send({ type: "signIn.contact", value: contact });
  }, [account]);
  // Closes on the way into signed in or later, not when opened in one of them.
  const last = useRef(flow.state);
  useEffect(() => {
    const before = last.current;
    last.current = flow.state;
    if (before !== flow.state && (flow.state === "signedIn" || flow.state === "later")) onDone();
  }, [flow.state, onDone]);
  const onCodeStep = flow.state === "code" || flow.state === "confirming";
  const busy = flow.state === "sending" || flow.state === "confirming";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    account.send(onCodeStep ? { type: "signIn.confirm" } : { type: "signIn.sendCode" });
  };
  return (
    <form className="ba-account-form" onSubmit={submit} noValidate aria-busy={busy}>
      {flow.notice ? (
        <p className="ba-account-notice" role="status">
          {signInMessage(t, flow.notice)}
        </p>
      ) : null}
      {onCodeStep ? (
        <>
          <p className="ba-account-text" role="status">
            {fill(t.sent, { contact: flow.contact.trim() })}
          </p>
          <label className="ba-field">
            <span>{t.code}</span>
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={flow.code}
              aria-invalid={!!flow.error}
              aria-describedby={flow.error ? "ba-sign-in-error" : undefined}
              onChange={(e) => account.send({ type: "signIn.code", value: e.currentTarget.value })}
            />
          </label>
        </>
      ) : (
        <label className="ba-field">
          <span>{t.contact}</span>
          <input
            name="contact"
            type="text"
            autoComplete="email"
            value={flow.contact}
            aria-invalid={!!flow.error}
            aria-describedby={flow.error ? "ba-sign-in-error" : undefined}
            onChange={(e) => account.send({ type: "signIn.contact", value: e.currentTarget.value })}
          />
        </label>
      )}
      {flow.error ? (
        <p id="ba-sign-in-error" className="ba-account-form-error" role="alert">
          {signInMessage(t, flow.error)}
        </p>
      ) : null}
      <div className="ba-account-actions">
        {/* aria-disabled, not disabled: the button keeps the focus while the code is on its way */}
        <button type="submit" className="ba-button" aria-disabled={busy}>
          {onCodeStep ? t.confirmCode : t.sendCode}
        </button>
        {onCodeStep ? (
          <>
            <button
              type="button"
              className="ba-button ba-button-secondary"
              onClick={() => account.send({ type: "signIn.back" })}
            >
              {t.back}
            </button>
            <button
              type="button"
              className="ba-button ba-button-secondary"
              onClick={() => account.send({ type: "signIn.startOver" })}
            >
              {t.startOver}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="ba-button ba-button-secondary"
            onClick={() => account.send({ type: "signIn.later" })}
          >
            {t.later}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The sign-in machine's own messages (machines/sign-in.ts, the spec's English words) in these texts'
 * language; anything else (the server's message, already in the app's language) is shown as it is.
 */
function signInMessage(t: AccountTexts, message: string): string {
  if (message === SIGN_IN_MESSAGES.codeRequired) return t.codeRequired;
  if (message === SIGN_IN_MESSAGES.startOver) return t.startOverNotice;
  if (message === SIGN_IN_MESSAGES.unknown) return t.unknownError;
  return message;
}
