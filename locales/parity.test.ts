import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { vehicleLabels } from "../core/vehicle-labels.ts";
import { promoTexts } from "../promo/texts.ts";
import { accountTexts, fill, langOf } from "../sdk/account/texts.ts";
import { errorText } from "../sdk/views/error-texts.ts";
import { translator } from "../sdk/views/i18n.ts";
import { i18nextResources } from "../sdk/views/i18next-resources.ts";
import { errors } from "../server/errors.ts";
import { mobileErrors } from "../server/ops/mobile-errors.ts";
import en from "./en.json";
import errorsEn from "./errors/en.json";
import errorsEs from "./errors/es.json";
import es from "./es.json";
import fr from "./fr.json";
import promoEn from "./promo/en.json";
import promoEs from "./promo/es.json";

type Tree = { [key: string]: string | Tree };

/** Every leaf key of a resource, dotted. */
const keysOf = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [prefix + k] : keysOf(v, `${prefix}${k}.`),
  );

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const leaf = (tree: Tree, key: string) =>
  key
    .split(".")
    .reduce<string | Tree | undefined>((n, p) => (typeof n === "object" ? n[p] : undefined), tree);

describe("locales: one set of texts in English and Spanish, French for the app-download banner", () => {
  const enKeys = keysOf(en);
  const esKeys = keysOf(es);

  it("has every English key in Spanish and every Spanish key in English", () => {
    expect(esKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !esKeys.includes(k))).toEqual([]);
  });

  it("has every error text in both languages, with the same placeholders", () => {
    const enErr = keysOf(errorsEn);
    const esErr = keysOf(errorsEs);
    expect(esErr.filter((k) => !enErr.includes(k))).toEqual([]);
    expect(enErr.filter((k) => !esErr.includes(k))).toEqual([]);
    for (const key of enErr)
      expect(placeholders(leaf(errorsEs, key) as string), key).toEqual(
        placeholders(leaf(errorsEn, key) as string),
      );
  });

  it("has the app-download banner in French, and nothing French that English lacks", () => {
    const frKeys = keysOf(fr);
    expect(frKeys).toEqual(expect.arrayContaining(["banner.text", "banner.download", "banner.close"]));
    expect(frKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(leaf(fr, "banner.text")).toBe("Téléchargez l'application gratuite pour des offres exclusives.");
  });

  it("keeps each text's placeholders in every language, in i18next's {{name}} shape only", () => {
    for (const key of enKeys) {
      const text = leaf(en, key) as string;
      expect(text, key).not.toMatch(/(^|[^{])\{\w+\}(?!\})/);
      expect(placeholders(leaf(es, key) as string), `es ${key}`).toEqual(placeholders(text));
      const frText = leaf(fr, key);
      if (typeof frText === "string") expect(placeholders(frText), `fr ${key}`).toEqual(placeholders(text));
    }
  });

  it("reads the same with i18next as with the views' lookup, for every key in every language", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: i18nextResources,
      fallbackLng: "en",
      interpolation: { escapeValue: false },
    });
    const vars = {
      item: "Logo",
      name: "Demo",
      n: 2,
      count: 3,
      number: "555",
      address: "Main St",
      period: "1 year",
    };
    for (const lang of ["en", "es", "fr"] as const) {
      const t = translator(lang);
      const fixed = i18n.getFixedT(lang);
      for (const key of enKeys)
        expect(fixed(key, { ...vars, date: "May 1st", time: "3 days" }), `${lang} ${key}`).toBe(
          t(key, { ...vars, date: "May 1st", time: "3 days" }),
        );
    }
    expect(i18n.getFixedT("fr")("banner.download")).toBe("Télécharger");
    expect(i18n.getFixedT("fr")("coupons.title")).toBe("Coupons");
    for (const lang of ["en", "es"] as const)
      for (const key of keysOf(errorsEn).filter((k) => k.startsWith("code.")))
        expect(i18n.getFixedT(lang, "errors")(key), `${lang} ${key}`).toBe(errorText(lang, key.slice(5)));
  });

  it("keeps the server's exact English message for every coded error the widget names", () => {
    const server: Record<string, { message: string }> = { ...errors, ...mobileErrors };
    const coded = keysOf(errorsEn.code).filter((k) => !["unknown", "network", "timeout"].includes(k));
    expect(coded.length).toBeGreaterThan(20);
    for (const code of coded) {
      if (code === "PayloadTooLarge") continue; // answered by server/error-reply.ts, checked below
      expect(server[code]?.message, code).toBe(leaf(errorsEn, `code.${code}`));
    }
    expect(errorsEn.code.PayloadTooLarge).toBe("The request body is too large");
    // Every coded error of the widget's own calls has a text.
    for (const code of Object.keys(mobileErrors))
      expect(leaf(errorsEs, `code.${code}`), code).toBeTypeOf("string");
  });
});

