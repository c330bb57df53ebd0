import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AudienceChoices } from "../../../schemas/index.ts";
import { api } from "../api.ts";
import type { AudienceCount, PushOccurrence, PushRecord } from "./logic.ts";

export const pushesKey = (appId: string) => ["push-notifications", appId] as const;

/** How often View Schedule asks again while a push is being sent, so its status and counts follow the sender. */
export const LIVE_REFRESH_MS = 3000;

export function usePushes(appId: string) {
  return useQuery({
    queryKey: pushesKey(appId),
    queryFn: () => api<PushRecord[]>(`/apps/${appId}/push-notifications`, { silent: true }),
    refetchInterval: (q) => (q.state.data?.some((p) => p.status === "Delivering") ? LIVE_REFRESH_MS : false),
  });
}

export function usePush(appId: string, pushId: string | undefined) {
  return useQuery({
    queryKey: [...pushesKey(appId), pushId],
    queryFn: () => api<PushRecord>(`/apps/${appId}/push-notifications/${pushId}`, { silent: true }),
    enabled: Boolean(pushId),
    // The composer keeps what the user typed: no refetch under their hands.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useOccurrences(appId: string, pushId: string | undefined) {
  return useQuery({
    queryKey: ["push-occurrences", appId, pushId],
    queryFn: () =>
      api<PushOccurrence[]>(`/apps/${appId}/push-notifications/${pushId}/occurrences`, { silent: true }),
    enabled: Boolean(pushId),
    // A send still fanning out or sending ('done' when finished) keeps its counts moving.
    refetchInterval: (q) => (q.state.data?.some((o) => o.state !== "done") ? LIVE_REFRESH_MS : false),
  });
}

export function useSavePush(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: object }) =>
      id
        ? api<PushRecord>(`/apps/${appId}/push-notifications/${id}`, { method: "PUT", body, silent: true })
        : api<PushRecord>(`/apps/${appId}/push-notifications`, { method: "POST", body, silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pushesKey(appId) }),
  });
}

export function useDeletePush(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<true>(`/apps/${appId}/push-notifications/${id}`, { method: "DELETE", silent: true }),
    onSuccess: (_r, id) => {
      qc.setQueryData<PushRecord[]>(pushesKey(appId), (list) => list?.filter((p) => p.id !== id));
      qc.invalidateQueries({ queryKey: pushesKey(appId) });
    },
    onError: () => qc.invalidateQueries({ queryKey: pushesKey(appId) }),
  });
}

/** The live audience count; the caller debounces `body`. */
export function useAudienceCount(appId: string, body: object | null) {
  return useQuery({
    queryKey: ["push-audience-count", appId, body],
    queryFn: () =>
      api<AudienceCount>(`/apps/${appId}/push-notifications/audience-count`, {
        method: "POST",
        body: body ?? {},
        silent: true,
      }),
    enabled: body !== null,
    placeholderData: (prev) => prev,
  });
}

/** What the engine type, group and location filters can take for the target apps (the composer's selects). */
export function useAudienceChoices(appId: string, apps: string[]) {
  const key = [...apps].sort().join(",");
  return useQuery({
    queryKey: ["push-audience-choices", appId, key],
    queryFn: () =>
      api<AudienceChoices>(
        `/apps/${appId}/push-notifications/audience-choices${key ? `?apps=${encodeURIComponent(key)}` : ""}`,
        { silent: true },
      ),
    enabled: appId !== "new",
    placeholderData: (prev) => prev,
  });
}
