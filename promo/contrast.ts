/** sRGB channels of a #rgb / #rrggbb colour, or null for other notations. */
function channels(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/**
 * The page's body text colour on the owner's background colour: dark on light backgrounds, white on dark
 * ones, so the texts nobody picked a colour for stay readable (WCAG contrast) whatever the background.
 */
export function textColorOn(background: string | undefined): string {
  const rgb = background ? channels(background) : null;
  if (!rgb) return "#1f2329";
  // Contrast against black vs white: pick whichever is larger.
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#1f2329" : "#ffffff";
}
