import type { FormEvent } from "react";
import type { Account, AccountState } from "../account.ts";
import { type AccountTexts, fill } from "./texts.ts";

/**
 * The passwordless sign-in screens, a thin adapter over machines/sign-in.ts: contact and Send Code, then
 * the "sent" notice with the code field, Confirm code, Back and Start over, and 'Login later'.
 */
export function SignInPanel({
  account,
  state,
  t,
}: {
  account: Account;
  state: AccountState;
  t: AccountTexts;
}) {
  const { flow } = state;
  const onCodeStep = flow.state === "code" || flow.state === "confirming";
  const busy = flow.state === "sending" || flow.state === "confirming";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    account.send(onCodeStep ? { type: "signIn.confirm" } : { type: "signIn.sendCode" });
  };
  return (
    <form className="ba-account-form" onSubmit={submit} noValidate aria-busy={busy}>
      <h2 className="ba-account-title">{t.signIn}</h2>
      {flow.notice ? (
        <p className="ba-account-notice" role="status">
          {flow.notice}
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
        <p id="ba-sign-in-error" className="ba-account-error" role="alert">
          {flow.error}
        </p>
      ) : null}
      <div className="ba-account-actions">
        <button type="submit" className="ba-button ba-button-primary" disabled={busy}>
          {onCodeStep ? t.confirmCode : t.sendCode}
        </button>
        {onCodeStep ? (
          <>
            <button type="button" className="ba-button" onClick={() => account.send({ type: "signIn.back" })}>
              {t.back}
            </button>
            <button
              type="button"
              className="ba-button"
              onClick={() => account.send({ type: "signIn.startOver" })}
            >
              {t.startOver}
            </button>
          </>
        ) : (
          <button type="button" className="ba-button" onClick={() => account.send({ type: "signIn.later" })}>
            {t.later}
          </button>
        )}
      </div>
    </form>
  );
}
