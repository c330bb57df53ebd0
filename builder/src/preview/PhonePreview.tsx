import { Segmented } from "antd";
import { memo, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { AppDefinition } from "../../../schemas/index.ts";
import { AppView, type ViewMode, viewStyles } from "../../../sdk/views/index.ts";
import { usePartnerScreens } from "../../../sdk/views/screens/partner-screens.ts";
import { PreviewBoundary } from "./PreviewBoundary.tsx";

export interface PreviewProps {
  definition: AppDefinition;
  appId?: string;
  /** The feature of `?id=`, opened in the preview. */
  featureId?: string;
  onBack(): void;
  onAddMissing(item: "name" | "logo" | "cover"): void;
}

const MODES: { label: string; value: ViewMode }[] = [
  { label: "App", value: "preview" },
  { label: "Promo", value: "promo" },
  { label: "Header", value: "header" },
];

/**
 * The live preview: the widget's own views rendering the unsaved draft, inside a shadow root (as in the
 * widget) so the console's styles cannot change what end users will see.
 */
export const PhonePreview = memo(function PhonePreview(props: PreviewProps) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const [mode, setMode] = useState<ViewMode>("preview");
  // A partner's feature (issue 20) draws with its package's screen, loaded when the draft uses its type.
  usePartnerScreens(props.definition.features, "");
  useLayoutEffect(() => {
    if (host.current) setRoot(host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" }));
  }, []);
  const view = (
    <AppView
      definition={props.definition}
      appId={props.appId}
      featureId={props.featureId}
      mode={mode}
      onBack={props.onBack}
      onAddMissing={props.onAddMissing}
    />
  );
  return (
    <section className="preview" aria-label="Preview">
      <ModeSwitch mode={mode} onChange={setMode} />
      {/* Promo mode shows the same app without the phone frame (spec §2). */}
      <div className={mode === "promo" ? "phone phone-frameless" : "phone"}>
        <div className="phone-screen" ref={host} data-testid="phone-preview">
          {root
            ? createPortal(
                <>
                  <style>{viewStyles}</style>
                  <PreviewBoundary resetKey={props.definition}>{view}</PreviewBoundary>
                </>,
                root,
              )
            : null}
        </div>
      </div>
    </section>
  );
});

/** The preview's mode switch, memoized so typing (a new definition each keystroke) does not re-render antd's Segmented. */
const ModeSwitch = memo(function ModeSwitch({
  mode,
  onChange,
}: {
  mode: ViewMode;
  onChange(mode: ViewMode): void;
}) {
  return (
    <Segmented
      block
      size="small"
      options={MODES}
      value={mode}
      onChange={(v) => onChange(v as ViewMode)}
      aria-label="Preview mode"
    />
  );
});
