import { useState } from "react";
import type { Deal, RepairOrder } from "../../schemas/dealer-data.ts";
import type { PortalClient } from "./api.ts";
import { BackButton, NoRecords } from "./Portal.tsx";
import { fill, longDate, money, type PortalLang, type PortalTexts } from "./texts.ts";
import { type Loaded, useMine } from "./useMine.ts";

type User = { userId: string; token: string } | null;
type Open = { kind: "repair"; item: RepairOrder } | { kind: "deal"; item: Deal } | null;

/**
 * Repairs (spec §2): Repair History and Purchases of the signed-in customer, each entry opening its detail; a
 * purchase opens the deal sheet with every heading of the spec. Signed out, the way to sign in.
 */
export function Repairs({
  client,
  user,
  t,
  lang,
  onSignIn,
}: {
  client: PortalClient;
  user: User;
  t: PortalTexts;
  lang: PortalLang;
  onSignIn: () => void;
}) {
  const repairs = useMine(user, client.repairOrders);
  const deals = useMine(user, client.deals);
  const [open, setOpen] = useState<Open>(null);
  if (!user)
    return (
      <div className="pt-card">
        <p>{t.signInFor}</p>
        <button type="button" className="pt-button" onClick={onSignIn}>
          {t.signIn}
        </button>
      </div>
    );
  if (open?.kind === "repair")
    return <RepairDetail ro={open.item} t={t} lang={lang} onBack={() => setOpen(null)} />;
  if (open?.kind === "deal")
    return <DealSheet deal={open.item} t={t} lang={lang} onBack={() => setOpen(null)} />;
  return (
    <div className="pt-columns">
      <section aria-labelledby="pt-repair-history" className="pt-card">
        <h3 id="pt-repair-history">{t.repairHistory}</h3>
        <RecordList
          state={repairs}
          t={t}
          render={(ro: RepairOrder) => (
            <button type="button" className="pt-row" onClick={() => setOpen({ kind: "repair", item: ro })}>
              <span className="pt-row-title">{fill(t.repairOrder, { number: ro.roNumber })}</span>
              <span className="pt-row-meta">
                {longDate(lang, ro.date)}
                {ro.total !== undefined ? ` · ${money(lang, ro.total)}` : ""}
              </span>
            </button>
          )}
        />
      </section>
      <section aria-labelledby="pt-purchases" className="pt-card">
        <h3 id="pt-purchases">{t.purchases}</h3>
        <RecordList
          state={deals}
          t={t}
          render={(d: Deal) => (
            <button type="button" className="pt-row" onClick={() => setOpen({ kind: "deal", item: d })}>
              <span className="pt-row-title">{vehicleOf(d) || fill(t.deal, { number: d.dealNumber })}</span>
              <span className="pt-row-meta">
                {fill(t.deal, { number: d.dealNumber })}
                {d.date ? ` · ${longDate(lang, d.date)}` : ""}
              </span>
            </button>
          )}
        />
      </section>
    </div>
  );
}

const vehicleOf = (d: Deal) => [d.year, d.make, d.model].filter(Boolean).join(" ");

function RecordList<T extends { id: string }>({
  state,
  t,
  render,
}: {
  state: Loaded<T[]> | null;
  t: PortalTexts;
  render: (item: T) => React.ReactNode;
}) {
  if (!state || state.status === "loading")
    return (
      <p className="pt-muted" aria-busy="true">
        {t.loading}
      </p>
    );
  if (state.status === "error")
    return (
      <p className="pt-error" role="alert">
        {state.message}
      </p>
    );
  if (!state.data.length) return <NoRecords t={t} />;
  return (
    <ul className="pt-list">
      {state.data.map((item) => (
        <li key={item.id}>{render(item)}</li>
      ))}
    </ul>
  );
}

