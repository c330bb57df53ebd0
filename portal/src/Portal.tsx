import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { MobileApp } from "../../schemas/index.ts";
import { ProfilePanel } from "../../sdk/account/ProfilePanel.tsx";
import { SignInPanel } from "../../sdk/account/SignInPanel.tsx";
import { accountTexts } from "../../sdk/account/texts.ts";
import { type Account, createAccount } from "../../sdk/account.ts";
import type { InboxAnswer } from "../../sdk/client.ts";
import { pickLang } from "../../sdk/views/i18n.ts";
import { AdditionalProducts } from "./AdditionalProducts.tsx";
import { portalClient } from "./api.ts";
import { Loyalty } from "./Loyalty.tsx";
import { Offers } from "./Offers.tsx";
import { OurApp } from "./OurApp.tsx";
import { Repairs } from "./Repairs.tsx";
import { fill, type PortalLang, portalTexts, today } from "./texts.ts";
import { UploadVehicles } from "./UploadVehicles.tsx";

/** The sections of spec §2, in its order. */
const SECTIONS = [
  "repairs",
  "coupons",
  "promotions",
  "loyalty",
  "ourApp",
  "inventory",
  "additionalProducts",
] as const;
export type Section = (typeof SECTIONS)[number];

/** What the main column shows instead of the sections: an account screen. */
type Overlay = "signIn" | "profile" | "signOut" | null;

/** The widget's inventory views load when the section opens: the portal's first load stays small. */
const Inventory = lazy(() => import("./Inventory.tsx"));

const langKey = (appId: string) => `brand-app:${appId}:portal-lang`;
const storedLang = (appId: string): PortalLang | null => {
  try {
    const v = localStorage.getItem(langKey(appId));
    return v === "en" || v === "es" ? v : null;
  } catch {
    return null;
  }
};

/** One account per app for the page's life (the widget's sign-in machine and profile calls, sdk/account.ts). */
const accounts = new Map<string, Account>();
function accountOf(appId: string, client: ReturnType<typeof portalClient>): Account {
  let a = accounts.get(appId);
  if (!a) {
    a = createAccount(appId, client.widget);
    a.start();
    accounts.set(appId, a);
  }
  return a;
}

/** The section in the address (#coupons), so a section can be linked and Back works between sections. */
const sectionOfHash = (): Section => {
  const h = location.hash.slice(1);
  return (SECTIONS as readonly string[]).includes(h) ? (h as Section) : "repairs";
};

/**
 * The customer portal (spec §2): the app's brand, the account menu (My Profile, Sign Out, Sign In), My Portal's
 * greeting (name, today's date, unread notifications, which it can mark read) or the sign-in prompt, and the
 * sections Repairs, Coupons, Promotions, Loyalty, Our App, Inventory and Additional Products. Sign-in,
 * profile, redeem and the inventory are the widget's own machines, panels and views; the portal only lays
 * them out for a full page.
 */
