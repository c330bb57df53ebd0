/**
 * The country code national numbers are read in. The product's dealers are US-first, so a number typed
 * without a country code is a North American one (+1).
 */
export const DEFAULT_COUNTRY_CODE = "1";

/** E.164: a + and 8 to 15 digits, never starting with 0. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/**
 * One spelling per phone number, E.164 (+15550102030), from the ways people type it: separators (spaces,
 * dashes, dots, brackets) dropped; `+`, `00` and (for North America) `011` as the international prefix, with
 * stray zeros after it dropped (`+01…`, `001…`); a national number with a trunk prefix (`0…`, or `1…` in
 * North America) read in the default country. Undefined when the result cannot be a valid E.164 number.
 */
export function toE164(input: string, defaultCountryCode = DEFAULT_COUNTRY_CODE): string | undefined {
  const compact = input.trim().replace(/[\s\-().]/g, "");
  if (!/^\+?\d+$/.test(compact)) return undefined;
  let international: string | undefined;
  if (compact.startsWith("+")) international = compact.slice(1);
  else if (compact.startsWith("00")) international = compact.slice(2);
  else if (defaultCountryCode === "1" && compact.startsWith("011")) international = compact.slice(3);
  const e164 =
    international !== undefined
      ? `+${international.replace(/^0+/, "")}`
      : national(compact.replace(/^0+/, ""), defaultCountryCode);
  if (!e164 || !E164_PATTERN.test(e164)) return undefined;
  // North American numbers are ten digits after the +1, the area code starting with 2 to 9.
  if (e164.startsWith("+1") && !/^\+1[2-9]\d{9}$/.test(e164)) return undefined;
  return e164;
}

function national(digits: string, countryCode: string): string | undefined {
  if (countryCode === "1") {
    // A North American number: ten digits, or eleven with the trunk prefix 1.
    if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
    return digits.length === 10 ? `+1${digits}` : undefined;
  }
  return `+${countryCode}${digits}`;
}