describe("errorText: the end user's words for a coded failure", () => {
  it("tells a rate limit in the app's language, with the server's exact English", () => {
    const message = errors.TooManyRequests.message;
    expect(errorText("en", "TooManyRequests", message)).toBe("Too many requests, try again later");
    expect(errorText("es", "TooManyRequests", message)).toBe("Demasiadas solicitudes, inténtalo más tarde");
    expect(errorText("es", "SendTooSoon", mobileErrors.SendTooSoon.message)).toBe(
      "Espera un minuto antes de pedir otro código",
    );
    expect(errorText("es", "WrongCode", mobileErrors.WrongCode.message)).toBe(
      "El código debe ser incorrecto :(",
    );
  });

  it("translates the spec's field messages of a validation error", () => {
    expect(errorText("es", "Validation", "invalid phone number")).toBe("número de teléfono no válido");
    expect(errorText("es", "Validation", "value should be maximum 24 characters")).toBe(
      "el valor debe tener como máximo 24 caracteres",
    );
    expect(errorText("en", "Validation", "invalid email")).toBe("invalid email");
    expect(errorText("es", "Validation", "something else")).toBe("Solicitud no válida");
  });

  it("keeps the server's message for a code it has no text for, and says 'Unknown error' without one", () => {
    expect(errorText("es", "SomethingNew", "A new failure")).toBe("A new failure");
    expect(errorText("en", undefined)).toBe("Unknown error");
    expect(errorText("es", undefined)).toBe("Error desconocido");
    expect(errorText("en", "timeout")).toBe("XMLHttpRequest timeout");
    expect(errorText("en", "network")).toBe("Network Error");
  });
});

describe("vehicle labels come from the shared resources", () => {
  it("says Vehicle or Trailer in Spanish for a Spanish app, the spec's English otherwise", () => {
    expect(vehicleLabels("Car", "es")).toEqual({
      make: "Marca",
      vehicleMake: "Marca del vehículo",
      model: "Modelo del vehículo",
      year: "Año del vehículo",
      vin: "Número de identificación del vehículo",
    });
    expect(vehicleLabels("Trailer", "es").model).toBe("Modelo del remolque");
    expect(vehicleLabels("Trailer", "en").vin).toBe("Trailer Identification Number");
    expect(vehicleLabels("Car", "fr").year).toBe("Vehicle Year");
  });
});

describe("the account screens and the promo page read the same resources", () => {
  it("has the account texts (translation namespace, account.*) in both languages, exactly as the screens show them", () => {
    expect(keysOf(es.account)).toEqual(keysOf(en.account));
    const enTexts = accountTexts("en");
    const esTexts = accountTexts("es");
    expect(enTexts.signIn).toBe("Sign In");
    expect(enTexts.later).toBe("Login later");
    expect(fill(enTexts.sent, { contact: "a@b.co" })).toBe(
      "We sent a code to a@b.co by email or text. It can take up to 2 minutes to arrive. If you used an email, check your junk folder.",
    );
    expect(fill(esTexts.errorCode, { code: 202 })).toBe("código 202");
    expect(accountTexts("fr")).toBe(enTexts);
    expect(langOf(esTexts)).toBe("es");
    expect(langOf(enTexts)).toBe("en");
  });

  it("has every promo text in English and Spanish with the same placeholders, and i18next reads what the page shows", async () => {
    const enKeys = keysOf(promoEn);
    expect(keysOf(promoEs)).toEqual(enKeys);
    for (const key of enKeys)
      expect(placeholders(leaf(promoEs, key) as string), key).toEqual(
        placeholders(leaf(promoEn, key) as string),
      );
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: i18nextResources,
      fallbackLng: "en",
      interpolation: { escapeValue: false },
    });
    for (const lang of ["en", "es"] as const) {
      const t = i18n.getFixedT(lang, "promo");
      const page = promoTexts[lang];
      for (const key of enKeys) {
        const shown = page[key as keyof typeof page];
        const text = typeof shown === "function" ? shown("Demo Motors") : shown;
        expect(t(key, { name: "Demo Motors", title: "Demo Motors" }), `${lang} ${key}`).toBe(text);
      }
    }
    // Spec §2 and §8, typo included.
    expect(promoTexts.en.failed).toBe("Failed to retreive promo page. Try to refresh");
    expect(promoTexts.en.download("Demo Motors")).toBe("Download Demo Motors app for exclusive specials.");
    expect(promoTexts.es.editItem("Cupones")).toBe("Editar Cupones");
  });
});
