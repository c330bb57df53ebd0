import { useMemo } from "react";
import { useDraftSelector, useWorkspace } from "../draft/context.tsx";
import type { FormContext } from "./types.ts";

const noFeatures: FormContext["features"] = [];

/** The form context of the current workspace; stable while features and app do not change. */
export function useFormContext(currentFeatureId?: string): FormContext {
  const { saved } = useWorkspace();
  const features = useDraftSelector((d) => (d.features as FormContext["features"] | undefined) ?? noFeatures);
  return useMemo(
    () => ({
      features,
      currentFeatureId,
      locations: saved?.locations ?? [],
      domainType: saved?.domainType,
    }),
    [features, currentFeatureId, saved],
  );
}
