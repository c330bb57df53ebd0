import { useState } from "react";
import type { ServiceContract } from "../../schemas/dealer-data.ts";
import type { MobileApp } from "../../schemas/index.ts";
import { safeImage } from "../../sdk/views/safe-url.ts";
import { visibleCoupons, visiblePackages } from "../../sdk/views/screens/Coupons.tsx";
import type { PortalClient } from "./api.ts";
import { BackButton, NoRecords } from "./Portal.tsx";
import { Fact } from "./Repairs.tsx";
import { fill, longDate, money, type PortalLang, type PortalTexts } from "./texts.ts";
import { useMine } from "./useMine.ts";

type User = { userId: string; token: string } | null;

/**
 * Additional Products (spec §2): the app's special packages shown now (each naming its specials) and, for a
 * signed-in customer, their service contracts and additional products from the dealer's records.
 */
export function AdditionalProducts({
  app,
  client,
  user,
  t,
  lang,
}: {
  app: MobileApp;
  client: PortalClient;
  user: User;
  t: PortalTexts;
  lang: PortalLang;
}) {
  const now = Date.now();
  const listed = visibleCoupons(app.definition.coupons, now);
  const packages = visiblePackages(app.packages, listed, now);
  const contracts = useMine(user, client.serviceContracts);
  const [open, setOpen] = useState<string | null>(null);
  const pkg = packages.find((p) => p.id === open);
  if (pkg) {
    const image = safeImage(pkg.image);
    return (
      <article className="pt-card pt-detail" aria-labelledby="pt-detail-title">
        <BackButton label={t.back} onClick={() => setOpen(null)} />
        {image ? <img className="pt-detail-image" src={image} alt="" /> : null}
        <h3 id="pt-detail-title">{pkg.title}</h3>
        {pkg.description ? <p className="pt-detail-desc">{pkg.description}</p> : null}
        <h4>{t.packageCoupons}</h4>
        <ul className="pt-bullets">
          {pkg.couponIds.map((id) => (
            <li key={id}>{listed.find((c) => c.id === id)?.title}</li>
          ))}
        </ul>
      </article>
    );
  }
  const mine: ServiceContract[] = contracts?.status === "ready" ? contracts.data : [];
  const nothing = !packages.length && (!user || (contracts?.status === "ready" && !mine.length));
  return (
    <div className="pt-card">
      {nothing ? <NoRecords t={t} /> : null}
      {packages.length ? (
        <ul className="pt-list">
          {packages.map((p) => (
            <li key={p.id}>
              <button type="button" className="pt-row" onClick={() => setOpen(p.id)}>
                <span className="pt-row-title">{p.title}</span>
                {p.description ? <span className="pt-row-meta">{p.description}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {contracts?.status === "loading" ? (
        <p className="pt-muted" aria-busy="true">
          {t.loading}
        </p>
      ) : null}
      {contracts?.status === "error" ? (
        <p className="pt-error" role="alert">
          {contracts.message}
        </p>
      ) : null}
      {mine.length ? (
        <>
          <h3>{t.contracts}</h3>
          <ul className="pt-list">
            {mine.map((c) => (
              <li key={c.id} className="pt-contract">
                <p className="pt-row-title">{c.product}</p>
                <dl className="pt-facts">
                  <Fact label={fill(t.contract, { number: "" }).trim()} value={c.contractNumber} />
                  {c.provider ? <Fact label={t.provider} value={c.provider} /> : null}
                  {c.startDate ? <Fact label={t.startDate} value={longDate(lang, c.startDate)} /> : null}
                  {c.endDate ? <Fact label={t.endDate} value={longDate(lang, c.endDate)} /> : null}
                  {c.endMileage !== undefined ? (
                    <Fact label={t.endMileage} value={c.endMileage.toLocaleString(lang)} />
                  ) : null}
                  {c.price !== undefined ? <Fact label={t.price} value={money(lang, c.price)} /> : null}
                </dl>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
