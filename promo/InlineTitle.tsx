import { useEffect, useRef, useState } from "react";
import type { PromoTexts } from "./texts.ts";

interface Props {
  value: string;
  color?: string;
  /** Present in editable mode: saves the new title. */
  onCommit?: (title: string) => void;
  error?: string;
  texts: PromoTexts;
}

/**
 * The promo title, toggling between display and edit (spec §4: Enter, Escape or leaving closes it). Enter
 * and leaving keep the text, Escape throws the change away.
 */
export function InlineTitle({ value, color, onCommit, error, texts }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  // The editor opens on the user's own click, so autoFocus moves focus where they expect it.
  // Closing unmounts the input, and a browser may then report a blur too: the first way out wins.
  const closed = useRef(true);

  const open = () => {
    setDraft(value);
    closed.current = false;
    setEditing(true);
  };
  // After Enter or Escape, keyboard users continue from the Edit button; after a click elsewhere, focus
  // stays where they clicked.
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = (keep: boolean, byKey = false) => {
    if (closed.current) return;
    closed.current = true;
    refocus.current = byKey;
    setEditing(false);
    if (keep && draft !== value) onCommit?.(draft);
  };

  const errorId = "promo-title-error";
  return (
    <div className="promo-title-row">
      {editing && onCommit ? (
        <input
          className="promo-title promo-title-input"
          aria-label={texts.titleLabel}
          aria-describedby={error ? errorId : undefined}
          style={{ color }}
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") close(true, true);
            else if (e.key === "Escape") close(false, true);
          }}
          onBlur={() => close(true)}
        />
      ) : (
        <h2 className="promo-title" style={{ color }}>
          {value}
        </h2>
      )}
      {onCommit && !editing ? (
        <button type="button" className="promo-edit" ref={editButton} onClick={open}>
          {texts.editTitle}
        </button>
      ) : null}
      {error ? (
        <p className="promo-field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
