import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api.ts";
import { inOrder } from "./logic.ts";
import { offersKey } from "./previewOffers.ts";
import type { OfferInput, OfferKind, OfferRecord } from "./types.ts";

export { offersKey };

export function useOffers(appId: string, kind: OfferKind) {
  return useQuery({
    queryKey: offersKey(appId, kind),
    queryFn: () => api<OfferRecord[]>(`/apps/${appId}/${kind}`, { silent: true }),
  });
}

/** Puts a saved record into the cached list: replaced where it was, or first when new (the server's place). */
function putRecord(qc: QueryClient, appId: string, kind: OfferKind, record: OfferRecord) {
  qc.setQueryData<OfferRecord[]>(offersKey(appId, kind), (list) => {
    if (!list) return list;
    const i = list.findIndex((o) => o.id === record.id);
    if (i < 0) return [record, ...list];
    const next = [...list];
    next[i] = record;
    return next;
  });
}

export function useSaveOffer(appId: string, kind: OfferKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: OfferInput }) =>
      id
        ? api<OfferRecord>(`/apps/${appId}/${kind}/${id}`, { method: "PUT", body: input, silent: true })
        : api<OfferRecord>(`/apps/${appId}/${kind}`, { method: "POST", body: input, silent: true }),
    onSuccess: (record) => {
      putRecord(qc, appId, kind, record);
      qc.invalidateQueries({ queryKey: offersKey(appId, kind) });
    },
  });
}

export function useDeleteOffer(appId: string, kind: OfferKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/${kind}/${id}`, { method: "DELETE" }),
    onSuccess: (_r, id) => {
      qc.setQueryData<OfferRecord[]>(offersKey(appId, kind), (list) => list?.filter((o) => o.id !== id));
      qc.invalidateQueries({ queryKey: offersKey(appId, kind) });
      if (kind === "coupons") qc.invalidateQueries({ queryKey: ["special-packages", appId] });
    },
  });
}

/**
 * Saves a new order optimistically: the list moves at once, the server's answer replaces it, and a
 * failure puts the previous order back (the caller says why).
 */
export function useReorderOffers(appId: string, kind: OfferKind, onFailed: (message: string) => void) {
  const qc = useQueryClient();
  const key = offersKey(appId, kind);
  return useMutation({
    mutationFn: (order: string[]) =>
      api<OfferRecord[]>(`/apps/${appId}/${kind}/order`, { method: "PUT", body: { order }, silent: true }),
    onMutate: async (order) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<OfferRecord[]>(key);
      if (previous) qc.setQueryData(key, inOrder(previous, order));
      return { previous };
    },
    onError: (e, _order, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      onFailed((e as Error).message);
    },
    onSuccess: (list) => {
      if (Array.isArray(list)) qc.setQueryData(key, list);
    },
  });
}
