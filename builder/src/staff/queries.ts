import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  StaffMemberInput,
  StaffMemberPage,
  StaffMemberRecord,
  StaffTally,
  StaffTallyNotification,
  StaffTallyNotificationRecord,
} from "../../../schemas/index.ts";
import { api } from "../api.ts";
import { postCsvImport, useImportTask } from "../importTask.ts";

export const PAGE_SIZE = 50;
export const staffKey = (appId: string) => ["staff", appId] as const;

export function useStaff(appId: string, q: string, page: number) {
  return useQuery({
    queryKey: [...staffKey(appId), "list", q, page],
    queryFn: () =>
      api<StaffMemberPage>(`/apps/${appId}/staff-members`, {
        query: { q: q || undefined, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE },
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveStaff(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: StaffMemberInput }) =>
      id
        ? api<StaffMemberRecord>(`/apps/${appId}/staff-members/${id}`, {
            method: "PUT",
            body: input,
            silent: true,
          })
        : api<StaffMemberRecord>(`/apps/${appId}/staff-members`, {
            method: "POST",
            body: input,
            silent: true,
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffKey(appId) }),
  });
}

export function useDeleteStaff(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/staff-members/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffKey(appId) }),
  });
}

export function useToggleDefault(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<StaffMemberRecord>(`/apps/${appId}/staff-members/${id}/toggle-default`, { method: "PUT" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffKey(appId) }),
  });
}

/** Sends a CSV file to the staff import; answers the task to poll. */
export const startImport = async (appId: string, file: File): Promise<string> =>
  postCsvImport(
    `/api/apps/${appId}/staff-members/csv?fileName=${encodeURIComponent(file.name)}`,
    await file.text(),
  );

/** Polls a staff import task until it is done or failed. */
export const useTask = (appId: string, taskId: string | null) => useImportTask(appId, taskId, "staff-import");

export function useTally(appId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...staffKey(appId), "tally", range.from, range.to],
    queryFn: () => api<StaffTally>(`/apps/${appId}/staff-members/tally`, { query: range, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useTallyNotification(appId: string) {
  return useQuery({
    queryKey: [...staffKey(appId), "tally-notification"],
    queryFn: () =>
      api<StaffTallyNotificationRecord>(`/apps/${appId}/staff-members/tally-notification`, { silent: true }),
  });
}

export function useSaveTallyNotification(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffTallyNotification) =>
      api<StaffTallyNotificationRecord>(`/apps/${appId}/staff-members/tally-notification`, {
        method: "PUT",
        body,
        silent: true,
      }),
    onSuccess: (record) => qc.setQueryData([...staffKey(appId), "tally-notification"], record),
  });
}
