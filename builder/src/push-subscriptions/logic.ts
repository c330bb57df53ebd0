/** One push subscription as the server lists it (GET /apps/{appId}/push-subscriptions). */
export interface PushSubscriptionRow {
  id: string;
  userId: string;
  platform: string;
  createdAt: string;
  updatedAt: string;
  user?: { name?: string | null; email?: string | null } | null;
}

export interface SubscriptionsPage {
  items: PushSubscriptionRow[];
  total: number;
}

export const PAGE_SIZE = 50;

export interface SubscriptionFilters {
  platform?: string;
  userId?: string;
}

/** The list call's query: skip/take from the 1-based page, filters only when set. */
export function listQuery(page: number, filters: SubscriptionFilters): Record<string, string | number> {
  const q: Record<string, string | number> = { skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE };
  if (filters.platform) q.platform = filters.platform;
  const userId = filters.userId?.trim();
  if (userId) q.userId = userId;
  return q;
}

/** How the table names a subscriber: 'Name (e-mail)', the name or the e-mail, else 'Anonymous'. */
export function subscriberLabel(row: Pick<PushSubscriptionRow, "user">): string {
  const name = row.user?.name?.trim();
  const email = row.user?.email?.trim();
  if (name && email) return `${name} (${email})`;
  return name || email || "Anonymous";
}

/** The file name of a download: the server's Content-Disposition name, else `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}
