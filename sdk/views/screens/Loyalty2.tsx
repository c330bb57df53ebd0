import { useId, useState } from "react";
import { endsInText } from "../../../core/dates.ts";
import { LOYALTY_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import type { LoyaltyProgram } from "../../../schemas/index.ts";
import { isVisitorMode, useView } from "../context.ts";
import { referralExpiryText } from "../dates.ts";
import type { Lang, Translate } from "../i18n.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature, LoyaltyDisplay, PointsAccount } from "../types.ts";
import { Collapse } from "../ui/Collapse.tsx";
import { Empty, Screen } from "../ui/Screen.tsx";
import { useEndUserData } from "./end-user-data.ts";

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

const DAY_MS = 86400000;

/**
 * When earned points expire (spec §3 Loyalty display, 'expires-on/in'): within 30 days 'expires in 12 days',
 * later 'expires on June 1st 2027'; nothing once past (the ledger then has its 'Expired' entry).
 */
export function expiryText(
  expires: string | number,
  now: number,
  { t, lang, timeZone }: { t: Translate; lang: Lang; timeZone?: string },
): string {
  const at = typeof expires === "number" ? expires : Date.parse(expires);
  if (!Number.isFinite(at) || at <= now) return "";
  if (at - now <= 30 * DAY_MS)
    return endsInText(at, now, { locale: lang, labels: { from: "", endsIn: t("loyalty.expiresIn") } });
  return t("loyalty.expiresOn", { date: referralExpiryText(at, { locale: lang, timeZone }) });
}

/**
 * The signed-in user's ledger (GET /mobile/users/{userId}/points) as the screen draws it: Current Points,
 * Current Value (the value is in cents; conversion rate 1 is loyalty dollars, spec §9), the expiry period,
 * how to earn (the program's caps), the rewards to spend on, the history (earn, spend, expire), milestones,
 * the rewards the balance covers now, and the terms.
 */
export function pointsDisplay(account: PointsAccount, t: Translate): LoyaltyDisplay {
  const caps = account.caps ?? {};
  const earn = [
    { title: t("loyalty.howToEarn") },
    ...(
      [
        ["maxPerVisit", caps.maxPerVisit],
        ["dailyCap", caps.daily],
        ["monthlyCap", caps.monthly],
        ["annualCap", caps.annual],
        ["balanceLimit", caps.balanceLimit],
      ] as const
    )
      .filter(([, n]) => typeof n === "number" && n > 0)
      .map(([key, n]) => ({ title: t(`loyalty.${key}`, { count: n as number }) })),
  ];
  const kinds = { earn: "earned", spend: "redeemed", expire: "expired" } as const;
  const rewards = account.rewards ?? [];
  return {
    currentPoints: account.balance,
    currentValue: account.value / 100,
    expiryPeriod: account.expiryDays ? t("loyalty.expiryDays", { count: account.expiryDays }) : undefined,
    history: account.history.map((h) => ({
      kind: kinds[h.kind],
      points: h.amount,
      time: h.createdAt,
      expires: h.kind === "earn" && h.expiresAt ? h.expiresAt : undefined,
    })),
    milestones: (account.milestones ?? []).map((m) => ({ title: m.title, points: m.points })),
    rewards: {
      earn,
      spend: rewards.map((r) => ({ title: r.title, points: r.points })),
      current: rewards
        .filter((r) => r.points <= account.balance)
        .map((r) => ({ title: r.title, points: r.points })),
    },
    terms: account.terms ?? undefined,
  };
}

/** A visitor's program: no balance, and 'Sign in for special offers' (with Sign In where the surface has it). */
function SignInPrompt() {
  const { t, openScreen } = useView();
  return (
    <div className="ba-confirm">
      <p className="ba-confirm-title">{t("offers.signInPrompt")}</p>
      {openScreen ? (
        <button type="button" className="ba-button" onClick={() => openScreen("signIn")}>
          {t("offers.signIn")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One loyalty program (page loyalty2, spec §2 Loyalty screen): Current Points, Current Value, the expiry
 * period, Earn and Spend tabs, then History, Milestones, Current Rewards and Terms & Conditions as
 * collapsible panels. Figures come from the rewards service through the sdk; the preview shows zeros.
 */
export function LoyaltyProgramScreen({ program, title }: { program: LoyaltyProgram; title?: string }) {
  const { t, lang, data, timeZone, now, mode, endUser, onInstallApp } = useView();
  const given = data.loyalty?.[program.id];
  // The signed-in user's ledger, unless the surface hands over the program's figures itself.
  const [points, reload] = useEndUserData(given ? null : endUser, (a) => a.points());
  const account = points.status === "ready" ? points.data : undefined;
  // A visitor (signed out, promo) sees the program without a balance; the builder's preview shows zeros.
  const visitor = !given && !endUser && isVisitorMode(mode);
  const display = given ?? (account ? pointsDisplay(account, t) : EMPTY_DISPLAY);
  const image = safeImage(program.image);
  const money = new Intl.NumberFormat(lang, { style: "currency", currency: "USD" }).format(
    display.currentValue ?? 0,
  );
  const nextExpiry = account?.nextExpiry;
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
        {visitor ? (
          <SignInPrompt />
        ) : points.status === "loading" ? (
          <p className="ba-status" role="status">
            {t("common.loading")}
          </p>
        ) : points.status === "error" ? (
          <div className="ba-confirm">
            <p className="ba-error" role="alert">
              {t("loyalty.pointsError")}
            </p>
            <button type="button" className="ba-button" onClick={reload}>
              {t("loyalty.retry")}
            </button>
          </div>
        ) : (
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
        )}
        {display.expiryPeriod ? (
          <p className="ba-note">{t("loyalty.expire", { period: display.expiryPeriod })}</p>
        ) : null}
        {nextExpiry && nextExpiry.points > 0 ? (
          <p className="ba-note">
            {t("loyalty.nextExpiry", {
              points: nextExpiry.points,
              date: referralExpiryText(nextExpiry.on, { locale: lang, timeZone }),
            })}
          </p>
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
                  {display.history.map((h, i) => {
                    const expires = h.expires ? expiryText(h.expires, now, { t, lang, timeZone }) : "";
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: history entries come without ids
                      <li key={i} className="ba-row">
                        <span className="ba-row-text">
                          {historyLabel[h.kind]} · {referralExpiryText(h.time, { locale: lang, timeZone })}
                          {expires ? ` · ${expires}` : ""}
                        </span>
                        <span>{t("loyalty.points", { count: h.points })}</span>
                      </li>
                    );
                  })}
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
