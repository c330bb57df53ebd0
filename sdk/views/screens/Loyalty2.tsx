import { useId, useState } from "react";
import { LOYALTY_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import type { LoyaltyProgram } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { referralExpiryText } from "../dates.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature, LoyaltyDisplay } from "../types.ts";
import { Collapse } from "../ui/Collapse.tsx";
import { Empty, Screen } from "../ui/Screen.tsx";

type Reward = { title: string; points?: number };

function Rewards({ items }: { items?: Reward[] }) {
  const { t } = useView();
  if (!items?.length) return <Empty text={t("loyalty.historyEmpty")} />;
  return (
    <ul className="ba-rows">
      {items.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rewards come without ids
        <li key={i} className="ba-row">
          <span className="ba-row-text">{r.title}</span>
          {r.points !== undefined ? <span>{t("loyalty.points", { count: r.points })}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Earn and Spend as tabs (spec §2 Loyalty screen), with arrow-key movement as the ARIA pattern asks. */
function EarnSpendTabs({ display }: { display: LoyaltyDisplay }) {
  const { t } = useView();
  const id = useId();
  const [tab, setTab] = useState<"earn" | "spend">("earn");
  const tabs = [
    { key: "earn" as const, label: t("loyalty.earn"), items: display.rewards?.earn },
    { key: "spend" as const, label: t("loyalty.spend"), items: display.rewards?.spend },
  ];
  return (
    <div className="ba-tabs">
      <div role="tablist" aria-label={`${t("loyalty.earn")} / ${t("loyalty.spend")}`} className="ba-tablist">
        {tabs.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            id={`${id}-${x.key}`}
            aria-selected={tab === x.key}
            aria-controls={`${id}-${x.key}-panel`}
            tabIndex={tab === x.key ? 0 : -1}
            className="ba-tab"
            onClick={() => setTab(x.key)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") setTab(tab === "earn" ? "spend" : "earn");
            }}
          >
            {x.label}
          </button>
        ))}
      </div>
      {tabs.map((x) =>
        tab === x.key ? (
          <div key={x.key} role="tabpanel" id={`${id}-${x.key}-panel`} aria-labelledby={`${id}-${x.key}`}>
            <h3 className="ba-section-title">
              {t(x.key === "earn" ? "loyalty.earnRewards" : "loyalty.spendRewards")}
            </h3>
            <Rewards items={x.items} />
          </div>
        ) : null,
      )}
    </div>
  );
}

const EMPTY_DISPLAY: LoyaltyDisplay = { currentPoints: 0, currentValue: 0 };

/**
 * One loyalty program (page loyalty2, spec §2 Loyalty screen): Current Points, Current Value, the expiry
 * period, Earn and Spend tabs, then History, Milestones, Current Rewards and Terms & Conditions as
 * collapsible panels. Figures come from the rewards service through the sdk; the preview shows zeros.
 */
export function LoyaltyProgramScreen({ program, title }: { program: LoyaltyProgram; title?: string }) {
  const { t, lang, data, timeZone, onInstallApp } = useView();
  const display = data.loyalty?.[program.id] ?? EMPTY_DISPLAY;
  const image = safeImage(program.image);
  const money = new Intl.NumberFormat(lang, { style: "currency", currency: "USD" }).format(
    display.currentValue,
  );
  const historyLabel = {
    earned: t("loyalty.earned"),
    redeemed: t("loyalty.redeemed"),
    expired: t("loyalty.expired"),
  };
  return (
    <Screen title={title || program.title} page="loyalty2">
      <article className="ba-detail">
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        <h3 className="ba-detail-title">{program.title}</h3>
        {program.description ? (
          <p className="ba-detail-desc">{truncate(program.description, LOYALTY_DESCRIPTION_MAX)}</p>
        ) : null}
        <dl className="ba-stats">
          <div>
            <dt>{t("loyalty.currentPoints")}</dt>
            <dd>{display.currentPoints}</dd>
          </div>
          <div>
            <dt>{t("loyalty.currentValue")}</dt>
            <dd>{money}</dd>
          </div>
        </dl>
        {display.expiryPeriod ? (
          <p className="ba-note">{t("loyalty.expire", { period: display.expiryPeriod })}</p>
        ) : null}
        {onInstallApp ? (
          <button type="button" className="ba-button ba-button-secondary" onClick={onInstallApp}>
            {t("loyalty.install")}
          </button>
        ) : null}
        <EarnSpendTabs display={display} />
        <Collapse
          items={[
            {
              key: "history",
              title: t("loyalty.history"),
              content: display.history?.length ? (
                <ul className="ba-rows">
                  {display.history.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: history entries come without ids
                    <li key={i} className="ba-row">
                      <span className="ba-row-text">
                        {historyLabel[h.kind]} · {referralExpiryText(h.time, { locale: lang, timeZone })}
                      </span>
                      <span>{t("loyalty.points", { count: h.points })}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty text={t("loyalty.historyEmpty")} />
              ),
            },
            {
              key: "milestones",
              title: t("loyalty.milestones"),
              content: <Rewards items={display.milestones} />,
            },
            {
              key: "current",
              title: t("loyalty.currentRewards"),
              content: <Rewards items={display.rewards?.current} />,
            },
            {
              key: "terms",
              title: t("loyalty.terms"),
              content: display.terms ? (
                <p className="ba-terms">{display.terms}</p>
              ) : (
                <Empty text={t("loyalty.historyEmpty")} />
              ),
            },
          ]}
        />
      </article>
    </Screen>
  );
}

/** spec §2 Loyalty list: 'No Loyalty Programs' when empty; exactly one program opens directly. */
export function LoyaltyProgramsScreen({ feature }: { feature: AnyFeature }) {
  const { t, navigate } = useView();
  const programs = (feature.programs as LoyaltyProgram[] | undefined) ?? [];
  const title = (feature.headerTitle as string) || feature.title || t("loyalty.programs");
  if (programs.length === 1) return <LoyaltyProgramScreen program={programs[0]} title={title} />;
  return (
    <Screen title={title} page="loyalty">
      {programs.length === 0 ? (
        <Empty text={t("loyalty.empty")} />
      ) : (
        <ul className="ba-list">
          {programs.map((p) => {
            const image = safeImage(p.image);
            return (
              <li key={p.id}>
                <button
                  type="button"
                  className="ba-card"
                  onClick={() => navigate({ page: "loyalty2", featureId: feature.id, itemId: p.id })}
                >
                  {image ? <img className="ba-card-image" src={image} alt="" /> : null}
                  <span className="ba-card-text">
                    <span className="ba-card-title">{p.title}</span>
                    {p.description ? (
                      <span className="ba-card-desc">{truncate(p.description, LOYALTY_DESCRIPTION_MAX)}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
}
