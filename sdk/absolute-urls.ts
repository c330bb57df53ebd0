/**
 * The widget runs on other sites than the API (its main use), but the server writes the addresses of what it
 * stores root-relative: uploaded images `/api/images/…`, bank icons `/api/icon-files/…`. Left as they are, the
 * browser would fetch them from the host site. Every answer of the API passes through `absoluteUrls` as it
 * enters the widget (`client.ts`), so the views only ever see addresses on the API's origin; the builder
 * preview and the promo simulator render on that origin already and never go through here.
 *
 * What is rewritten:
 * - a string under a key that names an address (`logo`, `cover`, `image`, `icon`, `stampIcon`, `link`,
 *   `path`, `url`, `website`, `…Url`, `…Image`, `…Icon`, `…Logo`, `…Link`, `…Path`, also inside arrays held by
 *   such keys) that is a relative path: root-relative (`/x`) or dot-relative (`./x`, `../x`);
 * - anywhere else, a string that is a path under the API (`/api/…`), whatever its key.
 *
 * Everything else is kept as it is: absolute addresses (`https:`, `data:`, app links), protocol-relative ones
 * (`//cdn…`: the page's scheme), addresses without a scheme (`dealer.example/x`: a link's scheme is added
 * when it is followed, spec §5), texts, and paths that would leave the API's origin once resolved
 * (`/\evil.example`). The safety rules of `views/safe-url.ts` still apply to the result.
 */

const ADDRESS_KEY =
  /^(?:logo|cover|image|images|icon|icons|src|href|url|urls|link|links|path|website|photo|picture|avatar|thumbnail)$|(?:Url|Urls|Image|Images|Icon|Icons|Logo|Link|Links|Path|Src|Href|Photo)$/;
/** A path relative to the site: `/x` (not `//x`, not `/\x`), `./x` or `../x`; no white space. */
const RELATIVE_PATH = /^(?:\/(?![/\\])|\.\.?\/)\S*$/;
const API_PATH = /^\/api\/\S*$/;

/** `value` resolved against `base` when it is a relative path that stays on the base's origin, else unchanged. */
export function absoluteUrl(value: string, base: string): string {
  if (!RELATIVE_PATH.test(value)) return value;
  try {
    const resolved = new URL(value, base);
    return resolved.origin === new URL(base).origin ? resolved.href : value;
  } catch {
    return value;
  }
}

/**
 * A copy of `data` (JSON from the API) with its relative addresses resolved against `base`, the API's
 * address (`https://api.example/`). Keys are copied as data, so a `__proto__` key stays a plain key.
 */
export function absoluteUrls<T>(data: T, base: string): T {
  let origin: string;
  try {
    origin = new URL(base).origin;
  } catch {
    return data; // no absolute base to resolve against: nothing can be made absolute
  }
  if (origin === "null") return data;
  const walk = (value: unknown, addressKey: boolean): unknown => {
    if (typeof value === "string")
      return addressKey || API_PATH.test(value) ? absoluteUrl(value, base) : value;
    if (Array.isArray(value)) return value.map((v) => walk(v, addressKey));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, ADDRESS_KEY.test(k))]));
    return value;
  };
  return walk(data, false) as T;
}
