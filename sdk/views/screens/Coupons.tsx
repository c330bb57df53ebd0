import { useEffect, useId, useMemo, useRef, useSyncExternalStore } from "react";
import { type Actor, createActor, fromPromise } from "xstate";
import { isCouponVisible, OFFER_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import { isWithinTimeframe } from "../../../core/timeframe.ts";
import { redeemMachine } from "../../../machines/redeem.ts";
import type { Coupon, WidgetPackage } from "../../../schemas/index.ts";
import { useView, type ViewContextValue } from "../context.ts";
import { notificationTimeText, offerDate, referralExpiryText } from "../dates.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature, EndUserApi, EndUserOffers, PersonalCoupon } from "../types.ts";
import { Empty, Screen } from "../ui/Screen.tsx";
import { useEndUserData } from "./end-user-data.ts";
import { OfferDetail, OfferList } from "./Offers.tsx";

const coupons = {
  listPage: "coupons",
  detailsPage: "couponDetails",
  titleKey: "coupons.title",
  emptyKey: "coupons.empty",
} as const;

/** The coupons an end user sees: within their timeframe, not personalized, of the feature's category if it has one. */
export function visibleCoupons(list: Coupon[] | undefined, now: number, category?: string): Coupon[] {
  return (list ?? []).filter((c) => isCouponVisible(c, now) && (!category || c.category === category));
}

/**
 * The signed-in user's own specials (issue 12, spec §4: shown only to that user): within their timeframe, of
 * the feature's category if it has one. Nobody signed in, none.
 */
export function personalCoupons(
  offers: EndUserOffers | undefined,
  now: number,
  category?: string,
): PersonalCoupon[] {
  return (offers?.personalized ?? []).filter(
    (c) => isWithinTimeframe(c, now) && (!category || c.category === category),
  );
}

/**
 * The special packages an end user sees: within their timeframe, each naming only the coupons shown in the
 * list (`shown`, already visible and of the feature's category); a package left with none is not shown.
 */
export function visiblePackages(
  list: WidgetPackage[] | undefined,
  shown: Coupon[],
  now: number,
): WidgetPackage[] {
  const ids = new Set(shown.map((c) => c.id));
  return (list ?? []).flatMap((p) => {
    const couponIds = p.couponIds.filter((id) => ids.has(id));
    return isWithinTimeframe(p, now) && couponIds.length ? [{ ...p, couponIds }] : [];
  });
}

const loadOffers = (api: EndUserApi) => api.offers();

/**
 * spec §2 Coupons: the list, 'No Coupons' when empty; each entry opens the coupon's detail. A signed-in
 * user's personalized specials come first, marked 'Just for you'.
 */
export function CouponsScreen({ feature }: { feature: AnyFeature }) {
  const { t, definition, now, endUser, packages } = useView();
  const [mine] = useEndUserData(endUser, loadOffers);
  const category = typeof feature.category === "string" ? feature.category : undefined;
  const personal = personalCoupons(mine.status === "ready" ? mine.data : undefined, now, category);
  const ids = new Set(personal.map((c) => c.id));
  const listed = visibleCoupons(definition.coupons, now, category);
  const offers = [...personal, ...listed.filter((c) => !ids.has(c.id))];
  return (
    <OfferList
      feature={feature}
      offers={offers}
      kind={coupons}
      tag={(o) => (ids.has(o.id) ? t("offers.justForYou") : undefined)}
      packages={visiblePackages(packages, listed, now)}
    />
  );
}

/**
 * A special package (issue 12.3): image, 'Package', title, date text, description, then its specials as a
 * list; each opens its coupon's detail. Not shown now (or none of its specials shown), 'No Coupons'.
 */
export function PackageDetailsScreen({ packageId, featureId }: { packageId?: string; featureId?: string }) {
  const ctx = useView();
  const { t, definition, now, packages, navigate } = ctx;
  const listed = visibleCoupons(definition.coupons, now);
  const pkg = visiblePackages(packages, listed, now).find((p) => p.id === packageId);
  const headingId = useId();
  if (!pkg)
    return (
      <Screen title={t(coupons.titleKey)} page="packageDetails">
        <Empty text={t(coupons.emptyKey)} />
      </Screen>
    );
  const image = safeImage(pkg.image);
  const date = offerDate(ctx, pkg);
  const specials = pkg.couponIds.flatMap((id) => listed.filter((c) => c.id === id));
  return (
    <Screen title={pkg.title} page="packageDetails">
      <article className="ba-detail">
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        <p className="ba-tag">{t("offers.package")}</p>
        <h3 className="ba-detail-title">{pkg.title}</h3>
        {date ? <p className="ba-detail-date">{date}</p> : null}
        {pkg.description ? <p className="ba-detail-desc">{pkg.description}</p> : null}
        <h4 id={headingId} className="ba-detail-subtitle">
          {t("offers.packageSpecials")}
        </h4>
        <ul className="ba-list" aria-labelledby={headingId}>
          {specials.map((c) => {
            const cover = safeImage(c.image);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className="ba-card"
                  onClick={() => navigate({ page: "couponDetails", featureId, itemId: c.id })}
                >
                  {cover ? <img className="ba-card-image" src={cover} alt="" /> : null}
                  <span className="ba-card-text">
                    <span className="ba-card-title">{c.title}</span>
                    {c.description ? (
                      <span className="ba-card-desc">{truncate(c.description, OFFER_DESCRIPTION_MAX)}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </article>
    </Screen>
  );
}

/** spec §2 coupon detail: image, title, date text, description, Share and Redeem. */
export function CouponDetailsScreen({ couponId }: { couponId?: string }) {
  const { t, definition, now, endUser, onShare } = useView();
  const [mine] = useEndUserData(endUser, loadOffers);
  const offers = mine.status === "ready" ? mine.data : undefined;
  const personal = personalCoupons(offers, now).find((c) => c.id === couponId);
  // A personalized special opens only for the user it is assigned to.
  const listed = definition.coupons?.find((c) => c.id === couponId && !c.personalized);
  const coupon = personal ?? listed;
  if (!coupon && mine.status === "loading")
    return (
      <Screen title={t(coupons.titleKey)} page={coupons.detailsPage}>
        <p className="ba-status" role="status">
          {t("common.loading")}
        </p>
      </Screen>
    );
  return (
    <OfferDetail
      offer={coupon}
      kind={coupons}
      tag={personal ? t("offers.justForYou") : undefined}
      actions={(c) => (
        <>
          <button
            type="button"
            className="ba-button ba-button-secondary"
            onClick={() =>
              onShare?.({ kind: "coupon", id: c.id, title: c.title, text: c.description ?? c.title })
            }
          >
            {t("common.share")}
          </button>
          {/* Whether the user redeemed it before is known once their offers arrive. */}
          {mine.status === "loading" ? (
            <button type="button" className="ba-button" disabled aria-busy="true">
              {t("coupons.redeem")}
            </button>
          ) : (
            <RedeemFlow
              key={`${c.id}:${offers?.redeemed.includes(c.id) ? "redeemed" : ""}`}
              coupon={c}
              personalizedSpecialId={personal?.personalizedSpecialId}
              redeemed={!!offers?.redeemed.includes(c.id)}
            />
          )}
        </>
      )}
    />
  );
}

/** What the redeem flow's side effects read: the latest of the screen that shows it. */
interface FlowDeps {
  endUser: EndUserApi | null | undefined;
  openScreen: ViewContextValue["openScreen"];
  onRedeem: ViewContextValue["onRedeem"];
  coupon: Coupon;
  personalizedSpecialId?: string;
}
type FlowEntry = { actor: Actor<typeof redeemMachine>; deps: FlowDeps };

/**
 * Flows waiting for the end user to sign in, by coupon id: the Sign In screen replaces this one, and the flow
 * goes on when the detail comes back.
 */
const waiting = new Map<string, FlowEntry>();

function startFlow(deps: FlowDeps, redeemed: boolean): FlowEntry {
  const entry = { deps } as FlowEntry;
  const machine = redeemMachine.provide({
    actors: {
      redeem: fromPromise(async () => {
        const { endUser, coupon, personalizedSpecialId } = entry.deps;
        if (!endUser) throw Object.assign(new Error(""), { status: 401 });
        return endUser.redeem(
          personalizedSpecialId ? { offerId: coupon.id, personalizedSpecialId } : { offerId: coupon.id },
        );
      }),
    },
    actions: {
      openSignIn: () => entry.deps.openScreen?.("signIn"),
      recorded: () => entry.deps.onRedeem?.(entry.deps.coupon),
    },
  });
  entry.actor = createActor(machine, { input: { signedIn: !!deps.endUser, redeemed } }).start();
  return entry;
}

/**
 * Redeem (spec §2, §4; machines/redeem.ts): signed out, 'Sign in for special offers' opens the app's Sign In
 * screen; then the confirmation (show the special to the service advisor; ready to redeem now?), then
 * 'Redeemed' with the time. Preview and promo have no end user and no Sign In screen: the prompt stays inert.
 */
function RedeemFlow({
  coupon,
  personalizedSpecialId,
  redeemed,
}: {
  coupon: Coupon;
  personalizedSpecialId?: string;
  redeemed: boolean;
}) {
  const ctx = useView();
  const { t, lang, timeZone, endUser, openScreen, onRedeem } = ctx;
  const deps: FlowDeps = { endUser, openScreen, onRedeem, coupon, personalizedSpecialId };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one flow per mounted detail; deps are refreshed below
  const entry = useMemo(() => {
    const parked = waiting.get(coupon.id);
    waiting.delete(coupon.id);
    return parked ?? startFlow(deps, redeemed);
  }, [coupon.id]);
  entry.deps = deps;
  const { actor } = entry;
  const snap = useSyncExternalStore(
    (cb) => {
      const s = actor.subscribe(cb);
      return () => s.unsubscribe();
    },
    () => actor.getSnapshot(),
  );
  useEffect(() => {
    actor.send({ type: endUser ? "redeem.signedIn" : "redeem.signedOut" });
  }, [actor, endUser]);
  // Leaving for the Sign In screen keeps the flow; any other way out ends it.
  useEffect(
    () => () => {
      if (entry.actor.getSnapshot().value === "needsSignIn" && entry.deps.openScreen)
        waiting.set(entry.deps.coupon.id, entry);
      else entry.actor.stop();
    },
    [entry],
  );
  const headingId = useId();
  const focusRef = useRef<HTMLElement>(null);
  const state = String(snap.value);
  // The confirmation and every outcome take the focus, so a keyboard user reads what changed.
  useEffect(() => {
    if (state !== "idle" && state !== "redeeming") focusRef.current?.focus();
  }, [state]);
  const send = (type: "redeem.start" | "redeem.confirm" | "redeem.cancel" | "redeem.retry") =>
    actor.send({ type });
  const notNow = (
    <button type="button" className="ba-button ba-button-secondary" onClick={() => send("redeem.cancel")}>
      {t("offers.notNow")}
    </button>
  );
  switch (state) {
    case "needsSignIn":
      return (
        <section className="ba-confirm" aria-labelledby={headingId}>
          <h4 id={headingId} className="ba-confirm-title" tabIndex={-1} ref={focusRef as never}>
            {t("offers.signInPrompt")}
          </h4>
          {openScreen ? (
            <button type="button" className="ba-button" onClick={() => send("redeem.start")}>
              {t("offers.signIn")}
            </button>
          ) : null}
          {notNow}
        </section>
      );
    case "confirming":
    case "redeeming":
      return (
        <section className="ba-confirm" aria-labelledby={headingId}>
          <h4 id={headingId} className="ba-confirm-title" tabIndex={-1} ref={focusRef as never}>
            {t("offers.confirmTitle")}
          </h4>
          <p>{t("offers.confirmText")}</p>
          <button
            type="button"
            className="ba-button"
            disabled={state === "redeeming"}
            aria-busy={state === "redeeming"}
            onClick={() => send("redeem.confirm")}
          >
            {state === "redeeming" ? t("offers.redeeming") : t("coupons.redeem")}
          </button>
          {state === "confirming" ? notNow : null}
        </section>
      );
    case "redeemed": {
      const at = snap.context.redeemedAt;
      return (
        <p className="ba-redeemed" role="status" tabIndex={-1} ref={focusRef as never}>
          <strong>{t("offers.redeemed")}</strong>{" "}
          {at ? (
            <span className="ba-redeemed-at">
              {t("offers.redeemedAt", {
                date: referralExpiryText(at, { locale: lang, timeZone }),
                time: notificationTimeText(at, { locale: lang, timeZone }),
              })}
            </span>
          ) : null}
        </p>
      );
    }
    case "alreadyRedeemed":
      return (
        <p className="ba-redeemed" role="alert" tabIndex={-1} ref={focusRef as never}>
          {t("offers.alreadyRedeemed")}
        </p>
      );
    case "failed":
      return (
        <section className="ba-confirm" aria-labelledby={headingId}>
          <p id={headingId} className="ba-error" role="alert" tabIndex={-1} ref={focusRef as never}>
            {snap.context.error || t("offers.failed")}
          </p>
          <button type="button" className="ba-button" onClick={() => send("redeem.retry")}>
            {t("offers.retry")}
          </button>
          {notNow}
        </section>
      );
    default:
      return (
        <button type="button" className="ba-button" onClick={() => send("redeem.start")}>
          {t("coupons.redeem")}
        </button>
      );
  }
}
