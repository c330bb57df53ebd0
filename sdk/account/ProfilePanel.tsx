import { type FormEvent, useEffect, useRef, useState } from "react";
// Deep import on purpose: core/index.ts would bring the schemas (TypeBox, ajv) into the widget bundle.
import { type VehicleLabels, vehicleLabelsFrom } from "../../core/vehicle-labels.ts";
import type { EndUserProfileUpdate, Vehicle } from "../../schemas/index.ts";
import type { Account, AccountState } from "../account.ts";
import type { WidgetClient } from "../client.ts";
import { textsOf } from "../views/i18n.ts";
import { type AccountTexts, fill, langOf } from "./texts.ts";

const INFO: (keyof EndUserProfileUpdate)[] = ["name", "email", "phone", "company", "dateOfBirth", "address"];

/** What the last save said: saved, or the failure with its spec §8 code (200 signed in, 201 not). */
type Outcome = { ok: true } | { ok: false; message: string } | null;

/** The failure of the last save as shown: the server's message and the spec's code. */
const failure = (account: Account, t: AccountTexts): Outcome => {
  const error = account.get().profileError;
  return {
    ok: false,
    message: error ? `${error.message} (${fill(t.errorCode, { code: error.code })})` : t.unknownError,
  };
};

/** Saved, or why not: a polite status for success, an alert for a failure. */
function OutcomeMessage({ outcome, saved }: { outcome: Outcome; saved: string }) {
  return (
    <>
      <p className="ba-account-saved" role="status">
        {outcome?.ok ? saved : ""}
      </p>
      {outcome && !outcome.ok ? (
        <p className="ba-account-form-error" role="alert">
          {outcome.message}
        </p>
      ) : null}
    </>
  );
}

/**
 * My Profile's body: My Info (the profile form) and My Vehicles with make and model pickers from the
 * catalog. A save confirms, or shows the failure and keeps what was typed.
 */
export function ProfilePanel({
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
  const profile = state.profile ?? {};
  const [info, setInfo] = useState<Record<string, string>>(() =>
    Object.fromEntries(INFO.map((k) => [k, String(profile[k] ?? "")])),
  );
  const labels: Record<string, string> = {
    name: t.fullName,
    email: t.email,
    phone: t.phone,
    company: t.company,
    dateOfBirth: t.date,
    address: t.address,
  };
  const [outcome, setOutcome] = useState<Outcome>(null);
  const saveInfo = async (e: FormEvent) => {
    e.preventDefault();
    if (state.busy) return;
    setOutcome(null);
    const input = Object.fromEntries(
      Object.entries(info).filter(([, v]) => v.trim()),
    ) as EndUserProfileUpdate;
    setOutcome((await account.saveProfile(input)) ? { ok: true } : failure(account, t));
  };
  const vehicles = profile.vehicles ?? [];
  const [removed, setRemoved] = useState<Outcome>(null);
  const vehiclesHeading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="ba-account-form">
      <form onSubmit={saveInfo} noValidate aria-busy={state.busy}>
        <h3 className="ba-account-subtitle">{t.myInfo}</h3>
        {INFO.map((k) => (
          <label className="ba-field" key={k}>
            <span>{labels[k]}</span>
            <input
              name={k}
              type={k === "dateOfBirth" ? "date" : k === "email" ? "email" : k === "phone" ? "tel" : "text"}
              value={info[k]}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setInfo((s) => ({ ...s, [k]: v }));
                if (outcome?.ok) setOutcome(null);
              }}
            />
          </label>
        ))}
        <div className="ba-account-actions">
          {/* aria-disabled, not disabled: the button keeps the focus while saving */}
          <button type="submit" className="ba-button" aria-disabled={state.busy}>
            {t.save}
          </button>
        </div>
        <OutcomeMessage outcome={outcome} saved={t.profileSaved} />
      </form>
      <h3 className="ba-account-subtitle" ref={vehiclesHeading} tabIndex={-1}>
        {t.myVehicles}
      </h3>
      <OutcomeMessage outcome={removed} saved={t.vehicleRemoved} />
      {vehicles.length ? (
        <ul className="ba-vehicles">
          {vehicles.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: vehicles have no id; the list is replaced whole on every save
            <li key={i} className="ba-vehicle">
              <span>{[v.year, v.make, v.model].filter(Boolean).join(" ") || v.unit || v.vin}</span>
              <button
                type="button"
                className="ba-button ba-button-secondary"
                onClick={async () => {
                  if (state.busy) return;
                  setRemoved(null);
                  const ok = await account.saveVehicles(vehicles.filter((_, j) => j !== i));
                  setRemoved(ok ? { ok: true } : failure(account, t));
                  // The button left with its vehicle: the list's heading takes the focus.
                  if (ok) vehiclesHeading.current?.focus({ preventScroll: true });
                }}
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ba-account-text">{t.noVehicles}</p>
      )}
      <VehicleForm
        account={account}
        client={client}
        makeModelType={makeModelType}
        t={t}
        busy={state.busy}
        onAdd={(v) => account.saveVehicles([...vehicles, v])}
      />
    </div>
  );
}

