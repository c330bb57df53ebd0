import { Button, Progress, Space, Typography } from "antd";
import { useId, useRef, useState } from "react";
import { CropModal } from "./CropModal.tsx";
import { type Crop, checkImageFile, IMAGE_TYPES, uploadImage } from "./uploadImage.ts";

interface Props {
  label: string;
  value?: string;
  onChange(url: string): void;
  id?: string;
  /** Inside a form that already prints the label. */
  hideLabel?: boolean;
}

/** Uploads an image through /api/images2 (converted to PNG by the server), shows progress, crops. */
export function ImageField({ label, value, onChange, id, hideLabel }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ownId = useId();
  const inputId = id ?? ownId;
  const lower = label.toLowerCase();

  const upload = async (file: Blob, crop?: Crop) => {
    const refused = checkImageFile(file);
    if (refused) return setError(refused);
    setError(null);
    setProgress(0);
    try {
      onChange(await uploadImage(file, setProgress, crop));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="image-field">
      {hideLabel ? null : (
        <label htmlFor={inputId} className="image-field-label">
          {label}
        </label>
      )}
      <Space align="center" wrap>
        {value ? <img src={value} alt={`${label} preview`} className="image-field-thumb" /> : null}
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          aria-label={hideLabel ? label : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload(file);
            e.target.value = "";
          }}
          className="visually-hidden"
        />
        <Button onClick={() => input.current?.click()} disabled={progress !== null}>
          {value ? `Replace ${lower}` : `Upload ${lower}`}
        </Button>
        {value ? (
          <>
            <Button onClick={() => setCropping(true)} disabled={progress !== null}>
              Crop
            </Button>
            <Button danger type="text" onClick={() => onChange("")}>
              Remove
            </Button>
          </>
        ) : null}
      </Space>
      {progress !== null ? <Progress percent={progress} size="small" aria-label={`${label} upload`} /> : null}
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
      {cropping && value ? (
        <CropModal
          src={value}
          onCancel={() => setCropping(false)}
          onCrop={async (crop) => {
            setCropping(false);
            // The stored PNG is the source: cropping again never loses more than the new box.
            const blob = await fetch(value).then((r) => r.blob());
            await upload(blob, crop);
          }}
        />
      ) : null}
    </div>
  );
}
