import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { type Actor, createActor, fromPromise } from "xstate";
import { isEventVisible } from "../../core/timeframe.ts";
import { redeemMachine } from "../../machines/redeem.ts";
import type { Coupon, Event, MobileApp } from "../../schemas/index.ts";
import type { WidgetProfile } from "../../sdk/client.ts";
import { translator } from "../../sdk/views/i18n.ts";
import { safeImage, safeUrl } from "../../sdk/views/safe-url.ts";
import { personalCoupons, visibleCoupons } from "../../sdk/views/screens/Coupons.tsx";
import type { EndUserOffers } from "../../sdk/views/types.ts";
import type { PortalClient } from "./api.ts";
import { InfoForm, SendOfferForm } from "./OfferForms.tsx";
import { BackButton } from "./Portal.tsx";
import { fill, longDate, type PortalLang, type PortalTexts } from "./texts.ts";
import { useMine } from "./useMine.ts";
import { type SavedOffers, useSavedOffers } from "./useSavedOffers.ts";

type User = { userId: string; token: string } | null;
type Offer = (Coupon | Event) & { link?: string };

/**
 * Coupons (All Coupons: the user's own specials first, then the app's) and Promotions (All Promotions), each
 * entry opening the special offer detail (spec §2): More Info (a promotion with a link), Print, Redeem with
 * its confirmation (machines/redeem.ts, the widget's flow), Save Offer (kept on the server for the signed-in
 * customer, with a Saved Offers filter on the list). Empty: 'Specials Coming Soon', 'Promotions Coming Soon'.
 */
