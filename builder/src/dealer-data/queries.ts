import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DealerKind,
  GloveboxDocument,
  IntegrationKey,
  IntegrationKeyCreated,
  InventoryReport,
  InventoryResults,
  InventorySearch,
  TaskRecord,
} from "../../../schemas/index.ts";
import { api } from "../api.ts";
import { postCsvImport, useImportTask } from "../importTask.ts";

export const dealerKey = (appId: string) => ["dealer-data", appId] as const;

export interface DealerPageData<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** One page of a kind's records (q searches numbers, VIN and customer). */
export function useDealerList<T>(appId: string, kind: DealerKind, q: string, page: number, pageSize = 20) {
  return useQuery({
    queryKey: [...dealerKey(appId), kind, q, page, pageSize],
    queryFn: () =>
      api<DealerPageData<T>>(`/apps/${appId}/${kind}`, {
        query: { q: q || undefined, page, pageSize },
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInventorySearch(appId: string, filter: InventorySearch) {
  return useQuery({
    queryKey: [...dealerKey(appId), "inventory-search", filter],
    queryFn: () =>
      api<InventoryResults>(`/apps/${appId}/inventory/search`, {
        method: "POST",
        body: filter,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteRecord(appId: string, kind: DealerKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/${kind}/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dealerKey(appId) }),
  });
}

export function useImports(appId: string) {
  return useQuery({
    queryKey: [...dealerKey(appId), "imports"],
    queryFn: () => api<TaskRecord[]>(`/apps/${appId}/dealer-data/imports`, { silent: true }),
  });
}

export function useIntegrationKeys(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...dealerKey(appId), "integration-keys"],
    enabled,
    queryFn: () => api<IntegrationKey[]>(`/apps/${appId}/integration-keys`, { silent: true }),
  });
}

export function useCreateKey(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<IntegrationKeyCreated>(`/apps/${appId}/integration-keys`, {
        method: "POST",
        body: { name },
        silent: true,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...dealerKey(appId), "integration-keys"] }),
  });
}

export function useRevokeKey(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/integration-keys/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...dealerKey(appId), "integration-keys"] }),
  });
}

export function useUserDocuments(appId: string, userId: string) {
  return useQuery({
    queryKey: [...dealerKey(appId), "documents", userId],
    queryFn: () => api<GloveboxDocument[]>(`/apps/${appId}/app-users/${userId}/documents`, { silent: true }),
  });
}

/** Sends a CSV file with its column mapping to the import; answers the task to poll. */
export function startDealerImport(
  appId: string,
  kind: DealerKind,
  file: File,
  mapping: Record<string, string>,
): Promise<string> {
  const query = new URLSearchParams({ fileName: file.name, mapping: JSON.stringify(mapping) });
  return postCsvImport(`/api/apps/${appId}/dealer-data/${kind}/csv?${query}`, file);
}

/** Polls a dealer import task until it is done or failed. */
export const useDealerTask = (appId: string, taskId: string | null) =>
  useImportTask(appId, taskId, "dealer-import");

/** The widget's views, favourites and leads per vehicle, the last 30 days (analytics.read). */
export function useInventoryReport(appId: string) {
  return useQuery({
    queryKey: [...dealerKey(appId), "inventory-report"],
    queryFn: () =>
      api<InventoryReport>(`/apps/${appId}/analytics/inventory/report`, {
        method: "POST",
        body: {},
        silent: true,
      }),
  });
}
