import type { PointsProgram } from "./types.ts";

/** An amount in the smallest currency unit as dollars (the widget's loyalty screen shows USD too). */
export const formatValue = (cents: number, lang = "en-US") =>
  new Intl.NumberFormat(lang, { style: "currency", currency: "USD" }).format(cents / 100);

/** A stamp card's circles: `stamps` filled of `stampNumber` (extra stamps never draw more circles). */
export function stampCircles(stamps: number, stampNumber: number): boolean[] {
  const total = Math.max(0, Math.floor(stampNumber));
  const filled = Math.min(total, Math.max(0, Math.floor(stamps)));
  return Array.from({ length: total }, (_v, i) => i < filled);
}

const OPTIONAL_NUMBERS = [
  "expiryDays",
  "balanceLimit",
  "dailyCap",
  "monthlyCap",
  "annualCap",
  "maxPerVisit",
] as const;

/** The program to PUT from the form: emptied limits are left out (no limit), list rows get ids. */
export function programFromForm(v: Record<string, any>, newId: () => string): PointsProgram {
  const out: PointsProgram = {
    enabled: Boolean(v.enabled),
    conversionRate: Number(v.conversionRate),
    milestones: (v.milestones ?? []).filter(Boolean).map((m: any) => ({
      id: m.id || newId(),
      points: Number(m.points),
      title: String(m.title ?? "").trim(),
    })),
    rewards: (v.rewards ?? []).filter(Boolean).map((r: any) => ({
      id: r.id || newId(),
      title: String(r.title ?? "").trim(),
      points: Number(r.points),
      ...(r.description?.trim() ? { description: r.description.trim() } : {}),
    })),
  };
  for (const k of OPTIONAL_NUMBERS) {
    const n = v[k];
    if (n !== undefined && n !== null && n !== "") out[k] = Number(n);
  }
  if (typeof v.terms === "string" && v.terms.trim()) out.terms = v.terms.trim();
  return out;
}

/** Which limit a 409 PointsCapReached names, in words, with what may still be given. */
export function capMessage(message: string, details: unknown): string {
  const d = (details ?? {}) as { cap?: string; allowed?: number };
  const names: Record<string, string> = {
    daily: "daily cap",
    monthly: "monthly cap",
    annual: "annual cap",
    maxPerVisit: "maximum per visit",
    balanceLimit: "balance limit",
  };
  const parts = [message];
  if (d.cap && names[d.cap] && !message.toLowerCase().includes(names[d.cap])) parts.push(`(${names[d.cap]})`);
  if (typeof d.allowed === "number") parts.push(`At most ${d.allowed} points can be awarded now.`);
  return parts.join(" ");
}
