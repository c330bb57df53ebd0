import { useEffect, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { Promo } from "../schemas/index.ts";
import { mayEdit, savePromo } from "./api.ts";
import { iconSource } from "./icons.ts";
import { signalLoadingEnd } from "./loading-end.ts";
import { type PromoEditor, PromoPage, type PromoProps } from "./PromoPage.tsx";
import { promoTexts } from "./texts.ts";

/** The page as the server rendered it, switching to editable mode when the visitor may edit (owner or editor). */
function PromoApp(props: PromoProps) {
  const [editor, setEditor] = useState<PromoEditor>();
  useEffect(() => {
    let live = true;
    mayEdit(props.appId).then((ok) => {
      if (live && ok)
        setEditor({ save: async (promo: Promo) => (await savePromo(props.appId, promo)).promo });
    });
    return () => {
      live = false;
    };
  }, [props.appId]);
  return <PromoPage {...props} editor={editor} />;
}

function readProps(): PromoProps | null {
  try {
    const props = JSON.parse(document.getElementById("promo-props")?.textContent ?? "") as PromoProps;
    const qr = document.querySelector<HTMLImageElement>(".promo-qr img");
    return { ...props, qrDataUrl: qr?.getAttribute("src") ?? "" };
  } catch {
    return null;
  }
}

const root = document.getElementById("promo-root");
if (root) {
  const props = readProps();
  if (props) {
    hydrateRoot(root, <PromoApp {...props} />);
    const icons = (props.promo?.items ?? [])
      .map((item) => iconSource(item.icon)?.src)
      .filter((src): src is string => !!src);
    signalLoadingEnd(root, icons);
  } else {
    // The page arrived without its data (cut short, or edited by a proxy): say so in the page's language.
    const lang = document.documentElement.lang === "es" ? "es" : "en";
    createRoot(root).render(
      <main className="promo">
        <p className="promo-failed" role="alert">
          {promoTexts[lang].failed}
        </p>
      </main>,
    );
  }
}
