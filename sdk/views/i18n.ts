import en from "../../locales/en.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";

/**
 * The views' texts. A lookup of a few lines instead of i18next: the widget's whole first view must stay under
 * 40 KB gzip (issue 6), and these resources use i18next's JSON shape (`{{var}}`, `_item` keys) so the
 * surfaces that do run i18next can load the same files.
 */
export type Lang = "en" | "es" | "fr";
export type Tree = { [key: string]: string | Tree };

/**
 * Set by the widget's builds (scripts/build-targets.ts): Spanish is not bundled but loaded by `loadLang` for a
 * Spanish app, so an English app's first view does not carry it. Everywhere else (builder, promo, server
 * render, tests) every language is here at once.
 */
declare const __BRAND_APP_LAZY_LOCALES__: boolean | undefined;
const lazyLocales = typeof __BRAND_APP_LAZY_LOCALES__ !== "undefined" && __BRAND_APP_LAZY_LOCALES__;

// English is every other language's fallback and French is the banner's three texts: both always here.
const resources: Partial<Record<Lang, Tree>> = { en, fr };
if (!lazyLocales) resources.es = es;

/** Makes a language's texts available (a no-op when they are): the widget awaits it before drawing an app. */
export function loadLang(lang: Lang): Promise<void> {
  if (lang !== "es" || resources.es) return Promise.resolve();
  return import("../../locales/es.json").then((m) => {
    resources.es = m.default;
  });
}

/** One section of a language's texts (e.g. `account`), English where the language lacks it. */
export const textsOf = (lang: Lang, section: string): Tree =>
  (resources[lang]?.[section] ?? (en as Tree)[section]) as Tree;

/** Languages the views speak; French covers the app-download banner only and falls back to English. */
export const LANGS: readonly Lang[] = ["en", "es", "fr"];

/** The supported language closest to a tag like "es-MX"; English otherwise. */
export function pickLang(tag: string | null | undefined): Lang {
  const base = (tag ?? "").toLowerCase().split(/[-_]/)[0];
  return (LANGS as readonly string[]).includes(base) ? (base as Lang) : "en";
}

export function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A translator for one language: missing keys fall back to English, then to the key itself. */
export function translator(lang: Lang): Translate {
  return (key, vars) => {
    const text = lookup(resources[lang] ?? en, key) ?? lookup(en, key) ?? key;
    return vars
      ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
      : text;
  };
}
