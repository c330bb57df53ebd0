import en from "../../locales/errors/en.json";
import es from "../../locales/errors/es.json";
import { type Lang, lookup, type Tree } from "./i18n.ts";

/**
 * The end user's words for a failed call, in i18next's resource shape as the `errors` namespace
 * (locales/errors/{en,es}.json). Apart from the views' texts so they load only when a call fails: the
 * widget's first view has no room for them (40 KB gzip budget).
 */
export const errorResources: Record<"en" | "es", Tree> = { en, es };

const fields = Object.entries(en.field).map(
  ([key, text]) =>
    [
      key,
      new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\{(\w+)\}\}/g, "(?<$1>.+)")}$`),
    ] as const,
);

function say(lang: Lang, key: string, vars?: Record<string, string>): string | undefined {
  const text = lookup(lang === "es" ? es : en, key) ?? lookup(en, key);
  return vars ? text?.replace(/\{\{(\w+)\}\}/g, (m, name: string) => vars[name] ?? m) : text;
}

/**
 * What an end user reads for a failed call: the server answers coded errors (`server/errors.ts`,
 * `server/ops/mobile-errors.ts`), so the text is looked up by `code` in the end user's language (`code.*`),
 * with the spec's exact English; the client's own failures use `unknown`, `network` and `timeout`. A
 * validation error's message is one of the spec's field messages and is translated as such (`field.*`).
 * A code without a text keeps the server's message. French reads English.
 */
export function errorText(lang: Lang, code: string | undefined, serverMessage?: string): string {
  if (code === "Validation" && serverMessage)
    for (const [key, pattern] of fields) {
      const m = pattern.exec(serverMessage);
      if (m) return say(lang, `field.${key}`, m.groups) as string;
    }
  const known = code ? say(lang, `code.${code}`) : undefined;
  if (known !== undefined) return lang === "en" && serverMessage ? serverMessage : known;
  return serverMessage || (say(lang, "code.unknown") as string);
}
