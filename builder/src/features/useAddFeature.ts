import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { newFeature } from "../../../core/index.ts";
import { useWorkspace } from "../draft/context.tsx";
import { type DraftFeature, featureEditorPath } from "./featureRoutes.ts";

/** Adds a feature of a type to the draft (a new UUID, the type's defaults) and opens its editor. */
export function useAddFeature() {
  const { store, appId } = useWorkspace();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (typeOrFeature: string | DraftFeature) => {
      const feature =
        typeof typeOrFeature === "string" ? (newFeature(typeOrFeature) as DraftFeature) : typeOrFeature;
      store.edit((d) => ({
        ...d,
        features: [...((d.features ?? []) as DraftFeature[]), feature] as typeof d.features,
      }));
      navigate(featureEditorPath(appId, feature, search));
    },
    [store, appId, navigate, search],
  );
}
