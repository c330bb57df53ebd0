/** Pages shown around the current one (spec §9: current page ±2 plus first and last). */
export const PAGE_WINDOW = 2;

/**
 * Page numbers to show (1-based, ascending): the first, the last, and the current ±2. Callers draw a gap
 * wherever two neighbours differ by more than one.
 */
export function pageNumbers(current: number, totalPages: number): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const pages = new Set([1, totalPages]);
  for (let p = page - PAGE_WINDOW; p <= page + PAGE_WINDOW; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  return [...pages].sort((a, b) => a - b);
}

/** Number of pages for a total count (admin list 20 per page, subscriptions 50: spec §9). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(0, Math.ceil(total / pageSize));

export const ADMIN_PAGE_SIZE = 20;
export const SUBSCRIPTIONS_PAGE_SIZE = 50;
