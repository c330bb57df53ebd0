/** One entry of the feature picker. */
export interface FeatureEntry {
  type: string;
  label: string;
  description: string;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The entries a search leaves, best first: every word typed must begin a word of the entry's name, its
 * description or its type ("call" finds Click to call, "coup" Coupons, "ClickToText" Texting). Entries
 * whose name matches come before those found only by their description; otherwise the list keeps its
 * order. An empty search leaves them all.
 */
export function searchFeatures(entries: FeatureEntry[], query: string): FeatureEntry[] {
  const wanted = words(query);
  if (!wanted.length) return entries;
  const hits = (text: string) => {
    const own = words(text);
    return wanted.every((w) => own.some((o) => o.startsWith(w)));
  };
  const byName: FeatureEntry[] = [];
  const byText: FeatureEntry[] = [];
  for (const e of entries) {
    const type = e.type.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
    if (hits(e.label)) byName.push(e);
    else if (hits(`${e.label} ${e.description} ${type} ${e.type}`)) byText.push(e);
  }
  return [...byName, ...byText];
}
