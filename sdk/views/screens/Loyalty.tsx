import { type FormEvent, useId, useState } from "react";
import { LOYALTY_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import { LOYALTY_CODE_INPUT_MAX } from "../../../schemas/constants/index.ts";
import { isVisitorMode, useView } from "../context.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature, EndUserApi, LoyaltyCard } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { FeatureIcon } from "../ui/FeatureIcon.tsx";
import { MessageBox } from "../ui/MessageBox.tsx";
import { Screen } from "../ui/Screen.tsx";
import { useSubmit } from "../ui/useSubmit.tsx";
import { errorCode, errorDetails, useEndUserData } from "./end-user-data.ts";

/**
 * The circles of a stamp card (spec §2): stampNumber of them; with more than one, the first is drawn as
 * done (the sample a visitor sees before the first visit), the others carry their number.
 */
export function stampCircles(stampNumber: number): { n: number; done: boolean }[] {
  const count = Math.max(0, Math.floor(Number(stampNumber) || 0));
  return Array.from({ length: count }, (_, i) => ({ n: i + 1, done: i === 0 && count > 1 }));
}

/** The circles of the signed-in user's card: the first `stamps` of them collected. */
export function cardCircles(
  card: Pick<LoyaltyCard, "stamps" | "stampNumber">,
): { n: number; done: boolean }[] {
  const count = Math.max(0, Math.floor(Number(card.stampNumber) || 0));
  return Array.from({ length: count }, (_, i) => ({ n: i + 1, done: i < card.stamps }));
}

/** The card being filled: the newest one not completed yet (none yet: an empty card of the feature's size). */
export const currentCard = (cards: LoyaltyCard[]): LoyaltyCard | undefined =>
  cards.find((c) => !c.completedAt);

/** Minutes to wait, from the limit's details.retryAfterSeconds (at least 1). */
export const waitMinutes = (details: Record<string, unknown>): number => {
  const s = Number(details.retryAfterSeconds);
  return Number.isFinite(s) && s > 0 ? Math.ceil(s / 60) : 60;
};

type Outcome = { kind: "stamped" } | { kind: "full"; reward?: string } | { kind: "error"; message: string };

/** spec §2 Loyalty (stamp card): image, description, link, the circles, a code box and the Stamp card button. */
export function LoyaltyScreen({ feature }: { feature: AnyFeature }) {
  const { t, mode, endUser, openScreen } = useView();
  const image = safeImage(feature.image as string | undefined);
  const description = (feature.description as string | undefined) ?? "";
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || ""} page="loyalty">
      <article className="ba-detail">
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        {description ? (
          <p className="ba-detail-desc">{truncate(description, LOYALTY_DESCRIPTION_MAX)}</p>
        ) : null}
        <ExternalLink href={feature.link as string | undefined} className="ba-link">
          {(feature.linkText as string) || t("common.learnMore")}
        </ExternalLink>
        {endUser ? (
          <UserCard feature={feature} api={endUser} />
        ) : (
          <>
            <Stamps feature={feature} circles={stampCircles(feature.stampNumber as number)} />
            {isVisitorMode(mode) ? (
              <div className="ba-confirm">
                <p className="ba-confirm-title">{t("offers.signInPrompt")}</p>
                {openScreen ? (
                  <button type="button" className="ba-button" onClick={() => openScreen("signIn")}>
                    {t("offers.signIn")}
                  </button>
                ) : null}
              </div>
            ) : null}
            <PreviewCodeForm feature={feature} />
          </>
        )}
      </article>
    </Screen>
  );
}

