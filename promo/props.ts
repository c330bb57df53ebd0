import type { MobileApp, Promo } from "../schemas/index.ts";
import type { PoweredBy } from "./powered-by.ts";
import type { PromoLanguage } from "./texts.ts";

/** The promo page's inputs as spec §2 lists them. */
export interface PromoInput {
  app: MobileApp;
  /** null when the promo data could not be read: the page says so (spec §2). */
  promo: Promo | null;
  /** The promo is the default one (nothing saved yet), so it may be shown in the page's language. */
  isDefault?: boolean;
  appId: string;
  multiappId: string | null;
  makeModelType: string;
  appleAppUrl: string | null;
  googleAppUrl: string | null;
  language: PromoLanguage;
}

/** What the view renders: the inputs plus what the server works out from them. */
export interface PromoProps extends PromoInput {
  /** The app's public link, which the QR code opens. */
  appUrl: string;
  /** The QR code as a data: URL, generated locally on the server. */
  qrDataUrl: string;
  poweredBy: PoweredBy | null;
}
