import { useQuery } from "@tanstack/react-query";
import type { TaskRecord } from "../../schemas/index.ts";
import { ApiFailure, api, tokenStore } from "./api.ts";
import { taskFinished } from "./staff/logic.ts";

/**
 * Posts a CSV import (text/csv with the caller's token: the api client sends JSON only) and answers the task
 * to poll; anything but 202 with a task id is the server's error (or the status when it sent no JSON).
 */
export async function postCsvImport(url: string, body: BodyInit): Promise<string> {
  const token = tokenStore.get();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "text/csv", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  let json: { data?: { taskId: string }; error?: { message?: string; code?: string } } = {};
  try {
    json = await res.json();
  } catch {
    // not JSON: the status says what happened
  }
  if (res.status !== 202 || !json.data?.taskId)
    throw new ApiFailure(
      json.error?.message ?? `The import failed (${res.status})`,
      res.status,
      json.error?.code,
    );
  return json.data.taskId;
}

/** Polls an import task of `taskType` every half second until it is done or failed. */
export function useImportTask(appId: string, taskId: string | null, taskType: string) {
  return useQuery({
    queryKey: ["task", appId, taskId],
    enabled: Boolean(taskId),
    queryFn: () =>
      api<TaskRecord>(`/public/apps/${appId}/tasks/${taskId}`, { query: { taskType }, silent: true }),
    refetchInterval: (q) => (taskFinished(q.state.data) ? false : 500),
  });
}
