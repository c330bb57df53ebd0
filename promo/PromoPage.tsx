import { useState } from "react";
import type { Promo, PromoItem } from "../schemas/index.ts";
import { textColorOn } from "./contrast.ts";
import { InlineTitle } from "./InlineTitle.tsx";
import { ItemEditor, type ItemErrors } from "./ItemEditor.tsx";
import { LOGO_WIDTHS, Picture } from "./images.tsx";
import { PromoIcon } from "./PromoIcon.tsx";
import type { PromoProps } from "./props.ts";
import { Simulator } from "./Simulator.tsx";
import { StoreButtons } from "./StoreButtons.tsx";
import { safeColor, safeHref } from "./safe.ts";
import { promoTexts } from "./texts.ts";

export type { PromoProps } from "./props.ts";

export interface FieldError {
  path: string;
  message: string;
}

/** Saving for the editable mode; rejects with `{ message, details: FieldError[] }` when the server refuses. */
export interface PromoEditor {
  save(promo: Promo): Promise<Promo>;
}

/** Field errors of one item, from the server's paths ("/items/2/title"). */
function errorsOfItem(details: FieldError[], index: number): ItemErrors {
  const out: ItemErrors = {};
  for (const d of details) {
    const m = /^\/items\/(\d+)\/(title|subtitle|icon)$/.exec(d.path);
    if (m && Number(m[1]) === index) out[m[2] as keyof ItemErrors] ??= d.message;
  }
  return out;
}

/**
 * The public promo page of one app (spec §2). With an `editor` (the app's Owner, a Manager or an Admin)
 * the title and every item can be changed in place.
 */
export function PromoPage(props: PromoProps & { editor?: PromoEditor }) {
  const { app, editor, language } = props;
  const t = promoTexts[language];
  const name = app.definition.name;
  const [promo, setPromo] = useState<Promo | null>(props.promo);
  const [editingItem, setEditingItem] = useState<number | null>(null);
  const [itemErrors, setItemErrors] = useState<ItemErrors>({});
  const [titleError, setTitleError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const logo = safeHref(app.definition.logo);

  const header = (
    <header className="promo-brand">
      {logo ? (
        <Picture
          className="promo-logo"
          src={logo}
          alt={t.logoAlt(name)}
          width={64}
          height={64}
          widths={LOGO_WIDTHS}
          sizes="64px"
        />
      ) : null}
      <h1>{name}</h1>
    </header>
  );

  if (!promo)
    return (
      <main className="promo">
        {header}
        <p className="promo-failed" role="alert">
          {t.failed}
        </p>
      </main>
    );

  /** Saves `next`; on refusal puts `previous` back and hands the field errors to `onErrors`. */
  const save = async (
    next: Promo,
    previous: Promo,
    onErrors: (details: FieldError[], message: string) => void,
  ) => {
    if (!editor) return false;
    setBusy(true);
    setStatus(t.saving);
    setPromo(next);
    try {
      setPromo(await editor.save(next));
      setStatus(t.saved);
      return true;
    } catch (e) {
      const err = e as { message: string; details?: FieldError[] };
      setPromo(previous);
      setStatus(err.message);
      onErrors(err.details ?? [], err.message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const saveTitle = (title: string) => {
    setTitleError(undefined);
    void save({ ...promo, title }, promo, (details, message) =>
      setTitleError(details.find((d) => d.path === "/title")?.message ?? message),
    );
  };

  const saveItem = async (index: number, item: PromoItem) => {
    setItemErrors({});
    const items = promo.items.map((it, i) => (i === index ? item : it));
    const ok = await save({ ...promo, items }, promo, (details, message) => {
      const errs = errorsOfItem(details, index);
      setItemErrors(Object.keys(errs).length ? errs : { title: message });
    });
    if (ok) setEditingItem(null);
  };

  const background = safeColor(promo.backgroundColor);
  const titleColor = safeColor(promo.titleColor);
  const iconColor = safeColor(promo.iconColor);
  const bottomLogo = safeHref(promo.bottomLogo);
  const poweredByUrl = safeHref(props.poweredBy?.url);
  const stores = <StoreButtons appleAppUrl={props.appleAppUrl} googleAppUrl={props.googleAppUrl} texts={t} />;

  return (
    <main className="promo" style={{ backgroundColor: background, color: textColorOn(background) }}>
      {header}
      {editor ? <p className="promo-editing">{t.editing}</p> : null}
      <section className="promo-hero">
        <div className="promo-intro">
          <InlineTitle
            value={promo.title}
            color={titleColor}
            texts={t}
            error={titleError}
            onCommit={editor ? saveTitle : undefined}
          />
          <p className="promo-download">{t.download(name)}</p>
          {stores}
          <figure className="promo-qr">
            <a href={props.appUrl}>
              <img src={props.qrDataUrl} alt={t.qrAlt(name)} width={160} height={160} />
            </a>
            <figcaption>{t.qrCaption}</figcaption>
          </figure>
        </div>
        <Simulator
          definition={app.definition}
          appId={props.appId}
          language={language}
          label={t.preview(name)}
        />
      </section>
      <section className="promo-features" aria-label={t.features}>
        <ul className="promo-items">
          {promo.items.map((item, i) => (
            // Items have no ids of their own; their position is what the owner edits.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={i} className="promo-item">
              {editingItem === i && editor ? (
                <ItemEditor
                  item={item}
                  iconColor={iconColor}
                  domainType={app.domainType}
                  errors={itemErrors}
                  busy={busy}
                  texts={t}
                  onSave={(next) => void saveItem(i, next)}
                  onCancel={() => {
                    setItemErrors({});
                    setEditingItem(null);
                  }}
                />
              ) : (
                <>
                  <PromoIcon icon={item.icon} color={iconColor} />
                  <div className="promo-item-text">
                    <h3>{item.title}</h3>
                    {item.subtitle ? <p>{item.subtitle}</p> : null}
                  </div>
                  {editor ? (
                    <button
                      type="button"
                      className="promo-edit"
                      aria-label={t.editItem(item.title)}
                      onClick={() => {
                        setItemErrors({});
                        setEditingItem(i);
                      }}
                    >
                      {t.edit}
                    </button>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <footer className="promo-footer">
        {stores}
        {bottomLogo ? (
          <Picture
            className="promo-bottom-logo"
            src={bottomLogo}
            alt={t.bottomLogoAlt(name)}
            width={160}
            height={48}
            widths={[192, 384]}
            sizes="160px"
            lazy
          />
        ) : null}
        {props.poweredBy && poweredByUrl ? (
          <p className="promo-powered">
            {`${t.poweredBy} `}
            <a href={poweredByUrl} rel="noopener">
              {props.poweredBy.name}
            </a>
          </p>
        ) : null}
      </footer>
      {editor ? (
        <p className="promo-status" role="status">
          {status}
        </p>
      ) : null}
    </main>
  );
}
