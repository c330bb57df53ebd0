import { type VisitorEnv, type VisitorView, visitorView } from "../../../core/integrations.ts";
import { platformOf } from "../../../core/manufacturer-apps.ts";
import { isVisitorMode, useView } from "../context.ts";
import { safeUrl } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { integrationScreenOf } from "./registry.tsx";

/** The visitor rules' inputs from the renderer's context (core/integrations.ts decides). */
export function useVisitorEnv(): VisitorEnv {
  return visitorEnvOf(useView());
}

function visitorEnvOf({ appId, integrations, userAgent }: ReturnType<typeof useView>): VisitorEnv {
  const ua = userAgent ?? (typeof navigator === "undefined" ? "" : navigator.userAgent);
  return {
    appId,
    configs: integrations,
    platform: platformOf(ua),
    filled: (meta) => integrationScreenOf(meta) !== undefined,
    safe: safeUrl,
  };
}

/**
 * What the visitor gets from a feature (core/integrations.ts), or undefined in the builder's preview, which
 * draws every feature with its preview states. The environment is only read for a visitor: the preview
 * renders every home entry on each keystroke, and reading the platform parses the user agent.
 */
export function useVisitorView(feature: AnyFeature | undefined): VisitorView | undefined {
  const view = useView();
  if (!feature || !isVisitorMode(view.mode)) return undefined;
  return visitorView(feature, visitorEnvOf(view));
}
