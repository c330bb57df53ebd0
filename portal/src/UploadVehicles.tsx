import { type ChangeEvent, useEffect, useId, useState } from "react";
import type { GloveboxDocument } from "../../schemas/dealer-data.ts";
import type { Account } from "../../sdk/account.ts";
import type { PortalClient } from "./api.ts";
import { fill, type PortalTexts } from "./texts.ts";
import { vehiclesFromCsv } from "./vehicles-csv.ts";

type Outcome = { ok: boolean; text: string } | null;

/**
 * Upload Vehicles (spec §2 profile): a CSV of vehicles is added to My Vehicles (the widget's account call),
 * a photo or PDF of a registration is stored in the customer's glovebox (the dealer-data documents call)
 * and listed here.
 */
export function UploadVehicles({
  account,
  client,
  user,
  t,
}: {
  account: Account;
  client: PortalClient;
  user: { userId: string; token: string };
  t: PortalTexts;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [docs, setDocs] = useState<GloveboxDocument[]>([]);
  useEffect(() => {
    client.documents(user.userId, user.token).then(
      (all) => setDocs(all.filter((d) => d.kind === "registration")),
      () => setDocs([]),
    );
  }, [client, user]);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      if (/\.csv$/i.test(file.name) || file.type === "text/csv") {
        const found = vehiclesFromCsv(await file.text());
        if (!found.length) setOutcome({ ok: false, text: t.noVehiclesInFile });
        else {
          const ok = await account.saveVehicles([...(account.get().profile?.vehicles ?? []), ...found]);
          setOutcome(
            ok
              ? { ok: true, text: fill(t.vehiclesAdded, { count: found.length }) }
              : { ok: false, text: account.get().profileError?.message ?? "Unknown error" },
          );
        }
      } else {
        const doc = await client.uploadRegistration(user.userId, user.token, file);
        setDocs((old) => [doc, ...old]);
        setOutcome({ ok: true, text: t.registrationSaved });
      }
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
      input.value = "";
    }
  };
  return (
    <section className="pt-upload" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pt-upload-title">
        {t.uploadVehicles}
      </h2>
      <p className="pt-muted" id={`${id}-hint`}>
        {t.uploadHint}
      </p>
      <div className="pt-field">
        <label htmlFor={id}>{t.chooseFile}</label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv,image/*,application/pdf"
          aria-describedby={`${id}-hint`}
          aria-busy={busy}
          onChange={onFile}
        />
      </div>
      <p className={outcome?.ok === false ? "pt-error" : "pt-thanks"} role="status">
        {outcome?.text ?? ""}
      </p>
      {docs.length ? (
        <>
          <h3 className="pt-upload-subtitle">{t.registrations}</h3>
          <ul className="pt-bullets">
            {docs.map((d) => (
              <li key={d.id}>{d.title || d.name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