export function Offers({
  kind,
  app,
  client,
  user,
  t,
  lang,
  profile,
  onSignIn,
}: {
  kind: "coupons" | "promotions";
  app: MobileApp;
  client: PortalClient;
  user: User;
  t: PortalTexts;
  lang: PortalLang;
  profile: WidgetProfile | null;
  onSignIn: () => void;
}) {
  const mine = useMine(user, client.widget.offers);
  const saved = useSavedOffers(client, app.appId, user);
  const [onlySaved, setOnlySaved] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const now = Date.now();
  const mineData: EndUserOffers | undefined = mine?.status === "ready" ? mine.data : undefined;
  const personal = kind === "coupons" ? personalCoupons(mineData, now) : [];
  const offers: Offer[] =
    kind === "coupons"
      ? [
          ...personal,
          ...visibleCoupons(app.definition.coupons, now).filter((c) => !personal.some((p) => p.id === c.id)),
        ]
      : (app.definition.events ?? []).filter((e) => isEventVisible(e, now));
  const open = offers.find((o) => o.id === openId);
  if (open)
    return (
      <OfferDetail
        offer={open}
        kind={kind}
        app={app}
        client={client}
        user={user}
        redeemed={!!mineData?.redeemed.includes(open.id)}
        t={t}
        lang={lang}
        profile={profile}
        personal={personal.some((p) => p.id === open.id)}
        saved={saved}
        onSignIn={onSignIn}
        onBack={() => setOpenId(null)}
      />
    );
  const personalIds = new Set(personal.map((p) => p.id));
  const vt = translator(lang);
  const savedIds = new Set(saved.ids ?? []);
  const shown = onlySaved ? offers.filter((o) => savedIds.has(o.id)) : offers;
  const allTitle = kind === "coupons" ? t.allCoupons : t.allPromotions;
  return (
    <div className="pt-card">
      <h3>{onlySaved ? t.savedOffers : allTitle}</h3>
      {user && offers.length ? (
        <fieldset className="pt-subtabs">
          <legend className="pt-sr">{t.showOffers}</legend>
          <button
            type="button"
            className="pt-tab"
            aria-pressed={!onlySaved}
            onClick={() => setOnlySaved(false)}
          >
            {allTitle}
          </button>
          <button
            type="button"
            className="pt-tab"
            aria-pressed={onlySaved}
            onClick={() => setOnlySaved(true)}
          >
            {t.savedOffers}
            {saved.ids ? ` (${offers.filter((o) => savedIds.has(o.id)).length})` : ""}
          </button>
        </fieldset>
      ) : null}
      {saved.error ? (
        <p className="pt-error" role="alert">
          {saved.error}
        </p>
      ) : null}
      {onlySaved && !shown.length ? (
        <p className="pt-empty">{saved.ids ? t.noSavedOffers : t.loading}</p>
      ) : shown.length ? (
        <ul className="pt-offers">
          {shown.map((o) => {
            const image = safeImage(o.image);
            return (
              <li key={o.id}>
                <button type="button" className="pt-offer" onClick={() => setOpenId(o.id)}>
                  {image ? <img src={image} alt="" className="pt-offer-image" /> : null}
                  <span className="pt-offer-text">
                    {personalIds.has(o.id) ? <span className="pt-tag">{vt("offers.justForYou")}</span> : null}
                    {savedIds.has(o.id) ? <span className="pt-tag pt-tag-saved">{t.savedOffer}</span> : null}
                    <span className="pt-row-title">{o.title}</span>
                    {o.to && !o.hideDates ? (
                      <span className="pt-row-meta">
                        {fill(t.validUntil, { date: longDate(lang, o.to) })}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="pt-empty">{kind === "coupons" ? t.specialsSoon : t.promotionsSoon}</p>
      )}
    </div>
  );
}

function OfferDetail({
  offer,
  kind,
  app,
  client,
  user,
  redeemed,
  t,
  lang,
  profile,
  personal,
  saved,
  onSignIn,
  onBack,
}: {
  offer: Offer;
  kind: "coupons" | "promotions";
  app: MobileApp;
  client: PortalClient;
  user: User;
  redeemed: boolean;
  t: PortalTexts;
  lang: PortalLang;
  profile: WidgetProfile | null;
  /** One of the customer's own specials: not sent to others. */
  personal: boolean;
  /** The customer's saved offers (Save Offer), kept on the server. */
  saved: SavedOffers;
  onSignIn: () => void;
  onBack: () => void;
}) {
  const [panel, setPanel] = useState<"info" | "send" | null>(null);
  const vt = translator(lang);
  const image = safeImage(offer.image);
  const link = kind === "promotions" ? safeUrl(offer.link) : undefined;
  const isSaved = !!saved.ids?.includes(offer.id);
  const toggleSave = () => (user ? void saved.toggle(offer.id) : onSignIn());
  return (
    <article className="pt-card pt-detail pt-offer-detail" aria-labelledby="pt-detail-title">
      <BackButton label={t.back} onClick={onBack} />
      {image ? <img className="pt-detail-image" src={image} alt="" /> : null}
      <h3 id="pt-detail-title" className="pt-detail-title">
        {offer.title}
      </h3>
      {offer.to && !offer.hideDates ? (
        <p className="pt-muted">{fill(t.validUntil, { date: longDate(lang, offer.to) })}</p>
      ) : null}
      {offer.description ? <p className="pt-detail-desc">{offer.description}</p> : null}
      <dl className="pt-facts pt-print-only">
        <div className="pt-fact">
          <dt>{t.offerCode}</dt>
          <dd>{offer.id.slice(0, 8).toUpperCase()}</dd>
        </div>
        <div className="pt-fact">
          <dt>{t.dealer}</dt>
          <dd>{app.definition.name}</dd>
        </div>
      </dl>
      <div className="pt-actions pt-no-print">
        {link ? (
          <a className="pt-button pt-secondary" href={link} target="_blank" rel="noopener noreferrer">
            {t.moreInfo}
          </a>
        ) : null}
        <button type="button" className="pt-button pt-secondary" onClick={() => print()}>
          {t.print}
        </button>
        <button
          type="button"
          className="pt-button pt-secondary"
          aria-pressed={isSaved}
          disabled={!!user && !saved.ids}
          onClick={toggleSave}
        >
          {isSaved ? t.savedOffer : t.saveOffer}
        </button>
        {personal ? null : (
          <button
            type="button"
            className="pt-button pt-secondary"
            aria-expanded={panel === "send"}
            onClick={() => (user ? setPanel(panel === "send" ? null : "send") : onSignIn())}
          >
            {t.sendOffer}
          </button>
        )}
        <button
          type="button"
          className="pt-button pt-secondary"
          aria-expanded={panel === "info"}
          onClick={() => setPanel(panel === "info" ? null : "info")}
        >
          {t.interested}
        </button>
      </div>
      {saved.error ? (
        <p className="pt-error pt-no-print" role="alert">
          {saved.error}
        </p>
      ) : null}
      {panel === "info" ? (
        <InfoForm
          offerId={offer.id}
          client={client}
          user={user}
          profile={profile}
          t={t}
          onClose={() => setPanel(null)}
        />
      ) : null}
      {panel === "send" && user ? (
        <SendOfferForm offerId={offer.id} client={client} user={user} t={t} onClose={() => setPanel(null)} />
      ) : null}
      {kind === "coupons" ? (
        <Redeem
          key={`${offer.id}:${user?.userId ?? ""}:${redeemed}`}
          offer={offer}
          client={client}
          user={user}
          redeemed={redeemed}
          vt={vt}
          t={t}
          lang={lang}
          onSignIn={onSignIn}
        />
      ) : null}
    </article>
  );
}

/** Redeem, its confirmation and its outcome: the widget's redeem machine with the portal's calls. */
function Redeem({
  offer,
  client,
  user,
  redeemed,
  vt,
  t,
  lang,
  onSignIn,
}: {
  offer: Offer;
  client: PortalClient;
  user: User;
  redeemed: boolean;
  vt: ReturnType<typeof translator>;
  t: PortalTexts;
  lang: PortalLang;
  onSignIn: () => void;
}) {
  const actor = useMemo<Actor<typeof redeemMachine>>(() => {
    const machine = redeemMachine.provide({
      actors: {
        redeem: fromPromise(async () => {
          if (!user) throw Object.assign(new Error("Unknown error"), { status: 401 });
          return client.widget.redeem(user.userId, user.token, {
            offerId: offer.id,
            ...("personalizedSpecialId" in offer && typeof offer.personalizedSpecialId === "string"
              ? { personalizedSpecialId: offer.personalizedSpecialId }
              : {}),
          });
        }),
      },
      actions: { openSignIn: () => onSignIn() },
    });
    return createActor(machine, { input: { signedIn: !!user, redeemed } });
  }, [client, offer, user, redeemed, onSignIn]);
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const snap = useSyncExternalStore(
    (l) => {
      const s = actor.subscribe(l);
      return () => s.unsubscribe();
    },
    () => actor.getSnapshot(),
  );
  const state = String(snap.value);
  // The confirmation takes the focus, so the keyboard lands on its answer.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state === "confirming") confirmRef.current?.focus();
  }, [state]);
  if (state === "redeemed")
    return (
      <p className="pt-redeemed" role="status">
        <strong>{vt("offers.redeemed")}</strong>
        {snap.context.redeemedAt ? ` · ${longDate(lang, snap.context.redeemedAt)}` : ""}
      </p>
    );
  if (state === "alreadyRedeemed")
    return (
      <p className="pt-redeemed" role="status">
        {vt("offers.alreadyRedeemed")}
      </p>
    );
  if (state === "confirming" || state === "redeeming")
    return (
      <div
        className="pt-confirm"
        role="alertdialog"
        aria-labelledby="pt-confirm-title"
        aria-describedby="pt-confirm-text"
      >
        <p id="pt-confirm-title" className="pt-confirm-title">
          {vt("offers.confirmTitle")}
        </p>
        <p id="pt-confirm-text">{vt("offers.confirmText")}</p>
        <div className="pt-actions">
          <button
            type="button"
            className="pt-button"
            aria-disabled={state === "redeeming"}
            onClick={() => actor.send({ type: "redeem.confirm" })}
            ref={confirmRef}
          >
            {state === "redeeming" ? vt("offers.redeeming") : t.redeem}
          </button>
          <button
            type="button"
            className="pt-button pt-secondary"
            onClick={() => actor.send({ type: "redeem.cancel" })}
          >
            {vt("offers.notNow")}
          </button>
        </div>
      </div>
    );
  return (
    <div className="pt-actions pt-no-print">
      {state === "failed" ? (
        <p className="pt-error" role="alert">
          {snap.context.error ?? vt("offers.failed")}
        </p>
      ) : null}
      <button
        type="button"
        className="pt-button"
        onClick={() => actor.send(state === "failed" ? { type: "redeem.retry" } : { type: "redeem.start" })}
      >
        {state === "failed" ? vt("offers.retry") : t.redeem}
      </button>
    </div>
  );
}