function Stamps({ feature, circles }: { feature: AnyFeature; circles: { n: number; done: boolean }[] }) {
  const { t } = useView();
  const stampIcon = feature.stampIcon as string | undefined;
  return (
    <ol className="ba-stamps" aria-label={t("loyalty.stamps")}>
      {circles.map(({ n, done }) => (
        <li
          key={n}
          className={done ? "ba-stamp ba-stamp-done" : "ba-stamp"}
          aria-label={t(done ? "loyalty.stampDone" : "loyalty.stamp", { n })}
        >
          {done ? (
            stampIcon ? (
              <FeatureIcon icon={stampIcon} title="✓" />
            ) : (
              <span aria-hidden="true">✓</span>
            )
          ) : (
            <span aria-hidden="true">{n}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

function CodeForm({
  busy,
  onCode,
}: {
  busy: boolean;
  /** Resolves true when the code was taken (the box empties). */
  onCode: (code: string) => Promise<boolean>;
}) {
  const { t } = useView();
  const codeId = useId();
  const [code, setCode] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    if (await onCode(code.trim())) setCode("");
  };
  return (
    <form className="ba-form" onSubmit={submit}>
      <div className="ba-field">
        <label htmlFor={codeId}>{t("loyalty.code")}</label>
        <input
          id={codeId}
          className="ba-code"
          maxLength={LOYALTY_CODE_INPUT_MAX}
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
      </div>
      <button type="submit" className="ba-button" disabled={busy} aria-busy={busy}>
        {t("loyalty.stampCard")}
      </button>
    </form>
  );
}

/**
 * No end user (builder preview, promo, a signed-out visitor): the surface's onStamp if it has one; in the
 * widget the code asks to sign in first; otherwise nothing is sent.
 */
function PreviewCodeForm({ feature }: { feature: AnyFeature }) {
  const { t, onStamp, openScreen } = useView();
  const { busy, run, message } = useSubmit(t("loyalty.stamped"));
  const onCode = async (code: string) => {
    if (onStamp) return run(() => onStamp(feature, code));
    // A signed-out visitor of the widget: stamps need an account.
    openScreen?.("signIn");
    return false;
  };
  return (
    <>
      {message}
      <CodeForm busy={busy} onCode={onCode} />
    </>
  );
}

/**
 * The signed-in user's card (issue 12): the circles of the current card, the counter code stamps it; a full
 * card shows the feature's reward, then the new card. Wrong codes and the hourly limit say so.
 */
function UserCard({ feature, api }: { feature: AnyFeature; api: EndUserApi }) {
  const { t } = useView();
  const [cards, reload, setCards] = useEndUserData(api, (a) => a.loyaltyCards(feature.id), feature.id);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The card just filled stays on screen with its reward until the message is dismissed.
  const [full, setFull] = useState<LoyaltyCard | null>(null);
  if (cards.status === "loading" || cards.status === "none")
    return (
      <p className="ba-status" role="status">
        {t("common.loading")}
      </p>
    );
  if (cards.status === "error")
    return (
      <div className="ba-confirm">
        <p className="ba-error" role="alert">
          {t("loyalty.loadError")}
        </p>
        <button type="button" className="ba-button" onClick={reload}>
          {t("loyalty.retry")}
        </button>
      </div>
    );
  const list = cards.data;
  const size = Number(feature.stampNumber) || 0;
  const card = full ?? currentCard(list) ?? { stamps: 0, stampNumber: size };
  const stamp = async (code: string) => {
    if (busy) return false;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await api.stamp(feature.id, code);
      setCards([result.card, ...list.filter((c) => c.id !== result.card.id)]);
      setFull(result.completed ? result.card : null);
      setOutcome(result.completed ? { kind: "full", reward: result.reward } : { kind: "stamped" });
      return true;
    } catch (e) {
      const code = errorCode(e);
      const message =
        code === "StampCodeInvalid"
          ? t("loyalty.codeInvalid")
          : code === "StampCodeLimited"
            ? t("loyalty.codeLimited", { minutes: waitMinutes(errorDetails(e)) })
            : e instanceof Error && e.message
              ? e.message
              : t("common.error");
      setOutcome({ kind: "error", message });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const closeMessage = () => {
    setOutcome(null);
    setFull(null);
  };
  return (
    <>
      <Stamps feature={feature} circles={cardCircles(card)} />
      <p className="ba-note">{t("loyalty.cardProgress", { stamps: card.stamps, total: card.stampNumber })}</p>
      {outcome ? (
        <MessageBox
          key={outcome.kind === "error" ? outcome.message : outcome.kind}
          type={outcome.kind === "error" ? "danger" : "success"}
          title={
            outcome.kind === "error"
              ? outcome.message
              : outcome.kind === "stamped"
                ? t("loyalty.stamped")
                : outcome.reward
                  ? t("loyalty.cardFull", { reward: outcome.reward })
                  : t("loyalty.cardFullNoReward")
          }
          dismissLabel={t("common.dismiss")}
          onDismiss={closeMessage}
        >
          {outcome.kind === "full" ? t("loyalty.newCard") : null}
        </MessageBox>
      ) : null}
      <CodeForm
        busy={busy}
        onCode={async (code) => {
          // The next stamp goes on the new card.
          setFull(null);
          return stamp(code);
        }}
      />
    </>
  );
}
