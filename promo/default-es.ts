import type { Promo } from "../schemas/index.ts";

/**
 * The default promo in Spanish. The defaults (schemas/promo.ts) are written in English; a Spanish page that
 * has no saved promo yet shows them translated, keyed by the default items' icon names.
 */
const items: Record<string, { title: string; subtitle: string }> = {
  service: { title: "Servicio", subtitle: "Agenda tu servicio y consulta tu historial de reparaciones" },
  specials: { title: "Ofertas de servicio y refacciones", subtitle: "Ahorra con cupones móviles exclusivos" },
  roadside: {
    title: "Asistencia en el camino",
    subtitle: "Ayuda a un toque de distancia, de día o de noche",
  },
  glovebox: { title: "Guantera móvil", subtitle: "Lleva contigo tus documentos y vehículos" },
  finance: { title: "Financiamiento", subtitle: "Explora opciones de financiamiento y pagos" },
  sales: { title: "Promociones de venta", subtitle: "Entérate primero de los eventos de venta" },
  parts: { title: "Pedir refacciones", subtitle: "Solicita refacciones y recógelas listas" },
  merchandise: { title: "Refacciones y mercancía", subtitle: "Compra refacciones, equipo y accesorios" },
  leasing: { title: "Arrendamiento y renta", subtitle: "Arrienda o renta cuando necesites más" },
};

/** The default promo translated for a Spanish page; items without a translation stay as they are. */
export function defaultPromoInSpanish(promo: Promo, appName: string): Promo {
  return {
    ...promo,
    title: `Descarga la app ${appName}`,
    items: promo.items.map((item) => {
      const es = item.icon ? items[item.icon] : undefined;
      return es ? { ...item, ...es } : item;
    }),
  };
}
