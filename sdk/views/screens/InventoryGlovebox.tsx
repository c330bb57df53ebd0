import { type FormEvent, useEffect, useRef, useState } from "react";
import type { GloveboxDocument, ServiceContract } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";
import { type InventoryConfig, inventoryConfig } from "./InventoryRegister.tsx";

/**
 * The signed-in customer's dealer records in the widget (issue 16): glovebox (their documents, upload from
 * the phone's camera or files) and tca_contracts (their service contracts). A visitor, or a customer with
 * none, sees 'No Records'; a visitor is offered Sign In.
 */
const TEXTS = {
  en: {
    none: "No Records",
    signIn: "Sign In",
    loading: "Loading…",
    failed: "Your records could not be loaded. Try again later.",
    add: "Add a document",
    kind: "Type",
    kinds: { registration: "Registration", insurance: "Insurance", warranty: "Warranty", other: "Other" },
    title: "Title",
    file: "Photo or PDF",
    upload: "Upload",
    uploaded: "Document added",
    open: "Open",
    provider: "Provider",
    term: "Term",
    endMileage: "Ends at",
  },
  es: {
    none: "Sin registros",
    signIn: "Iniciar sesión",
    loading: "Cargando…",
    failed: "No se pudieron cargar sus registros. Inténtelo más tarde.",
    add: "Agregar un documento",
    kind: "Tipo",
    kinds: { registration: "Registro", insurance: "Seguro", warranty: "Garantía", other: "Otro" },
    title: "Título",
    file: "Foto o PDF",
    upload: "Subir",
    uploaded: "Documento agregado",
    open: "Abrir",
    provider: "Proveedor",
    term: "Vigencia",
    endMileage: "Termina a las",
  },
};

function useTexts() {
  const { lang } = useView();
  return lang === "es" ? TEXTS.es : TEXTS.en;
}

async function userCall<T>(c: InventoryConfig, path: string, init: RequestInit = {}): Promise<T> {
  if (!c.user) throw new Error("signed out");
  const res = await fetch(`${c.base}/mobile/users/${c.user.id}${path}`, {
    ...init,
    headers: { "x-app": c.appId, authorization: `Bearer ${c.user.token}`, ...(init.headers ?? {}) },
  });
  const body = (await res.json().catch(() => ({}))) as { data?: T; error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? "Unknown error");
  return body.data as T;
}

/** Loads the signed-in user's list; null while loading, "failed" on error, [] for a visitor. */
function useOwnList<T>(path: string, version = 0): T[] | null | "failed" {
  const c = inventoryConfig();
  const owner = c?.user ? `${c.appId}:${c.user.id}` : "";
  const [list, setList] = useState<T[] | null | "failed">(null);
  useEffect(() => {
    // A new version (after an upload) loads the list again.
    void version;
    const cfg = inventoryConfig();
    if (!cfg?.user || `${cfg.appId}:${cfg.user.id}` !== owner) return setList([]);
    let live = true;
    setList(null);
    userCall<T[]>(cfg, path).then(
      (l) => live && setList(l),
      () => live && setList("failed"),
    );
    return () => {
      live = false;
    };
  }, [owner, path, version]);
  return list;
}

function Empty({ visitor }: { visitor: boolean }) {
  const tx = useTexts();
  const { openScreen } = useView();
  return (
    <>
      <p className="ba-empty">{tx.none}</p>
      {visitor && openScreen ? (
        <button type="button" className="ba-button" onClick={() => openScreen("signIn")}>
          {tx.signIn}
        </button>
      ) : null}
    </>
  );
}

