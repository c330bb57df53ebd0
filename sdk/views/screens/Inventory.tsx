import { type FormEvent, useCallback, useEffect, useState } from "react";
import type {
  FacetCount,
  InventoryResults,
  InventorySearch,
  InventoryVehicle,
} from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";
import { type InventoryConfig, inventoryConfig } from "./InventoryRegister.tsx";

/** The screens' words (the widget speaks English and Spanish). */
const TEXTS = {
  en: {
    search: "Search",
    searchPlaceholder: "Make, model, year",
    make: "Make",
    anyMake: "All makes",
    maxPrice: "Max price",
    sort: "Sort",
    newest: "Newest",
    priceAsc: "Price: low to high",
    priceDesc: "Price: high to low",
    results: (n: number) => (n === 1 ? "1 vehicle" : `${n} vehicles`),
    none: "No Records",
    noMatch: "No vehicles match your search",
    loading: "Loading…",
    failed: "The inventory could not be loaded. Try again later.",
    back: "Back to results",
    save: "Save vehicle",
    saved: "Saved",
    mileage: "Mileage",
    price: "Price",
    contact: "Contact us about this vehicle",
    name: "Name",
    email: "Email",
    phone: "Phone",
    comments: "Comments",
    send: "Send",
    needContact: "Enter an e-mail or a phone number",
    thanks: "Thank you! We will contact you soon.",
    previous: "Previous photo",
    next: "Next photo",
    photo: (i: number, n: number) => `Photo ${i} of ${n}`,
    favoritesEmpty: "No saved vehicles yet. Save vehicles from the inventory to find them here.",
    more: "More",
  },
  es: {
    search: "Buscar",
    searchPlaceholder: "Marca, modelo, año",
    make: "Marca",
    anyMake: "Todas las marcas",
    maxPrice: "Precio máximo",
    sort: "Ordenar",
    newest: "Más recientes",
    priceAsc: "Precio: de menor a mayor",
    priceDesc: "Precio: de mayor a menor",
    results: (n: number) => (n === 1 ? "1 vehículo" : `${n} vehículos`),
    none: "Sin registros",
    noMatch: "Ningún vehículo coincide con su búsqueda",
    loading: "Cargando…",
    failed: "No se pudo cargar el inventario. Inténtelo más tarde.",
    back: "Volver a los resultados",
    save: "Guardar vehículo",
    saved: "Guardado",
    mileage: "Millaje",
    price: "Precio",
    contact: "Contáctenos sobre este vehículo",
    name: "Nombre",
    email: "Correo electrónico",
    phone: "Teléfono",
    comments: "Comentarios",
    send: "Enviar",
    needContact: "Ingrese un correo electrónico o un teléfono",
    thanks: "¡Gracias! Nos pondremos en contacto pronto.",
    previous: "Foto anterior",
    next: "Foto siguiente",
    photo: (i: number, n: number) => `Foto ${i} de ${n}`,
    favoritesEmpty: "Aún no hay vehículos guardados. Guarde vehículos del inventario para verlos aquí.",
    more: "Más",
  },
};
type Texts = (typeof TEXTS)["en"];

const STYLES = `
.ba-root .ba-inv-filters{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 12px}
.ba-root .ba-inv-filters label{display:flex;flex-direction:column;font-size:12px;color:#4b5563;flex:1 1 120px}
.ba-root .ba-inv-filters input,.ba-root .ba-inv-filters select,.ba-root .ba-inv-form input,.ba-root .ba-inv-form textarea{font:inherit;padding:8px;border:1px solid #c7ccd4;border-radius:6px;min-height:40px;box-sizing:border-box;width:100%}
.ba-root .ba-inv-list{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.ba-root .ba-inv-card{display:flex;gap:10px;width:100%;text-align:left;background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:8px;cursor:pointer;font:inherit;color:inherit}
.ba-root .ba-inv-card img,.ba-root .ba-inv-noimg{width:96px;height:72px;object-fit:cover;border-radius:6px;background:#eef0f3;flex:none}
.ba-root .ba-inv-card-text{display:flex;flex-direction:column;gap:2px}
.ba-root .ba-inv-title{font-weight:600}
.ba-root .ba-inv-price{font-weight:700;color:#111827}
.ba-root .ba-inv-sub{color:#4b5563;font-size:13px}
.ba-root .ba-inv-gallery{position:relative}
.ba-root .ba-inv-gallery img{width:100%;max-height:240px;object-fit:cover;border-radius:10px}
.ba-root .ba-inv-gallery-nav{display:flex;justify-content:space-between;align-items:center;margin:6px 0}
.ba-root .ba-inv-specs{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}
.ba-root .ba-inv-specs dt{color:#4b5563}
.ba-root .ba-inv-specs dd{margin:0}
.ba-root .ba-inv-form{display:grid;gap:8px;margin-top:12px}
.ba-root .ba-inv-form label{display:flex;flex-direction:column;font-size:13px;gap:2px}
.ba-root .ba-inv-error{color:#b42318;margin:0}
`;

