/** The promo page surface: server rendering entry used by the API server's page routes. */
export { renderPromoPage } from "./server.tsx";