/** glovebox: the customer's documents and an upload from the phone. */
export function GloveboxScreen({ feature }: { feature: AnyFeature }) {
  const tx = useTexts();
  const c = inventoryConfig();
  const [version, setVersion] = useState(0);
  const list = useOwnList<GloveboxDocument>("/documents", version);
  const file = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState("registration");
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const visitor = !c?.user;

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!c?.user || !chosen) return;
    setBusy(true);
    setNote(null);
    try {
      const body = new FormData();
      body.append("file", chosen, chosen.name);
      const q = new URLSearchParams({ kind, ...(title.trim() ? { title: title.trim() } : {}) });
      await userCall(c, `/documents?${q}`, { method: "POST", body });
      setNote(tx.uploaded);
      setTitle("");
      if (file.current) file.current.value = "";
      setVersion((v) => v + 1);
    } catch (err) {
      setNote((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const open = async (d: GloveboxDocument) => {
    if (!c?.user) return;
    const res = await fetch(`${c.base}/mobile/users/${c.user.id}/documents/${d.id}/file`, {
      headers: { "x-app": c.appId, authorization: `Bearer ${c.user.token}` },
    });
    if (!res.ok) return;
    window.open(URL.createObjectURL(await res.blob()), "_blank", "noopener");
  };

  return (
    <Screen title={String(feature.title ?? "")} page="glovebox">
      {list === null ? (
        <p className="ba-note">{tx.loading}</p>
      ) : list === "failed" ? (
        <p className="ba-empty">{tx.failed}</p>
      ) : list.length === 0 ? (
        <Empty visitor={visitor} />
      ) : (
        <ul className="ba-rows">
          {list.map((d) => (
            <li key={d.id} className="ba-row">
              <span className="ba-row-text">
                <span>{d.title}</span>
                <span className="ba-staff-role">
                  {tx.kinds[d.kind as keyof typeof tx.kinds] ?? d.kind} · {d.createdAt.slice(0, 10)}
                </span>
              </span>
              <button type="button" className="ba-button ba-button-small" onClick={() => void open(d)}>
                {tx.open}
              </button>
            </li>
          ))}
        </ul>
      )}
      {visitor ? null : (
        <form className="ba-form" onSubmit={(e) => void upload(e)}>
          <h3 className="ba-group-title">{tx.add}</h3>
          <label className="ba-field">
            {tx.kind}
            <select value={kind} onChange={(e) => setKind(e.target.value)}>
              {Object.entries(tx.kinds).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="ba-field">
            {tx.title}
            <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <label className="ba-field">
            {tx.file}
            <input ref={file} type="file" accept="image/*,application/pdf" capture="environment" required />
          </label>
          {note ? (
            <p className="ba-note" role="status">
              {note}
            </p>
          ) : null}
          <button type="submit" className="ba-button" disabled={busy}>
            {tx.upload}
          </button>
        </form>
      )}
    </Screen>
  );
}

/** tca_contracts: the customer's service contracts and additional products. */
export function ContractsScreen({ feature }: { feature: AnyFeature }) {
  const tx = useTexts();
  const c = inventoryConfig();
  const list = useOwnList<ServiceContract>("/service-contracts");
  return (
    <Screen title={String(feature.title ?? "")} page="tca_contracts">
      {list === null ? (
        <p className="ba-note">{tx.loading}</p>
      ) : list === "failed" ? (
        <p className="ba-empty">{tx.failed}</p>
      ) : list.length === 0 ? (
        <Empty visitor={!c?.user} />
      ) : (
        <ul className="ba-rows">
          {list.map((k) => (
            <li key={k.id} className="ba-row">
              <span className="ba-row-text">
                <span>{k.product}</span>
                {k.provider ? (
                  <span className="ba-staff-role">
                    {tx.provider}: {k.provider}
                  </span>
                ) : null}
                {k.startDate || k.endDate ? (
                  <span className="ba-staff-role">
                    {tx.term}: {[k.startDate, k.endDate].filter(Boolean).join(" – ")}
                  </span>
                ) : null}
                {k.endMileage !== undefined ? (
                  <span className="ba-staff-role">
                    {tx.endMileage} {k.endMileage.toLocaleString("en-US")} mi
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
