import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  StaffMemberInput,
  StaffMemberPage,
  StaffMemberRecord,
  StaffTally,
  StaffTallyNotification,
  StaffTallyNotificationRecord,
  TaskRecord,
} from "../../../schemas/index.ts";
import { ApiFailure, api, tokenStore } from "../api.ts";
import { taskFinished } from "./logic.ts";

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

/**
 * Sends a CSV file to the import (text/csv with the caller's token: the api client sends JSON only);
 * answers the task to poll.
 */
export async function startImport(appId: string, file: File): Promise<string> {
  const token = tokenStore.get();
  const res = await fetch(`/api/apps/${appId}/staff-members/csv?fileName=${encodeURIComponent(file.name)}`, {
    method: "POST",
    headers: {
      "content-type": "text/csv",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: await file.text(),
  });
  let body: { data?: { taskId: string }; error?: { message?: string; code?: string } } = {};
  try {
    body = await res.json();
  } catch {
    // not JSON: the status says what happened
  }
  if (res.status !== 202 || !body.data?.taskId)
    throw new ApiFailure(
      body.error?.message ?? `The import failed (${res.status})`,
      res.status,
      body.error?.code,
    );
  return body.data.taskId;
}

/** Polls an import task every half second until it is done or failed. */
export function useTask(appId: string, taskId: string | null) {
  return useQuery({
    queryKey: ["task", appId, taskId],
    enabled: Boolean(taskId),
    queryFn: () =>
      api<TaskRecord>(`/public/apps/${appId}/tasks/${taskId}`, {
        query: { taskType: "staff-import" },
        silent: true,
      }),
    refetchInterval: (q) => (taskFinished(q.state.data) ? false : 500),
  });
}

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
