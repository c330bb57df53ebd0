import { safeHref } from "./safe.ts";
import type { PromoTexts } from "./texts.ts";

interface Props {
  appleAppUrl: string | null;
  googleAppUrl: string | null;
  texts: PromoTexts;
}

const AppleMark = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z"
    />
  </svg>
);

const PlayMark = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M4 2.5v19c0 .4.4.6.7.4l16.2-9.5c.3-.2.3-.6 0-.8L4.7 2.1c-.3-.2-.7 0-.7.4z" />
  </svg>
);

/** The App Store and Google Play buttons; a store without a known link gets no button rather than a dead one. */
export function StoreButtons({ appleAppUrl, googleAppUrl, texts }: Props) {
  const apple = safeHref(appleAppUrl);
  const google = safeHref(googleAppUrl);
  if (!apple && !google) return null;
  return (
    <div className="promo-stores">
      {apple ? (
        <a className="promo-store" href={apple} rel="noopener" data-store="apple">
          <AppleMark />
          <span>{texts.appStore}</span>
        </a>
      ) : null}
      {google ? (
        <a className="promo-store" href={google} rel="noopener" data-store="google">
          <PlayMark />
          <span>{texts.googlePlay}</span>
        </a>
      ) : null}
    </div>
  );
}
