import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { COLORFUL_MARKER, visibleIconCategories } from "../../core/index.ts";
import type { IconCategory } from "../../schemas/index.ts";

/**
 * The icon bank (spec §3: categories each with a category and icons) built from two maintained, MIT-licensed
 * icon packages: Tabler Icons (outline SVGs, tinted with the app's icon colour) and Microsoft's Fluent Emoji
 * Flat (full-colour, served under '[colorful]' names so the widget draws them untinted, spec §3).
 *
 * The bank's own categories keep the product's historic names (Events, Hospitality, Fitness...); spec §9's
 * renames and hidden categories and the Restaurant restriction are applied when the bank is read, by the
 * shared rule in core (visibleIconCategories).
 */

const require = createRequire(import.meta.url);
// @tabler/icons only exports its SVG folder; its metadata sits two levels above an exported file.
const tablerDir = path.resolve(path.dirname(require.resolve("@tabler/icons/outline/car.svg")), "../..");
const fluentDir = path.dirname(require.resolve("@iconify-json/fluent-emoji-flat/icons.json"));

interface SourceCategory {
  name: string;
  /** Automotive categories are hidden for Restaurant apps (spec §6). */
  automotive?: boolean;
  tablerCategories?: string[];
  tablerNames?: RegExp;
  fluentCategory?: string;
}

/** The bank's categories in display order, with their names before the renames of spec §9. */
const sources: SourceCategory[] = [
  {
    name: "Automotive",
    automotive: true,
    tablerCategories: ["Vehicles"],
    tablerNames:
      /^(car|engine|gas-station|steering-wheel|battery-automotive|manual-gearbox|wheel|parking|road|license|key|tir|wiper)(-|$)/,
  },
  {
    name: "Service",
    automotive: true,
    tablerNames:
      /^(tool|tools|hammer|settings|adjustments|clipboard-check|checklist|certificate|shield-check|bolt|droplet|spray|bucket|brush|nut|car-lifter|car-garage)(-|$)/,
  },
  {
    name: "Events",
    tablerNames:
      /^(calendar|confetti|gift|ticket|speakerphone|discount|rosette-discount|tag|tags|balloon|cake|sparkles|star|award|trophy|crown)(-|$)/,
  },
  {
    name: "Hospitality",
    tablerCategories: ["Buildings"],
    tablerNames:
      /^(bed|tools-kitchen|coffee|glass|shopping-cart|shopping-bag|building-store|receipt|basket|armchair|door)(-|$)/,
  },
  { name: "Retail", tablerCategories: ["E-commerce"] },
  { name: "Food & Drink", tablerCategories: ["Food"] },
  { name: "Fitness", tablerCategories: ["Sport"] },
  { name: "Communication", tablerCategories: ["Communication"] },
  { name: "Location", tablerCategories: ["Map"] },
  {
    name: "Finance",
    tablerCategories: ["Currencies"],
    tablerNames:
      /^(cash|credit-card|receipt|coin|coins|wallet|pig-money|report-money|businessplan|building-bank)(-|$)/,
  },
  { name: "Social", tablerCategories: ["Brand"] },
  { name: "Media", tablerCategories: ["Media", "Photography"] },
  { name: "Weather", tablerCategories: ["Weather"] },
  { name: "General", tablerCategories: ["System", "Symbols", "Badges", "Mood"] },
  { name: "Colorful Travel & Places", fluentCategory: "Travel & Places" },
  { name: "Colorful Food & Drink", fluentCategory: "Food & Drink" },
  { name: "Colorful Objects", fluentCategory: "Objects" },
  { name: "Colorful Activities", fluentCategory: "Activities" },
  { name: "Colorful Animals & Nature", fluentCategory: "Animals & Nature" },
  { name: "Colorful Symbols", fluentCategory: "Symbols" },
];

let bank: IconCategory[] | undefined;

/** Every category of the bank under its own name; icons are file names ("car.svg", "[colorful]automobile.svg"). */
function allCategories(): IconCategory[] {
  if (bank) return bank;
  const tabler = JSON.parse(fs.readFileSync(path.join(tablerDir, "icons.json"), "utf8")) as Record<
    string,
    { name: string; category?: string; styles?: { outline?: unknown } }
  >;
  const outline = Object.values(tabler).filter((i) => i.styles?.outline);
  const fluent = JSON.parse(fs.readFileSync(path.join(fluentDir, "metadata.json"), "utf8")) as {
    categories: Record<string, string[]>;
  };
  bank = sources.map((s) => {
    let icons: string[];
    if (s.fluentCategory)
      icons = (fluent.categories[s.fluentCategory] ?? []).map((n) => `${COLORFUL_MARKER}${n}.svg`);
    else
      icons = outline
        .filter(
          (i) =>
            (i.category && s.tablerCategories?.includes(i.category)) ||
            (s.tablerNames?.test(i.name) && i.category !== "Brand"),
        )
        .map((i) => `${i.name}.svg`)
        .sort();
    return { category: s.name, automotive: s.automotive === true, icons };
  });
  return bank;
}

/** The categories a business of this domain type sees (renamed; hidden and, for Restaurant, automotive ones out). */
export function visibleCategories(domainType?: string): IconCategory[] {
  return visibleIconCategories(allCategories(), { domainType }).filter((c) => c.icons.length > 0);
}

export const iconUrl = (file: string) => `/api/icon-files/${file}`;

export function findCategory(name: string, domainType?: string): IconCategory | undefined {
  const wanted = name.trim().toLowerCase();
  return visibleCategories(domainType).find((c) => c.category.toLowerCase() === wanted);
}

/** Icons whose name contains every word of the query, across the visible categories (the gallery). */
export function searchIcons(query: string, domainType?: string, limit = 200): string[] {
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (!words.length) return [];
  const out = new Set<string>();
  for (const c of visibleCategories(domainType))
    for (const icon of c.icons) {
      const name = icon.replace(COLORFUL_MARKER, "").replace(/\.svg$/, "");
      if (words.every((w) => name.includes(w))) out.add(icon);
      if (out.size >= limit) return [...out];
    }
  return [...out];
}

const FILE = /^(\[colorful\])?([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

let fluentIcons:
  | {
      width?: number;
      height?: number;
      icons: Record<string, { body: string; width?: number; height?: number }>;
    }
  | undefined;

/** The SVG text of a bank icon file, or null when there is no such icon. */
export function iconSvg(file: string): string | null {
  const m = FILE.exec(file);
  if (!m) return null;
  const [, colorful, name] = m;
  if (!colorful) {
    try {
      return fs.readFileSync(path.join(tablerDir, "icons", "outline", `${name}.svg`), "utf8");
    } catch {
      return null;
    }
  }
  // Loaded on first use: the full-colour set is large and most requests are for the outline icons.
  fluentIcons ??= JSON.parse(fs.readFileSync(path.join(fluentDir, "icons.json"), "utf8"));
  const icon = fluentIcons!.icons[name];
  if (!icon) return null;
  const w = icon.width ?? fluentIcons!.width ?? 32;
  const h = icon.height ?? fluentIcons!.height ?? 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${icon.body}</svg>`;
}
