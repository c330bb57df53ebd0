import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../api.ts";
import type { AnalyticsReport, AnalyticsType, DashboardState } from "./logic.ts";
import { reportQuery } from "./logic.ts";

export const analyticsKey = (appId: string, type: AnalyticsType | "overview", query: object) =>
  ["analytics", appId, type, query] as const;

/**
 * GET /api/apps/{appId}/analytics/{type} for the page's range, interval and filters in the user's zone.
 * The last answer stays on screen while the next range loads (no flash of skeletons on every switch).
 */
export function useAnalyticsReport(
  appId: string,
  type: AnalyticsType | "overview",
  state: DashboardState,
  timeZone: string,
) {
  const query = reportQuery(state, timeZone);
  return useQuery({
    queryKey: analyticsKey(appId, type, query),
    queryFn: () => api<AnalyticsReport>(`/apps/${appId}/analytics/${type}`, { query, silent: true }),
    // Only the same dashboard's previous answer: another type's numbers would be the wrong ones.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === type ? keepPreviousData(previous) : undefined,
    staleTime: 30_000,
  });
}
