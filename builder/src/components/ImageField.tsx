import { Button, Progress, Space, Typography } from "antd";
import { useId, useRef, useState } from "react";
import { tokenStore } from "../api.ts";

interface Props {
  label: string;
  value?: string;
  onChange(url: string): void;
}

/** Uploads an image through /api/images2 (converted to PNG by the server) and shows progress. */
export function ImageField({ label, value, onChange }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const upload = (file: File) => {
    setError(null);
    setProgress(0);
    // XMLHttpRequest, because fetch cannot report upload progress.
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/images2");
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setProgress(null);
      let body: any = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: falls through to the generic text */
      }
      if (xhr.status === 200 && body?.data?.url) onChange(body.data.url);
      else setError(body?.error?.message ?? "There was an error while performing request. Try again later");
    };
    xhr.onerror = () => {
      setProgress(null);
      setError("Network Error");
    };
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  };

  return (
    <div className="image-field">
      <label htmlFor={id} className="image-field-label">
        {label}
      </label>
      <Space align="center" wrap>
        {value ? <img src={value} alt={`${label} preview`} className="image-field-thumb" /> : null}
        <input
          id={id}
          ref={input}
          type="file"
          accept="image/*"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload(file);
            e.target.value = "";
          }}
          className="visually-hidden"
        />
        <Button onClick={() => input.current?.click()} disabled={progress !== null}>
          {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </Button>
        {value ? (
          <Button danger type="text" onClick={() => onChange("")}>
            Remove
          </Button>
        ) : null}
      </Space>
      {progress !== null ? <Progress percent={progress} size="small" aria-label={`${label} upload`} /> : null}
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