export function Portal({ appId }: { appId: string }) {
  const client = useMemo(() => portalClient(appId), [appId]);
  const [app, setApp] = useState<MobileApp | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lang, setLangState] = useState<PortalLang | null>(() => storedLang(appId));
  const account = useMemo(() => accountOf(appId, client), [appId, client]);
  const state = useSyncExternalStore(account.subscribe, account.get);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [section, setSection] = useState<Section>(sectionOfHash);
  const [inbox, setInbox] = useState<InboxAnswer | null>(null);

  useEffect(() => {
    client.widget.getApp().then(setApp, (e: Error) => setError(e.message));
  }, [client]);
  useEffect(() => {
    const onHash = () => setSection(sectionOfHash());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);

  const effectiveLang: PortalLang = lang ?? (pickLang(app?.lang) === "es" ? "es" : "en");
  const t = portalTexts(effectiveLang);
  const at = accountTexts(effectiveLang);
  useEffect(() => {
    document.documentElement.lang = effectiveLang;
  }, [effectiveLang]);
  useEffect(() => {
    if (app) document.title = `${t.title} · ${app.definition.name}`;
  }, [app, t]);

  const signedIn = state.flow.state === "signedIn" && !!state.user.token;
  const userId = state.user.userId;
  const token = state.user.token;
  useEffect(() => {
    setInbox(null);
    if (!signedIn || !token) return;
    client.widget.notifications(userId, token).then(setInbox, () => setInbox({ items: [], unread: 0 }));
  }, [client, signedIn, userId, token]);

  // Reading the notifications: the server marks them read, and the count is the server's again.
  const markRead = () => {
    if (!token) return;
    client.widget
      .readNotifications(userId, token)
      .then(() => client.widget.notifications(userId, token))
      .then(setInbox, () => {});
  };

  const setLang = (l: PortalLang) => {
    setLangState(l);
    try {
      localStorage.setItem(langKey(appId), l);
    } catch {
      /* storage blocked: the choice lasts as long as the page */
    }
  };
  const closeOverlay = useCallback(() => setOverlay(null), []);
  const openSignIn = useCallback(() => setOverlay("signIn"), []);
  const user = useMemo(() => (signedIn && token ? { userId, token } : null), [signedIn, userId, token]);
  // Choosing a section (again) shows its list: a detail open in it closes.
  const [visit, setVisit] = useState(0);
  const go = (s: Section) => {
    setVisit((v) => v + 1);
    setSection(s);
    history.replaceState(null, "", `#${s}`);
  };

  if (error)
    return (
      <main className="pt-page pt-center">
        <h1>{error}</h1>
      </main>
    );
  if (!app)
    return (
      <main className="pt-page pt-center" aria-busy="true">
        <p>{t.loading}</p>
      </main>
    );

  const name = state.profile?.name?.trim() || state.profile?.email || state.user.email || "";
  return (
    <div className="pt-app">
      <header className="pt-header">
        <div className="pt-brand">
          {app.definition.logo ? <img src={app.definition.logo} alt="" width={40} height={40} /> : null}
          <span className="pt-app-name">{app.definition.name}</span>
        </div>
        <nav className="pt-account" aria-label={at.account}>
          <label className="pt-lang">
            <span className="pt-sr">{t.language}</span>
            <select value={effectiveLang} onChange={(e) => setLang(e.currentTarget.value as PortalLang)}>
              <option value="en" lang="en">
                English
              </option>
              <option value="es" lang="es">
                Español
              </option>
            </select>
          </label>
          {signedIn ? (
            <>
              <button type="button" className="pt-link" onClick={() => setOverlay("profile")}>
                {at.myProfile}
              </button>
              <button type="button" className="pt-link" onClick={() => setOverlay("signOut")}>
                {at.signOut}
              </button>
            </>
          ) : (
            <button type="button" className="pt-link" onClick={() => setOverlay("signIn")}>
              {at.signIn}
            </button>
          )}
        </nav>
      </header>
      <main className="pt-page" id="main">
        {overlay === "signIn" ? (
          <section className="pt-card pt-narrow" aria-labelledby="pt-overlay-title">
            <h1 id="pt-overlay-title">{at.signIn}</h1>
            <div className="ba-shell-lite">
              <SignInPanel account={account} state={state} t={at} onDone={closeOverlay} />
            </div>
          </section>
        ) : overlay === "profile" && signedIn ? (
          <section className="pt-card pt-narrow" aria-labelledby="pt-overlay-title">
            <BackButton label={t.back} onClick={closeOverlay} />
            <h1 id="pt-overlay-title">{at.myProfile}</h1>
            <div className="ba-shell-lite">
              <ProfilePanel
                account={account}
                state={state}
                client={client.widget}
                makeModelType={app.makeModelType}
                t={at}
              />
            </div>
            {user ? <UploadVehicles account={account} client={client} user={user} t={t} /> : null}
          </section>
        ) : overlay === "signOut" && signedIn ? (
          <section className="pt-card pt-narrow" aria-labelledby="pt-overlay-title">
            <h1 id="pt-overlay-title">{at.signOut}</h1>
            <p>{at.signOutConfirm}</p>
            <div className="pt-actions">
              <button
                type="button"
                className="pt-button"
                onClick={() => {
                  account.send({ type: "signIn.signOut" });
                  closeOverlay();
                }}
              >
                {at.ok}
              </button>
              <button type="button" className="pt-button pt-secondary" onClick={closeOverlay}>
                {at.notNow}
              </button>
            </div>
          </section>
        ) : null}
        <div hidden={overlay !== null && (overlay === "signIn" || signedIn)}>
          {signedIn ? (
            <section className="pt-card pt-greeting" aria-labelledby="pt-title">
              <h1 id="pt-title">{t.title}</h1>
              <p className="pt-hello">{fill(t.greeting, { name })}</p>
              <p className="pt-today">{today(effectiveLang)}</p>
              <p className="pt-unread" aria-busy={!inbox}>
                {inbox ? fill(t.unread, { count: inbox.unread }) : "\u00a0"}
              </p>
              {inbox?.unread ? (
                <button type="button" className="pt-link pt-mark-read" onClick={markRead}>
                  {t.markRead}
                </button>
              ) : null}
              {inbox && !inbox.items.length ? <p className="pt-empty">{t.noNotifications}</p> : null}
              {inbox?.items.length ? (
                <ul className="pt-notes">
                  {inbox.items.slice(0, 5).map((n) => (
                    <li key={n.id} className={n.read ? "" : "pt-unread-item"}>
                      {n.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : (
            <section className="pt-card pt-greeting" aria-labelledby="pt-title">
              <h1 id="pt-title">{t.title}</h1>
              <p className="pt-hello">{at.prompt}</p>
              <p>{at.promptText}</p>
              <button type="button" className="pt-button" onClick={() => setOverlay("signIn")}>
                {at.signIn}
              </button>
            </section>
          )}
          <nav className="pt-tabs" aria-label={t.sections}>
            {SECTIONS.map((s) => (
              <a
                key={s}
                href={`#${s}`}
                className="pt-tab"
                aria-current={section === s ? "page" : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  go(s);
                }}
              >
                {t[s]}
              </a>
            ))}
          </nav>
          <section className="pt-section" aria-labelledby="pt-section-title">
            <h2 id="pt-section-title">{t[section]}</h2>
            {section === "repairs" ? (
              <Repairs
                key={`${userId}:${visit}`}
                client={client}
                user={user}
                t={t}
                lang={effectiveLang}
                onSignIn={openSignIn}
              />
            ) : section === "coupons" || section === "promotions" ? (
              <Offers
                key={`${section}:${userId}:${visit}`}
                kind={section}
                app={app}
                client={client}
                user={user}
                t={t}
                lang={effectiveLang}
                profile={state.profile}
                onSignIn={openSignIn}
              />
            ) : section === "loyalty" ? (
              <Loyalty
                key={`${userId}:${visit}`}
                app={app}
                client={client}
                user={user}
                t={t}
                lang={effectiveLang}
                onSignIn={openSignIn}
              />
            ) : section === "ourApp" ? (
              <OurApp app={app} t={t} lang={pickLang(app.lang) === "fr" ? "fr" : effectiveLang} />
            ) : section === "inventory" ? (
              <Suspense fallback={<p className="pt-card">{t.loading}</p>}>
                <Inventory key={`${userId}:${visit}`} app={app} user={user} t={t} lang={effectiveLang} />
              </Suspense>
            ) : (
              <AdditionalProducts
                key={`${userId}:${visit}`}
                app={app}
                client={client}
                user={user}
                t={t}
                lang={effectiveLang}
              />
            )}
          </section>
        </div>
      </main>
    </div>
  );
}

export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="pt-back" onClick={onClick}>
      <span aria-hidden="true">‹ </span>
      {label}
    </button>
  );
}

/** A list's empty state: 'No Records' and 'No records available at this time.' (spec §2, §8). */
export function NoRecords({ t }: { t: { noRecords: string; noRecordsText: string } }) {
  return (
    <div className="pt-empty-state">
      <p className="pt-empty-title">{t.noRecords}</p>
      <p>{t.noRecordsText}</p>
    </div>
  );
}
