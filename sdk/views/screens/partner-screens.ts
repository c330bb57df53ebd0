import { useEffect, useState } from "react";
import { screenOf } from "./registry.tsx";

/**
 * Partner screens (issue 20) load only for an app that uses a partner's type: this hook, the one part of
 * the feature in the widget's first view, finds feature types without a screen and only then imports the
 * loader (partner-load.tsx), which asks the server for the partner screens and registers them. An app
 * without partner features loads nothing more. `base` is the API's origin ("" on the server's own pages).
 */
export function usePartnerScreens(features: readonly { type: string }[] | undefined, base: string): void {
  const [, rendered] = useState(0);
  const missing = [...new Set((features ?? []).map((f) => f.type))]
    .filter((type) => type !== "PopUp" && !screenOf(type))
    .sort()
    .join();
  useEffect(() => {
    if (!missing) return;
    let live = true;
    import("./partner-load.tsx")
      .then((m) => m.registerPartnerScreens(missing.split(","), base))
      .then((added) => {
        // The entries and the open screen read the registry when they render: render again.
        if (live && added) rendered((n) => n + 1);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [missing, base]);
}
