import { type FormEvent, useEffect, useState } from "react";
// Deep import on purpose: core/index.ts would bring the schemas (TypeBox, ajv) into the widget bundle.
import { vehicleLabels } from "../../core/vehicle-labels.ts";
import type { EndUserProfileUpdate, Vehicle } from "../../schemas/index.ts";
import type { Account, AccountState } from "../account.ts";
import type { WidgetClient } from "../client.ts";
import { type AccountTexts, langOf } from "./texts.ts";

const INFO: (keyof EndUserProfileUpdate)[] = ["name", "email", "phone", "company", "dateOfBirth", "address"];

/** My Profile: My Info (the profile form) and My Vehicles with make and model pickers from the catalog. */
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
  const saveInfo = (e: FormEvent) => {
    e.preventDefault();
    const input = Object.fromEntries(
      Object.entries(info).filter(([, v]) => v.trim()),
    ) as EndUserProfileUpdate;
    void account.saveProfile(input);
  };
  const vehicles = profile.vehicles ?? [];
  return (
    <div className="ba-account-form">
      <h2 className="ba-account-title">{t.myProfile}</h2>
      <form onSubmit={saveInfo} noValidate>
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
              }}
            />
          </label>
        ))}
        <div className="ba-account-actions">
          <button type="submit" className="ba-button ba-button-primary" disabled={state.busy}>
            {t.save}
          </button>
        </div>
      </form>
      <h3 className="ba-account-subtitle">{t.myVehicles}</h3>
      {vehicles.length ? (
        <ul className="ba-vehicles">
          {vehicles.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: vehicles have no id; the list is replaced whole on every save
            <li key={i} className="ba-vehicle">
              <span>{[v.year, v.make, v.model].filter(Boolean).join(" ") || v.unit || v.vin}</span>
              <button
                type="button"
                className="ba-button"
                onClick={() => void account.saveVehicles(vehicles.filter((_, j) => j !== i))}
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
  client,
  makeModelType,
  t,
  busy,
  onAdd,
}: {
  client: WidgetClient;
  makeModelType?: string;
  t: AccountTexts;
  busy: boolean;
  onAdd: (v: Vehicle) => Promise<boolean>;
}) {
  const labels = vehicleLabels(makeModelType, langOf(t));
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
        }}
        {...extra}
      />
    </label>
  );
  const add = async (e: FormEvent) => {
    e.preventDefault();
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
    if (Object.keys(vehicle).length && (await onAdd(vehicle))) setV({});
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
        <button type="submit" className="ba-button ba-button-primary" disabled={busy}>
          {t.addVehicle}
        </button>
      </div>
    </form>
  );
}