function VehicleForm({
  account,
  client,
  makeModelType,
  t,
  busy,
  onAdd,
}: {
  account: Account;
  client: WidgetClient;
  makeModelType?: string;
  t: AccountTexts;
  busy: boolean;
  onAdd: (v: Vehicle) => Promise<boolean>;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  // From the texts the widget loaded for the app's language (views/i18n.ts), not a second copy of them.
  const vehicle = textsOf(langOf(t), "vehicle") as unknown as VehicleLabels & { trailer: VehicleLabels };
  const labels = vehicleLabelsFrom(vehicle, makeModelType);
  const [v, setV] = useState<Record<string, string>>({});
  const [makes, setMakes] = useState<string[]>([]);
  const [models, setModels] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    client.makes().then(
      (m) => live && setMakes(m),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client]);
  useEffect(() => {
    let live = true;
    if (v.make)
      client.models(v.make).then(
        (m) => live && setModels(m),
        () => live && setModels([]),
      );
    return () => {
      live = false;
    };
  }, [client, v.make]);
  const field = (key: string, label: string, extra: Record<string, unknown> = {}) => (
    <label className="ba-field">
      <span>{label}</span>
      <input
        name={key}
        value={v[key] ?? ""}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setV((s) => ({ ...s, [key]: value, ...(key === "make" ? { model: "" } : {}) }));
          if (outcome?.ok) setOutcome(null);
        }}
        {...extra}
      />
    </label>
  );
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const num = (s?: string) => (s?.trim() && Number.isFinite(Number(s)) ? Math.trunc(Number(s)) : undefined);
    const vehicle = Object.fromEntries(
      Object.entries({
        unit: v.unit?.trim(),
        year: num(v.year),
        make: v.make?.trim(),
        model: v.model?.trim(),
        vin: v.vin?.trim(),
        mileage: num(v.mileage),
      }).filter(([, x]) => x !== undefined && x !== ""),
    ) as Vehicle;
    if (!Object.keys(vehicle).length) return;
    setOutcome(null);
    // Added: the form empties for the next one; refused: what was typed stays.
    if (await onAdd(vehicle)) {
      setV({});
      setOutcome({ ok: true });
    } else setOutcome(failure(account, t));
  };
  return (
    <form onSubmit={add} noValidate className="ba-vehicle-form">
      {field("make", labels.vehicleMake, { list: "ba-makes" })}
      <datalist id="ba-makes">
        {makes.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {field("model", labels.model, { list: "ba-models" })}
      <datalist id="ba-models">
        {models.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {field("year", labels.year, { inputMode: "numeric", maxLength: 4 })}
      {field("vin", labels.vin, { maxLength: 17 })}
      {field("unit", t.unit)}
      {field("mileage", t.mileage, { inputMode: "numeric" })}
      <div className="ba-account-actions">
        <button type="submit" className="ba-button" aria-disabled={busy}>
          {t.addVehicle}
        </button>
      </div>
      <OutcomeMessage outcome={outcome} saved={t.vehicleAdded} />
    </form>
  );
}
