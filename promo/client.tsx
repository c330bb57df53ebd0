import { hydrateRoot } from "react-dom/client";
import { PromoPage, type PromoProps } from "./PromoPage.tsx";

/** Hydrates the server-rendered promo page with the same props the server used. */
const propsEl = document.getElementById("promo-props");
const root = document.getElementById("promo-root");
if (propsEl?.textContent && root)
  hydrateRoot(root, <PromoPage {...(JSON.parse(propsEl.textContent) as PromoProps)} />);