const money = (n: number | undefined) =>
  n === undefined
    ? ""
    : n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const miles = (n: number | undefined) => (n === undefined ? "" : `${n.toLocaleString("en-US")} mi`);
const titleOf = (v: InventoryVehicle) => [v.year, v.make, v.model, v.trim].filter(Boolean).join(" ");

async function call<T>(
  c: InventoryConfig,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const res = await fetch(`${c.base}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-app": c.appId,
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const body = (await res.json().catch(() => ({}))) as { data?: T; error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? "Unknown error");
  return body.data as T;
}

/** Saved vehicles: on the server for a signed-in user, in this browser for an anonymous visitor. */
const localKey = (appId: string) => `brand-app:inventory-favorites:${appId}`;
function readLocal(appId: string): string[] {
  try {
    const ids = JSON.parse(localStorage.getItem(localKey(appId)) ?? "[]");
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}
const writeLocal = (appId: string, ids: string[]) => {
  try {
    localStorage.setItem(localKey(appId), JSON.stringify(ids.slice(0, 500)));
  } catch {
    // storage full or blocked: the favourite lasts this visit only
  }
};

async function favoriteVehicles(c: InventoryConfig): Promise<InventoryVehicle[]> {
  if (c.user)
    return call<InventoryVehicle[]>(c, `/mobile/users/${c.user.id}/inventory-favorites`, {
      token: c.user.token,
    });
  const ids = readLocal(c.appId);
  const found = await Promise.all(
    ids.map((id) =>
      call<InventoryVehicle>(c, `/mobile/inventory/${encodeURIComponent(id)}`).catch(() => null),
    ),
  );
  return found.filter((v): v is InventoryVehicle => v !== null);
}

async function setFavorite(c: InventoryConfig, vehicleId: string, on: boolean): Promise<void> {
  if (c.user) {
    await call<boolean>(c, `/mobile/users/${c.user.id}/inventory-favorites/${vehicleId}`, {
      method: on ? "PUT" : "DELETE",
      token: c.user.token,
    });
  } else {
    const ids = readLocal(c.appId).filter((id) => id !== vehicleId);
    writeLocal(c.appId, on ? [vehicleId, ...ids] : ids);
  }
  if (on) c.track("inventory_favorite", { inventoryId: vehicleId });
}

function useTexts(): Texts {
  const { lang } = useView();
  return lang === "es" ? TEXTS.es : TEXTS.en;
}

function VehicleCard({ v, onOpen }: { v: InventoryVehicle; onOpen: () => void }) {
  const photo = safeImage(v.photos?.[0]);
  return (
    <li>
      <button type="button" className="ba-inv-card" onClick={onOpen}>
        {photo ? <img src={photo} alt="" /> : <span className="ba-inv-noimg" />}
        <span className="ba-inv-card-text">
          <span className="ba-inv-title">{titleOf(v)}</span>
          {v.price !== undefined ? <span className="ba-inv-price">{money(v.price)}</span> : null}
          <span className="ba-inv-sub">{[miles(v.mileage), v.status].filter(Boolean).join(" · ")}</span>
        </span>
      </button>
    </li>
  );
}

/** inventory: search, make and price filters, sort, results with photo, price and mileage. */
export function InventoryScreen({ feature }: { feature: AnyFeature }) {
  const tx = useTexts();
  const c = inventoryConfig();
  const [draft, setDraft] = useState("");
  const [filter, setFilter] = useState<InventorySearch>({ sort: "newest", page: 1, pageSize: 20 });
  const [results, setResults] = useState<InventoryResults | null>(null);
  const [items, setItems] = useState<InventoryVehicle[]>([]);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  const appId = c?.appId;
  useEffect(() => {
    const cfg = inventoryConfig();
    if (!cfg || cfg.appId !== appId) return;
    let live = true;
    setFailed(false);
    call<InventoryResults>(cfg, "/mobile/inventory/search", { method: "POST", body: filter }).then(
      (r) => {
        if (!live) return;
        setResults(r);
        setItems((prev) => (filter.page && filter.page > 1 ? [...prev, ...r.items] : r.items));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [appId, filter]);

  const title = String(feature.title ?? "");
  if (open)
    return (
      <Screen title={title} page="inventory_details">
        <VehicleDetails id={open} onBack={() => setOpen(null)} />
      </Screen>
    );
  const makes: FacetCount[] = results?.facets.makes ?? [];
  const set = (patch: Partial<InventorySearch>) => setFilter((f) => ({ ...f, page: 1, ...patch }));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ search: draft.trim() || undefined });
  };
  const filtered = Boolean(filter.search || filter.vehicleMakes?.length || filter.priceTo !== undefined);
  return (
    <Screen title={title} page="inventory">
      <style>{STYLES}</style>
      <form className="ba-inv-filters" onSubmit={onSearch}>
        <label>
          {tx.search}
          <input
            type="search"
            value={draft}
            placeholder={tx.searchPlaceholder}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <label>
          {tx.make}
          <select
            value={filter.vehicleMakes?.[0]?.name ?? ""}
            onChange={(e) => set({ vehicleMakes: e.target.value ? [{ name: e.target.value }] : undefined })}
          >
            <option value="">{tx.anyMake}</option>
            {makes.map((m) => (
              <option key={m.value} value={m.value}>
                {m.value} ({m.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          {tx.maxPrice}
          <input
            type="number"
            min={0}
            step={500}
            inputMode="numeric"
            value={filter.priceTo ?? ""}
            onChange={(e) =>
              set({ priceTo: e.target.value === "" ? undefined : Math.max(0, Number(e.target.value)) })
            }
          />
        </label>
        <label>
          {tx.sort}
          <select
            value={filter.sort}
            onChange={(e) => set({ sort: e.target.value as InventorySearch["sort"] })}
          >
            <option value="newest">{tx.newest}</option>
            <option value="price_asc">{tx.priceAsc}</option>
            <option value="price_desc">{tx.priceDesc}</option>
          </select>
        </label>
        <button type="submit" className="ba-button">
          {tx.search}
        </button>
      </form>
      {failed ? (
        <p className="ba-empty">{tx.failed}</p>
      ) : !results ? (
        <p className="ba-note">{tx.loading}</p>
      ) : results.total === 0 ? (
        <p className="ba-empty">{filtered ? tx.noMatch : tx.none}</p>
      ) : (
        <>
          <p className="ba-inv-sub" aria-live="polite">
            {tx.results(results.total)}
          </p>
          <ul className="ba-inv-list">
            {items.map((v) => (
              <VehicleCard key={v.id} v={v} onOpen={() => setOpen(v.id)} />
            ))}
          </ul>
          {items.length < results.total ? (
            <button
              type="button"
              className="ba-button ba-button-secondary"
              onClick={() => setFilter((f) => ({ ...f, page: (f.page ?? 1) + 1 }))}
            >
              {tx.more}
            </button>
          ) : null}
        </>
      )}
    </Screen>
  );
}

/** inventory_favorites: the vehicles saved on this device, or by the signed-in user. */
export function FavoritesScreen({ feature }: { feature: AnyFeature }) {
  const tx = useTexts();
  const c = inventoryConfig();
  const [list, setList] = useState<InventoryVehicle[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const owner = `${c?.appId}:${c?.user?.id ?? ""}`;
  const load = useCallback(() => {
    const cfg = inventoryConfig();
    if (cfg && owner === `${cfg.appId}:${cfg.user?.id ?? ""}`)
      favoriteVehicles(cfg).then(setList, () => setList([]));
  }, [owner]);
  useEffect(load, [load]);
  const title = String(feature.title ?? "");
  if (open)
    return (
      <Screen title={title} page="inventory_details">
        <VehicleDetails
          id={open}
          onBack={() => {
            setOpen(null);
            load();
          }}
        />
      </Screen>
    );
  return (
    <Screen title={title} page="inventory_favorites">
      <style>{STYLES}</style>
      {!list ? (
        <p className="ba-note">{tx.loading}</p>
      ) : list.length === 0 ? (
        <p className="ba-empty">{tx.favoritesEmpty}</p>
      ) : (
        <ul className="ba-inv-list">
          {list.map((v) => (
            <VehicleCard key={v.id} v={v} onOpen={() => setOpen(v.id)} />
          ))}
        </ul>
      )}
    </Screen>
  );
}

/** inventory_details: photo gallery, specs, save, and 'contact us about this vehicle' (a lead naming it). */
function VehicleDetails({ id, onBack }: { id: string; onBack: () => void }) {
  const tx = useTexts();
  const c = inventoryConfig();
  const [v, setV] = useState<InventoryVehicle | null>(null);
  const [failed, setFailed] = useState(false);
  const [photo, setPhoto] = useState(0);
  const [saved, setSaved] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({ name: "", email: "", phone: "", comments: "" });

  const appId = c?.appId;
  useEffect(() => {
    const cfg = inventoryConfig();
    if (!cfg || cfg.appId !== appId) return;
    let live = true;
    call<InventoryVehicle>(cfg, `/mobile/inventory/${encodeURIComponent(id)}`).then(
      (found) => {
        if (!live) return;
        setV(found);
        cfg.track("page_view", { page: "inventory_details", inventoryId: found.id });
      },
      () => live && setFailed(true),
    );
    favoriteVehicles(cfg).then(
      (list) => live && setSaved(list.some((f) => f.id === id)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [id, appId]);

  const back = (
    <button type="button" className="ba-button ba-button-secondary" onClick={onBack}>
      {tx.back}
    </button>
  );
  if (failed || !c)
    return (
      <div className="ba-inventory">
        {back}
        <p className="ba-empty">{tx.failed}</p>
      </div>
    );
  if (!v)
    return (
      <div className="ba-inventory">
        <p className="ba-note">{tx.loading}</p>
      </div>
    );
  const photos = (v.photos ?? []).map((p) => safeImage(p)).filter((p): p is string => Boolean(p));
  const specs: [string, string | number | undefined][] = [
    [tx.price, money(v.price)],
    [tx.mileage, miles(v.mileage)],
    ["VIN", v.vin],
    ["Stock #", v.stockNumber],
    ["Body", v.bodyStyle],
    ["Color", v.color],
    ["Transmission", v.transmission],
    ["Fuel", v.fuel],
    ["Status", v.status],
    ["Availability", v.availability],
    ["Location", v.location],
  ];
  const toggle = async () => {
    const next = !saved;
    setSaved(next);
    try {
      await setFavorite(c, v.id, next);
    } catch {
      setSaved(!next);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.email.trim() && !form.phone.trim()) return setError(tx.needContact);
    setBusy(true);
    setError(null);
    try {
      await call(c, `/mobile/inventory/${v.id}/leads`, {
        method: "POST",
        body: {
          name: form.name,
          ...(form.email.trim() ? { email: form.email.trim() } : {}),
          ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
          ...(form.comments.trim() ? { comments: form.comments.trim() } : {}),
          ...(c.user ? { userId: c.user.id } : {}),
        },
      });
      setSent(true);
      c.track("form_submit", { inventoryId: v.id, title: tx.contact });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const field = (key: "name" | "email" | "phone", label: string, type = "text") => (
    <label>
      {label}
      <input
        type={type}
        value={form[key]}
        required={key === "name"}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      />
    </label>
  );
  return (
    <div className="ba-inventory">
      <style>{STYLES}</style>
      {back}
      <h3 className="ba-inv-heading">{titleOf(v)}</h3>
      {photos.length ? (
        <div className="ba-inv-gallery">
          <img src={photos[photo]} alt={tx.photo(photo + 1, photos.length)} />
          {photos.length > 1 ? (
            <div className="ba-inv-gallery-nav">
              <button
                type="button"
                className="ba-button ba-button-secondary"
                aria-label={tx.previous}
                onClick={() => setPhoto((p) => (p + photos.length - 1) % photos.length)}
              >
                ‹
              </button>
              <span>{tx.photo(photo + 1, photos.length)}</span>
              <button
                type="button"
                className="ba-button ba-button-secondary"
                aria-label={tx.next}
                onClick={() => setPhoto((p) => (p + 1) % photos.length)}
              >
                ›
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      <button type="button" className="ba-button" aria-pressed={saved} onClick={() => void toggle()}>
        {saved ? tx.saved : tx.save}
      </button>
      <dl className="ba-inv-specs">
        {specs
          .filter(([, value]) => value !== undefined && value !== "")
          .map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {v.description ? <p>{v.description}</p> : null}
      <h3 className="ba-group-title">{tx.contact}</h3>
      {sent ? (
        <p className="ba-note" role="status">
          {tx.thanks}
        </p>
      ) : (
        <form className="ba-inv-form" onSubmit={(e) => void submit(e)}>
          {field("name", tx.name)}
          {field("email", tx.email, "email")}
          {field("phone", tx.phone, "tel")}
          <label>
            {tx.comments}
            <textarea
              value={form.comments}
              onChange={(e) => setForm((f) => ({ ...f, comments: e.target.value }))}
            />
          </label>
          {error ? (
            <p className="ba-inv-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="ba-button" disabled={busy}>
            {tx.send}
          </button>
        </form>
      )}
    </div>
  );
}
