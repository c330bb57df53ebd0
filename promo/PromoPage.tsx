import type { MobileApp } from "../schemas/index.ts";

export interface PromoProps {
  app: MobileApp;
  /** The link the QR code opens. */
  appUrl: string;
  /** The QR code as a data: URL (generated locally on the server). */
  qrDataUrl: string;
}

/** The public promo page of one app. */
export function PromoPage({ app, appUrl, qrDataUrl }: PromoProps) {
  const name = app.definition.name;
  return (
    <main className="promo">
      {app.definition.logo ? (
        <img className="promo-logo" src={app.definition.logo} alt={`${name} logo`} width={96} height={96} />
      ) : null}
      <h1>{name}</h1>
      <p className="promo-download">Download {name} app for exclusive specials.</p>
      <a className="promo-qr" href={appUrl}>
        <img src={qrDataUrl} alt={`QR code for the ${name} app`} width={200} height={200} />
      </a>
    </main>
  );
}
