/** The console's query parameters (spec §2): `_e` demo code, `_h` hidden mode. */
export interface Modes {
  /** Demo mode: on when `_e` is present and not "0". */
  demo: boolean;
  demoCode: string | null;
  /** Hidden mode: `_h` equal to 1. */
  hidden: boolean;
}

export function parseModes(search: string): Modes {
  const params = new URLSearchParams(search);
  const demoCode = params.get("_e");
  return { demo: demoCode !== null && demoCode !== "0", demoCode, hidden: params.get("_h") === "1" };
}

/** The mode parameters of a search string, to carry them across the console's own links. */
export function modeSearch(search: string): string {
  const from = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of ["_e", "_h"]) {
    const v = from.get(key);
    if (v !== null) out.set(key, v);
  }
  const s = out.toString();
  return s ? `?${s}` : "";
}
