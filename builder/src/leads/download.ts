import { notify, tokenStore } from "../api.ts";

/**
 * Downloads a file the API makes (a CSV export) with the caller's token: fetched, then saved from a blob
 * under the given name (a plain link would go without the Authorization header).
 */
export async function downloadWithToken(path: string, fileName: string): Promise<void> {
  const token = tokenStore.get();
  const res = await fetch(`/api${path}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "x-user-timezone-offset": String(new Date().getTimezoneOffset()),
    },
  });
  if (!res.ok) {
    let message = `The export failed (${res.status})`;
    try {
      const body = (await res.json()) as { error?: { message?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      /* not JSON: keep the status */
    }
    notify("danger", message);
    throw new Error(message);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
