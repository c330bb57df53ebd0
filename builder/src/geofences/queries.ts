import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api.ts";
import { inOrder } from "../offers/logic.ts";
import type { GeofenceInput, GeofenceRecord } from "./logic.ts";

export const geofencesKey = (appId: string) => ["geofences", appId] as const;

export function useGeofences(appId: string) {
  return useQuery({
    queryKey: geofencesKey(appId),
    queryFn: () => api<GeofenceRecord[]>(`/apps/${appId}/geofences`, { silent: true }),
  });
}

/** Puts a saved geofence into the cached list: replaced where it was, or last when new. */
function putRecord(qc: QueryClient, appId: string, record: GeofenceRecord) {
  qc.setQueryData<GeofenceRecord[]>(geofencesKey(appId), (list) => {
    if (!list) return list;
    const i = list.findIndex((g) => g.id === record.id);
    if (i < 0) return [...list, record];
    const next = [...list];
    next[i] = record;
    return next;
  });
}

export function useSaveGeofence(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GeofenceInput }) =>
      id
        ? api<GeofenceRecord>(`/apps/${appId}/geofences/${id}`, { method: "PUT", body: input, silent: true })
        : api<GeofenceRecord>(`/apps/${appId}/geofences`, { method: "POST", body: input, silent: true }),
    onSuccess: (record) => {
      putRecord(qc, appId, record);
      qc.invalidateQueries({ queryKey: geofencesKey(appId) });
    },
  });
}

export function useDeleteGeofence(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/apps/${appId}/geofences/${id}`, { method: "DELETE" }),
    onSuccess: (_r, id) => {
      qc.setQueryData<GeofenceRecord[]>(geofencesKey(appId), (list) => list?.filter((g) => g.id !== id));
      qc.invalidateQueries({ queryKey: geofencesKey(appId) });
    },
  });
}

/** A new order, saved optimistically; a failure puts the previous order back and says why. */
export function useReorderGeofences(appId: string, onFailed: (message: string) => void) {
  const qc = useQueryClient();
  const key = geofencesKey(appId);
  return useMutation({
    mutationFn: (order: string[]) =>
      api<GeofenceRecord[] | unknown>(`/apps/${appId}/geofences/order`, {
        method: "PUT",
        body: { order },
        silent: true,
      }),
    onMutate: async (order) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<GeofenceRecord[]>(key);
      if (previous) qc.setQueryData(key, inOrder(previous, order));
      return { previous };
    },
    onError: (e, _order, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      onFailed((e as Error).message);
    },
    onSuccess: (list) => {
      if (Array.isArray(list)) qc.setQueryData(key, list as GeofenceRecord[]);
    },
  });
}
