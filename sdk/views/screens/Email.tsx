import { type FormEvent, useId, useState } from "react";
import { useView } from "../context.ts";
import { mailHref } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";
import { useSubmit } from "../ui/useSubmit.tsx";

const mailto = (to: string, subject: string, body: string) => {
  const q = new URLSearchParams();
  if (subject) q.set("subject", subject);
  if (body) q.set("body", body);
  const query = q.toString().replace(/\+/g, "%20");
  return `${mailHref(to)}${query ? `?${query}` : ""}`;
};

function Field({ label, value, long }: { label: string; value: string; long?: boolean }) {
  const id = useId();
  return (
    <div className="ba-field">
      <label htmlFor={id}>{label}</label>
      {long ? <textarea id={id} readOnly value={value} rows={5} /> : <input id={id} readOnly value={value} />}
    </div>
  );
}

/**
 * spec §2 Click-to-email: read-only From, To, Subject and Message with Send and Cancel. The message is
 * composed by the business, so Send hands it to the visitor's mail app (which fills in From).
 */
export function ClickToEmailScreen({ feature }: { feature: AnyFeature }) {
  const { t, back } = useView();
  const to = ((feature.email as string) ?? "").trim();
  const subject = (feature.subject as string) ?? "";
  const message = (feature.message as string) ?? "";
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || t("email.send")} page="home">
      <form className="ba-form" onSubmit={(e) => e.preventDefault()}>
        <Field label={t("email.from")} value="" />
        <Field label={t("email.to")} value={to} />
        <Field label={t("email.subject")} value={subject} />
        <Field label={t("email.message")} value={message} long />
        <div className="ba-actions">
          <button type="button" className="ba-button ba-button-secondary" onClick={back}>
            {t("common.cancel")}
          </button>
          {to ? (
            <a className="ba-button" href={mailto(to, subject, message)}>
              {t("email.send")}
            </a>
          ) : (
            <button type="button" className="ba-button" disabled>
              {t("email.send")}
            </button>
          )}
        </div>
      </form>
    </Screen>
  );
}

/**
 * The Email feature: the visitor writes to the dealer's recipients. The sdk sends it (onSendEmail); without
 * a handler the visitor's mail app takes over.
 */
export function EmailScreen({ feature }: { feature: AnyFeature }) {
  const { t, back, onSendEmail, mode } = useView();
  const to = ((feature.recipients as string) ?? "").trim();
  const [from, setFrom] = useState("");
  const [subject, setSubject] = useState((feature.subject as string) ?? "");
  const [message, setMessage] = useState("");
  const ids = { from: useId(), to: useId(), subject: useId(), message: useId() };
  const sending = useSubmit(t("email.sent"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (onSendEmail) {
      if (await sending.run(() => onSendEmail(feature, { from, to, subject, message }))) setMessage("");
    } else if (mode === "widget" && to) window.location.href = mailto(to, subject, message);
  };
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || t("email.send")} page="home">
      {sending.message}
      <form className="ba-form" onSubmit={submit}>
        <div className="ba-field">
          <label htmlFor={ids.from}>{t("email.from")}</label>
          <input
            id={ids.from}
            type="email"
            autoComplete="email"
            placeholder={t("email.yourEmail")}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
        </div>
        <div className="ba-field">
          <label htmlFor={ids.to}>{t("email.to")}</label>
          <input id={ids.to} readOnly value={to} />
        </div>
        <div className="ba-field">
          <label htmlFor={ids.subject}>{t("email.subject")}</label>
          <input id={ids.subject} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
        </div>
        <div className="ba-field">
          <label htmlFor={ids.message}>{t("email.message")}</label>
          <textarea
            id={ids.message}
            rows={5}
            required
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
        </div>
        <div className="ba-actions">
          <button type="button" className="ba-button ba-button-secondary" onClick={back}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="ba-button" disabled={sending.busy} aria-busy={sending.busy}>
            {t("email.send")}
          </button>
        </div>
      </form>
    </Screen>
  );
}
