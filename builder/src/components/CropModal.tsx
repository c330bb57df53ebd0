import { Button, Modal } from "antd";
import { type PointerEvent, useRef, useState } from "react";
import type { Crop } from "./uploadImage.ts";

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
const MIN = 16;
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/**
 * Draws a crop box over the image: drag inside to move it, drag the corner to resize it. The box is kept
 * in displayed pixels and sent with the displayed size, so the server scales it to the real image.
 */
export function CropModal({
  src,
  onCancel,
  onCrop,
}: {
  src: string;
  onCancel(): void;
  onCrop(crop: Crop): void;
}) {
  const img = useRef<HTMLImageElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [box, setBox] = useState<Box>({ x: 0, y: 0, w: 0, h: 0 });
  const drag = useRef<{ mode: "move" | "resize"; px: number; py: number; start: Box } | null>(null);

  const start = (mode: "move" | "resize") => (e: PointerEvent) => {
    e.stopPropagation();
    (e.target as Element).setPointerCapture(e.pointerId);
    drag.current = { mode, px: e.clientX, py: e.clientY, start: box };
  };
  const move = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || !size) return;
    const dx = e.clientX - d.px;
    const dy = e.clientY - d.py;
    if (d.mode === "move")
      setBox({
        ...d.start,
        x: clamp(d.start.x + dx, 0, size.w - d.start.w),
        y: clamp(d.start.y + dy, 0, size.h - d.start.h),
      });
    else
      setBox({
        ...d.start,
        w: clamp(d.start.w + dx, MIN, size.w - d.start.x),
        h: clamp(d.start.h + dy, MIN, size.h - d.start.y),
      });
  };

  return (
    <Modal
      open
      title="Crop image"
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button
          key="crop"
          type="primary"
          disabled={!size}
          onClick={() => size && onCrop({ initial: size, ...box })}
        >
          Crop
        </Button>,
      ]}
    >
      <div className="crop-stage" onPointerMove={move} onPointerUp={() => (drag.current = null)}>
        <img
          ref={img}
          src={src}
          alt="To crop"
          className="crop-image"
          onLoad={(e) => {
            const el = e.currentTarget;
            const s = { w: el.clientWidth, h: el.clientHeight };
            setSize(s);
            // Start with a centred box of 80% so the handles are easy to grab.
            setBox({ x: s.w * 0.1, y: s.h * 0.1, w: s.w * 0.8, h: s.h * 0.8 });
          }}
        />
        {size ? (
          <div
            className="crop-box"
            role="presentation"
            style={{ left: box.x, top: box.y, width: box.w, height: box.h }}
            onPointerDown={start("move")}
          >
            <span className="crop-handle" onPointerDown={start("resize")} />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
