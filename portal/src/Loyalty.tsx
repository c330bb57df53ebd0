import { useState } from "react";
import type { MobileApp } from "../../schemas/index.ts";
import { translator } from "../../sdk/views/i18n.ts";
import { pointsDisplay } from "../../sdk/views/screens/Loyalty2.tsx";
import type { PortalClient } from "./api.ts";
import { NoRecords } from "./Portal.tsx";
import { longDate, type PortalLang, type PortalTexts } from "./texts.ts";
import { useMine } from "./useMine.ts";

type User = { userId: string; token: string } | null;

/**
 * The loyalty screen (spec §2, the offers issue's points): Current Points, Current Value, the points-expire
 * period, Earn and Spend tabs, History (earned, redeemed, expired), Milestones, Current Rewards, Terms &
 * Conditions and Install (the app's page). The figures are the widget's own (Loyalty2's pointsDisplay).
 */
export function Loyalty({
  app,
  client,
  user,
  t,
  lang,
  onSignIn,
}: {
  app: MobileApp;
  client: PortalClient;
  user: User;
  t: PortalTexts;
  lang: PortalLang;
  onSignIn: () => void;
}) {
  const account = useMine(user, client.widget.points);
  const [tab, setTab] = useState<"earn" | "spend">("earn");
  const vt = translator(lang);
  if (!user)
    return (
      <div className="pt-card">
        <p>{t.signInFor}</p>
        <button type="button" className="pt-button" onClick={onSignIn}>
          {t.signIn}
        </button>
      </div>
    );
  if (!account || account.status === "loading")
    return (
      <p className="pt-muted" aria-busy="true">
        {t.loading}
      </p>
    );
  if (account.status === "error")
    return (
      <div className="pt-card">
        <NoRecords t={t} />
      </div>
    );
  const d = pointsDisplay(account.data, vt);
  const value = new Intl.NumberFormat(lang === "es" ? "es-US" : "en-US", {
    style: "currency",
    currency: "USD",
  }).format(d.currentValue);
  const list = (items: { title: string; points?: number }[] | undefined) =>
    items?.length ? (
      <ul className="pt-list">
        {items.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rewards may share a title; their order is the program's
          <li key={i} className="pt-reward">
            <span>{r.title}</span>
            {r.points !== undefined ? (
              <span className="pt-muted">{vt("loyalty.points", { count: r.points })}</span>
            ) : null}
          </li>
        ))}
      </ul>
    ) : (
      <NoRecords t={t} />
    );
  return (
    <div className="pt-columns">
      <section className="pt-card" aria-labelledby="pt-points-title">
        <h3 id="pt-points-title" className="pt-sr">
          {t.loyalty}
        </h3>
        <dl className="pt-facts">
          <div className="pt-fact">
            <dt>{vt("loyalty.currentPoints")}</dt>
            <dd className="pt-points">{d.currentPoints.toLocaleString(lang)}</dd>
          </div>
          <div className="pt-fact">
            <dt>{vt("loyalty.currentValue")}</dt>
            <dd>{value}</dd>
          </div>
        </dl>
        {d.expiryPeriod ? (
          <p className="pt-muted">{vt("loyalty.expire", { period: d.expiryPeriod })}</p>
        ) : null}
        <div role="tablist" className="pt-subtabs" aria-label={t.loyalty}>
          {(["earn", "spend"] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`pt-tab-${k}`}
              aria-selected={tab === k}
              aria-controls="pt-tab-panel"
              tabIndex={tab === k ? 0 : -1}
              className="pt-tab"
              onClick={() => setTab(k)}
              onKeyDown={(e) => {
                if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                  const next = k === "earn" ? "spend" : "earn";
                  setTab(next);
                  document.getElementById(`pt-tab-${next}`)?.focus();
                }
              }}
            >
              {vt(k === "earn" ? "loyalty.earn" : "loyalty.spend")}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="pt-tab-panel" aria-labelledby={`pt-tab-${tab}`}>
          <h4>{vt(tab === "earn" ? "loyalty.earnRewards" : "loyalty.spendRewards")}</h4>
          {list(tab === "earn" ? d.rewards?.earn : d.rewards?.spend)}
        </div>
        <h4>{vt("loyalty.currentRewards")}</h4>
        {list(d.rewards?.current)}
      </section>
      <section className="pt-card" aria-labelledby="pt-history-title">
        <h3 id="pt-history-title">{vt("loyalty.history")}</h3>
        {d.history?.length ? (
          <ul className="pt-list">
            {d.history.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the ledger's order is its own
              <li key={i} className="pt-reward">
                <span>
                  {vt(`loyalty.${h.kind}`)} · {longDate(lang, String(h.time))}
                </span>
                <span>{vt("loyalty.points", { count: h.points })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="pt-empty">{vt("loyalty.historyEmpty")}</p>
        )}
        <h3>{vt("loyalty.milestones")}</h3>
        {list(d.milestones)}
        {d.terms ? (
          <>
            <h3>{vt("loyalty.terms")}</h3>
            <p className="pt-detail-desc">{d.terms}</p>
          </>
        ) : null}
        <div className="pt-actions">
          <a className="pt-button pt-secondary" href={`/promo/${encodeURIComponent(app.appId)}`}>
            {vt("loyalty.install")}
          </a>
        </div>
      </section>
    </div>
  );
}