function RepairDetail({
  ro,
  t,
  lang,
  onBack,
}: {
  ro: RepairOrder;
  t: PortalTexts;
  lang: PortalLang;
  onBack: () => void;
}) {
  return (
    <article className="pt-card pt-detail" aria-labelledby="pt-detail-title">
      <BackButton label={t.back} onClick={onBack} />
      <h3 id="pt-detail-title">{fill(t.repairOrder, { number: ro.roNumber })}</h3>
      <dl className="pt-facts">
        <Fact label={t.date} value={longDate(lang, ro.date)} />
        {ro.vin ? <Fact label={t.vehicle} value={ro.vin} /> : null}
        {ro.mileage !== undefined ? <Fact label={t.mileage} value={ro.mileage.toLocaleString(lang)} /> : null}
        {ro.advisor ? <Fact label={t.advisor} value={ro.advisor} /> : null}
        {ro.location ? <Fact label={t.location} value={ro.location} /> : null}
      </dl>
      {ro.lines.length ? (
        <div className="pt-table-wrap">
          <table className="pt-table">
            <thead>
              <tr>
                <th scope="col">{t.description}</th>
                <th scope="col">{t.labor}</th>
                <th scope="col">{t.parts}</th>
              </tr>
            </thead>
            <tbody>
              {ro.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a repair order's lines have no id and never move
                <tr key={i}>
                  <td>{l.description}</td>
                  <td>{money(lang, l.labor)}</td>
                  <td>{money(lang, l.parts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <dl className="pt-facts pt-totals">
        <Fact label={t.labor} value={money(lang, ro.laborTotal)} />
        <Fact label={t.parts} value={money(lang, ro.partsTotal)} />
        <Fact label={t.total} value={money(lang, ro.total)} />
      </dl>
    </article>
  );
}

/** The deal sheet (spec §2): every heading, in the spec's order, then the products' four columns. */
export function DealSheet({
  deal,
  t,
  lang,
  onBack,
}: {
  deal: Deal;
  t: PortalTexts;
  lang: PortalLang;
  onBack: () => void;
}) {
  const m = (n: number | undefined) => money(lang, n);
  const rows: [string, string][] = [
    [t.term, deal.term === undefined ? "—" : fill(t.termMonths, { count: deal.term })],
    [t.monthlyPayment, m(deal.monthlyPayment)],
    [t.paid, m(deal.paid)],
    [t.amountFinanced, m(deal.amountFinanced)],
    [t.downPayment, m(deal.downPayment)],
    [t.totalDown, m(deal.totalDown)],
    [t.salesPrice, m(deal.salesPrice)],
    [t.totalBackSales, m(deal.totalBackSales)],
    [t.totalPickupPayments, m(deal.totalPickupPayments)],
    [t.aftermarketSale, m(deal.aftermarketSale)],
    [t.tradeActualCashValue, m(deal.tradeActualCashValue)],
    [t.total, m(deal.total)],
  ];
  return (
    <article className="pt-card pt-detail" aria-labelledby="pt-detail-title">
      <BackButton label={t.back} onClick={onBack} />
      <h3 id="pt-detail-title">{vehicleOf(deal) || fill(t.deal, { number: deal.dealNumber })}</h3>
      <p className="pt-muted">
        {fill(t.deal, { number: deal.dealNumber })}
        {deal.date ? ` · ${longDate(lang, deal.date)}` : ""}
        {deal.vin ? ` · ${deal.vin}` : ""}
      </p>
      <dl className="pt-facts pt-deal-sheet">
        {rows.map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </dl>
      <div className="pt-table-wrap">
        <table className="pt-table">
          <thead>
            <tr>
              <th scope="col">{t.description}</th>
              <th scope="col">{t.quantity}</th>
              <th scope="col">{t.warranty}</th>
              <th scope="col">{t.internal}</th>
            </tr>
          </thead>
          <tbody>
            {deal.products.length ? (
              deal.products.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a deal's products have no id and never move
                <tr key={i}>
                  <td>{p.description}</td>
                  <td>{p.quantity ?? "—"}</td>
                  <td>{p.warranty ? t.yes : t.no}</td>
                  <td>{p.internal ? t.yes : t.no}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={4}>{t.noProducts}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </article>
  );
}

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="pt-fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
