import en from "../../locales/en.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";

/**
 * The views' texts. A lookup of a few lines instead of i18next: the widget's whole first view must stay under
 * 40 KB gzip (issue 6), and these resources use i18next's JSON shape (`{{var}}`, `_item` keys) so the
 * surfaces that do run i18next can load the same files.
 */
export type Lang = "en" | "es" | "fr";
type Tree = { [key: string]: string | Tree };

const resources: Record<Lang, Tree> = { en, es, fr };

/** Languages the views speak; French covers the app-download banner only and falls back to English. */
export const LANGS: readonly Lang[] = ["en", "es", "fr"];

/** The supported language closest to a tag like "es-MX"; English otherwise. */
export function pickLang(tag: string | null | undefined): Lang {
  const base = (tag ?? "").toLowerCase().split(/[-_]/)[0];
  return (LANGS as readonly string[]).includes(base) ? (base as Lang) : "en";
}

function lookup(tree: Tree, key: string): string | undefined {
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
    const text = lookup(resources[lang], key) ?? lookup(resources.en, key) ?? key;
    return vars
      ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
      : text;
  };
}

/**
 * The same files in i18next's `resources` shape (one `translation` namespace per language), so a surface that
 * runs i18next (`i18next.init({ resources: i18nextResources, fallbackLng: "en" })`) reads the very texts the
 * views show; `locales/parity.test.ts` checks that i18next and `translator` agree on every key.
 */
export const i18nextResources = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
} as const;

const validationPatterns = Object.entries((en as { validation: Record<string, string> }).validation).map(
  ([key, text]) =>
    [
      key,
      new RegExp(
        `^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\\?\{(\w+)\\?\}\\?\}/g, "(?<$1>.+)")}$`,
      ),
    ] as const,
);

/**
 * What an end user reads for a failed call: the server answers coded errors (`server/errors.ts`,
 * `server/ops/mobile-errors.ts`), so the text is looked up by `code` in the end user's language (`errors.*`),
 * with the spec's exact English; the client's own failures use `unknown`, `network` and `timeout`. A
 * validation error's message is one of the spec's field messages and is translated as such (`validation.*`).
 * A code without a text keeps the server's message.
 */
export function errorText(lang: Lang, code: string | undefined, serverMessage?: string): string {
  const t = translator(lang);
  if (code === "Validation" && serverMessage)
    for (const [key, pattern] of validationPatterns) {
      const m = pattern.exec(serverMessage);
      if (m) return t(`validation.${key}`, m.groups);
    }
  const key = `errors.${code}`;
  if (code && lookup(resources.en, key) !== undefined)
    return lang === "en" && serverMessage ? serverMessage : t(key);
  return serverMessage || t("errors.unknown");
}
