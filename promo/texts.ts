/** The languages the promo page speaks (spec §1: content in English and Spanish). */
export const PROMO_LANGUAGES = ["en", "es"] as const;
export type PromoLanguage = (typeof PROMO_LANGUAGES)[number];

/** `?lang=` wins over the app's language; anything else falls back to English. */
export function pickLanguage(query: unknown, appLang: unknown): PromoLanguage {
  for (const candidate of [query, appLang])
    if (typeof candidate === "string" && (PROMO_LANGUAGES as readonly string[]).includes(candidate))
      return candidate as PromoLanguage;
  return "en";
}

const en = {
  // Spec §2 and §8 quote these two (core/promo.ts has the same download line for the server, but the
  // client bundle must not pull in the schemas); they are reproduced exactly, typo included.
  failed: "Failed to retreive promo page. Try to refresh",
  download: (name: string) => `Download ${name} app for exclusive specials.`,
  appStore: "Download on the App Store",
  googlePlay: "Get it on Google Play",
  qrAlt: (name: string) => `QR code for the ${name} app`,
  qrCaption: "Scan with your phone camera to get the app",
  preview: (name: string) => `Preview of the ${name} app`,
  features: "In the app",
  poweredBy: "Powered by",
  logoAlt: (name: string) => `${name} logo`,
  bottomLogoAlt: (name: string) => `${name}`,
  editTitle: "Edit title",
  titleLabel: "Promo title",
  edit: "Edit",
  editItem: (title: string) => `Edit ${title}`,
  itemTitle: "Title",
  itemSubtitle: "Subtitle",
  changeIcon: "Change icon",
  // The icon picker's texts are the builder's (spec §2: 'Change button icon', Change, Cancel, 'No Icons available').
  iconModalTitle: "Change button icon",
  change: "Change",
  cancel: "Cancel",
  save: "Save",
  noIcons: "No Icons available",
  category: "Category",
  loadingIcons: "Loading icons…",
  saving: "Saving…",
  saved: "Saved",
  editing: "You can edit this page: select the title or an item's Edit button.",
};

export type PromoTexts = typeof en;

const es: PromoTexts = {
  failed: "No se pudo obtener la página promocional. Intenta actualizar",
  download: (name) => `Descarga la app ${name} para obtener ofertas exclusivas.`,
  appStore: "Descárgala en el App Store",
  googlePlay: "Disponible en Google Play",
  qrAlt: (name) => `Código QR de la app ${name}`,
  qrCaption: "Escanea con la cámara de tu teléfono para obtener la app",
  preview: (name) => `Vista previa de la app ${name}`,
  features: "En la app",
  poweredBy: "Con la tecnología de",
  logoAlt: (name) => `Logotipo de ${name}`,
  bottomLogoAlt: (name) => `${name}`,
  editTitle: "Editar título",
  titleLabel: "Título de la promoción",
  edit: "Editar",
  editItem: (title) => `Editar ${title}`,
  itemTitle: "Título",
  itemSubtitle: "Subtítulo",
  changeIcon: "Cambiar icono",
  iconModalTitle: "Cambiar el icono del botón",
  change: "Cambiar",
  cancel: "Cancelar",
  save: "Guardar",
  noIcons: "No hay iconos disponibles",
  category: "Categoría",
  loadingIcons: "Cargando iconos…",
  saving: "Guardando…",
  saved: "Guardado",
  editing: "Puedes editar esta página: selecciona el título o el botón Editar de un elemento.",
};

export const promoTexts: Record<PromoLanguage, PromoTexts> = { en, es };
