import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { type SavedApp, type SaveRequest, saveAppMachine } from "../../../machines/save-app.ts";
import { type App, AppDefinition, validate } from "../../../schemas/index.ts";
import { api, notify } from "../api.ts";
import type { Workspace } from "../draft/context.tsx";
import { type DraftFeature, featureEditorPath } from "../features/featureRoutes.ts";
import { describeError, type LocatedError, pointerMessage } from "./describeError.ts";

/** Ids created in this tab, so the workspace keeps its draft and history when "new" becomes the id. */
export const createdFrom = new Map<string, string>();

const saveCall = fromPromise<SavedApp, SaveRequest>(async ({ input }) => {
  // The save machine decides what a failure means (409 conflict); the notice for others is its job too.
  const opts = { silent: true } as const;
  if (!input.appId)
    return api<App>("/apps", {
      ...opts,
      method: "POST",
      body: { ...(input.slug ? { slug: input.slug } : {}), definition: input.definition },
    });
  return api<App>(`/apps/${input.appId}`, {
    ...opts,
    method: "PUT",
    body: { version: input.version, slug: input.slug, definition: input.definition },
  });
});

/** Save App for one workspace: the save machine wired to the API, the draft and the router. */
export function useSaveApp(w: Workspace, onSaved: (app: App) => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const ref = useActorRef(saveAppMachine.provide({ actors: { save: saveCall } }), {
    input: { appId: w.saved?.appId, version: w.saved?.version, slug: w.saved?.slug },
  });
  const saving = useSelector(ref, (s) => s.matches("saving"));
  const theirs = useSelector(ref, (s) => s.context.theirs);
  // The subscription below lives as long as the actor; it reaches the latest openField through this ref.
  const openFieldRef = useRef<(located: LocatedError) => void>(() => {});

  useEffect(() => {
    const subs = [
      ref.on("save.done", ({ app, created, message }) => {
        notify("success", message);
        const saved = app as App;
        qc.setQueryData(["app", saved.appId], saved);
        qc.invalidateQueries({ queryKey: ["apps"] });
        w.slug.set(saved.slug);
        onSaved(saved);
        if (created) {
          createdFrom.set(saved.appId, w.appId);
          // spec §2: after creating an app, the app id segment is replaced with the new id.
          navigate(
            {
              pathname: location.pathname.replace(/^\/apps\/[^/]+/, `/apps/${saved.appId}`),
              search: location.search,
            },
            { replace: true },
          );
        }
      }),
      ref.on("save.failed", ({ message }) => {
        // A server message naming a field ('/features/5/code: ...') is said in words and leads to the field.
        const pointer = pointerMessage(message);
        if (!pointer) return notify("danger", message);
        const located = describeError(w.store.definition, pointer, AppDefinition);
        w.store.markSubmitted();
        notify("danger", located.text);
        openFieldRef.current(located);
      }),
      ref.on("conflict.reloaded", ({ app }) => {
        // Theirs becomes the draft as one more step: mine stays one undo away, never dropped.
        w.store.edit(app.definition as App["definition"]);
        w.slug.set(app.slug);
        onSaved(app as App);
      }),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
    };
  }, [ref, w, qc, navigate, location.pathname, location.search, onSaved]);

  /** Opens the editor of the feature an error is in, at the field (FeatureEditorPage focuses `field`). */
  openFieldRef.current = openField;
  function openField(located: LocatedError) {
    if (!located.featureId) return;
    const feature = ((w.store.definition.features ?? []) as DraftFeature[]).find(
      (f) => f.id === located.featureId,
    );
    if (!feature) return;
    const params = new URLSearchParams(location.search);
    params.delete("id");
    params.set("field", located.field);
    navigate(featureEditorPath(w.appId, feature, params.toString()));
  }

  return {
    saving,
    theirs: theirs as App | null,
    save() {
      const definition = w.store.definition;
      const errors = validate(AppDefinition, structuredClone(definition));
      if (errors.length) {
        w.store.markSubmitted();
        // issue 19: the feature and the field in words, and the editor opened at it.
        const located = describeError(definition as Record<string, unknown>, errors[0], AppDefinition);
        const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
        notify("warning", `${located.text}${more}`);
        openField(located);
        return;
      }
      ref.send({ type: "save.request", definition, slug: w.slug.get() || undefined });
    },
    keepMine: () => ref.send({ type: "conflict.keepMine", definition: w.store.definition }),
    reloadTheirs: () => ref.send({ type: "conflict.reloadTheirs" }),
  };
}
