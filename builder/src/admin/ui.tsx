import { Button, Popconfirm, Space } from "antd";
import type { ReactNode } from "react";
import { ApiFailure, notify, tokenStore } from "../api.ts";
import { type PageItem, pageItems } from "./logic.ts";

/** Spec §9 pagination: Previous, the current page ±2 plus first and last, Next. */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const count = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const items: PageItem[] = pageItems(page, count);
  return (
    <nav aria-label={label} className="admin-pager">
      <Space wrap>
        <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        {items.map((p, i) =>
          p === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <span key={`gap-${i}`} aria-hidden>
              …
            </span>
          ) : (
            <Button
              key={p}
              type={p === page ? "primary" : "default"}
              aria-current={p === page ? "page" : undefined}
              aria-label={`Page ${p}`}
              onClick={() => onChange(p)}
            >
              {p}
            </Button>
          ),
        )}
        <Button disabled={page >= count} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </Space>
    </nav>
  );
}

/** A button that asks first (every destructive or store-facing admin action). */
export function ConfirmButton({
  title,
  onConfirm,
  children,
  danger,
  okText,
  disabled,
  loading,
  type,
}: {
  title: ReactNode;
  onConfirm: () => unknown;
  children: ReactNode;
  danger?: boolean;
  okText?: string;
  disabled?: boolean;
  loading?: boolean;
  type?: "primary" | "default" | "link";
}) {
  return (
    <Popconfirm
      title={title}
      okText={okText ?? "Yes"}
      cancelText="Cancel"
      okButtonProps={{ danger }}
      onConfirm={() => onConfirm()}
      disabled={disabled}
    >
      <Button danger={danger} disabled={disabled} loading={loading} type={type}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/** An authenticated download (the admin token is a header, so a plain link cannot fetch it). */
export async function fetchWithToken(path: string): Promise<Blob> {
  const token = tokenStore.get();
  const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const failure = new ApiFailure(body?.error?.message ?? `Download failed (${res.status})`, res.status);
    notify("danger", failure.message);
    throw failure;
  }
  return res.blob();
}

/** Saves a blob under a file name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a blob in a new tab (an app-user file). */
export function openBlob(blob: Blob) {
  const url = URL.createObjectURL(blob);
  window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Uploads a file with XHR, which reports upload progress (fetch does not), and answers the envelope's data.
 */
export function uploadWithProgress<T>(
  path: string,
  file: Blob,
  fileName: string,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}`);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { data?: T; error?: { message?: string; code?: string; details?: unknown } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(100);
        resolve(body.data as T);
      } else
        reject(
          new ApiFailure(
            body?.error?.message ?? `Upload failed (${xhr.status})`,
            xhr.status,
            body?.error?.code,
            body?.error?.details,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiFailure("Network Error", 0));
    const form = new FormData();
    form.append("file", file, fileName);
    xhr.send(form);
  });
}

export const today = () => new Date().toISOString().slice(0, 10);
