import { type FormEvent, useId, useState } from "react";
import type { WidgetProfile } from "../../sdk/client.ts";
import type { OfferLead, PortalClient } from "./api.ts";
import { fill, type PortalTexts } from "./texts.ts";

type User = { userId: string; token: string } | null;
type Status = { state: "idle" | "busy" | "done" } | { state: "error"; message: string };

/** A labelled field with its error under it (the error names the field, spec §8 "{item} is required"). */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="pt-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": !!error, "aria-describedby": error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="pt-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Please Provide Your Information' (spec §2): Name, Phone, Email, optional Comments; Submit and Cancel;
 * then the thank-you message. Filled in from the signed-in customer's profile; the lead names the offer.
 */
export function InfoForm({
  offerId,
  client,
  user,
  profile,
  t,
  onClose,
}: {
  offerId: string;
  client: PortalClient;
  user: User;
  profile: WidgetProfile | null;
  t: PortalTexts;
  onClose: () => void;
}) {
  const [values, setValues] = useState<OfferLead>({
    name: profile?.name ?? "",
    phone: profile?.phone ?? "",
    email: profile?.email ?? "",
    comments: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof OfferLead, string>>>({});
  const [status, setStatus] = useState<Status>({ state: "idle" });
  if (status.state === "done")
    return (
      <div className="pt-panel" role="status">
        <p className="pt-thanks">{t.thanks}</p>
        <button type="button" className="pt-button pt-secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    );
  const set = (k: keyof OfferLead) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((old) => ({ ...old, [k]: v }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status.state === "busy") return;
    const missing: typeof errors = {};
    for (const k of ["name", "phone", "email"] as const)
      if (!values[k].trim()) missing[k] = fill(t.required, { item: t[k] });
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setStatus({ state: "busy" });
    try {
      await client.offerLead(offerId, {
        ...values,
        comments: values.comments?.trim() || undefined,
        ...(user ? { userId: user.userId } : {}),
      });
      setStatus({ state: "done" });
    } catch (err) {
      setStatus({ state: "error", message: (err as Error).message });
    }
  };
  return (
    <form className="pt-panel pt-form" onSubmit={submit} noValidate aria-labelledby="pt-info-title">
      <h4 id="pt-info-title">{t.infoTitle}</h4>
      <Field label={t.name} error={errors.name}>
        {(p) => <input {...p} name="name" autoComplete="name" value={values.name} onChange={set("name")} />}
      </Field>
      <Field label={t.phone} error={errors.phone}>
        {(p) => (
          <input
            {...p}
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder={t.phonePlaceholder}
            value={values.phone}
            onChange={set("phone")}
          />
        )}
      </Field>
      <Field label={t.email} error={errors.email}>
        {(p) => (
          <input
            {...p}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set("email")}
          />
        )}
      </Field>
      <Field label={t.comments}>
        {(p) => (
          <textarea {...p} name="comments" rows={3} value={values.comments} onChange={set("comments")} />
        )}
      </Field>
      {status.state === "error" ? (
        <p className="pt-error" role="alert">
          {status.message}
        </p>
      ) : null}
      <div className="pt-actions">
        <button type="submit" className="pt-button" aria-disabled={status.state === "busy"}>
          {t.submit}
        </button>
        <button type="button" className="pt-button pt-secondary" onClick={onClose}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

/**
 * Send Offer (spec §2): by text to a phone (an international placeholder, 'message and data rates may
 * apply') or by e-mail; the confirmation says it will arrive soon. The server keeps the send limits.
 */
export function SendOfferForm({
  offerId,
  client,
  user,
  t,
  onClose,
}: {
  offerId: string;
  client: PortalClient;
  user: { userId: string; token: string };
  t: PortalTexts;
  onClose: () => void;
}) {
  const [channel, setChannel] = useState<"sms" | "email">("sms");
  const [to, setTo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const group = useId();
  if (status.state === "done")
    return (
      <div className="pt-panel" role="status">
        <p className="pt-thanks">{t.sent}</p>
        <button type="button" className="pt-button pt-secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status.state === "busy") return;
    if (!to.trim()) {
      setError(fill(t.required, { item: channel === "sms" ? t.phone : t.email }));
      return;
    }
    setError(null);
    setStatus({ state: "busy" });
    try {
      await client.sendOffer(user.userId, user.token, offerId, { channel, to: to.trim() });
      setStatus({ state: "done" });
    } catch (err) {
      setStatus({ state: "error", message: (err as Error).message });
    }
  };
  return (
    <form className="pt-panel pt-form" onSubmit={submit} noValidate aria-labelledby="pt-send-title">
      <h4 id="pt-send-title">{t.sendOffer}</h4>
      <fieldset className="pt-choice">
        <legend>{t.sendBy}</legend>
        {(["sms", "email"] as const).map((c) => (
          <label key={c}>
            <input
              type="radio"
              name={group}
              value={c}
              checked={channel === c}
              onChange={() => {
                setChannel(c);
                setTo("");
                setError(null);
              }}
            />
            {c === "sms" ? t.byText : t.byEmail}
          </label>
        ))}
      </fieldset>
      <Field label={channel === "sms" ? t.phone : t.email} error={error ?? undefined}>
        {(p) => (
          <input
            {...p}
            name="to"
            type={channel === "sms" ? "tel" : "email"}
            autoComplete={channel === "sms" ? "tel" : "email"}
            placeholder={channel === "sms" ? t.phonePlaceholder : t.emailPlaceholder}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        )}
      </Field>
      {channel === "sms" ? <p className="pt-muted">{t.rates}</p> : null}
      {status.state === "error" ? (
        <p className="pt-error" role="alert">
          {status.message}
        </p>
      ) : null}
      <div className="pt-actions">
        <button type="submit" className="pt-button" aria-disabled={status.state === "busy"}>
          {t.send}
        </button>
        <button type="button" className="pt-button pt-secondary" onClick={onClose}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
