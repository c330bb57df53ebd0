import { Alert, Button, Space } from "antd";
import { useEffect, useState } from "react";
import { useWorkspace } from "./context.tsx";
import { DraftKeeper, type KeptDraft } from "./DraftKeeper.ts";

const time = (at: number) =>
  new Date(at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Nothing lost (issue 19): keeps the workspace's unsaved draft in IndexedDB, offers it back when the app is
 * opened again after a reload or a crash, and asks before the page is left with unsaved changes.
 */
export function DraftRecovery() {
  const { store, appId, saved } = useWorkspace();
  const [keeper] = useState(
    () => new DraftKeeper(store, appId, saved?.definition ?? store.definition, saved?.version),
  );
  const [kept, setKept] = useState<KeptDraft | null>(null);

  useEffect(() => {
    let live = true;
    void keeper.offer().then((k) => live && setKept(k));
    const stop = keeper.start();
    return () => {
      live = false;
      stop();
    };
  }, [keeper]);

  // A save (a new version) is the new baseline: nothing to keep. The app as loaded is already the baseline.
  const [loaded] = useState(saved);
  useEffect(() => {
    if (saved && saved !== loaded) void keeper.saved(saved.definition, saved.version);
  }, [keeper, saved, loaded]);

  useEffect(() => {
    const onLeave = (e: BeforeUnloadEvent) => {
      if (!keeper.dirty) return;
      void keeper.flush();
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [keeper]);

  if (!kept) return null;
  return (
    <Alert
      className="draft-recovery"
      type="info"
      showIcon
      title={`You have unsaved changes from ${time(kept.at)}.`}
      description="They were kept in this browser when the page closed. Restore them to continue where you left off."
      action={
        <Space>
          <Button
            type="primary"
            onClick={() => {
              keeper.restore(kept);
              setKept(null);
            }}
          >
            Restore changes
          </Button>
          <Button
            onClick={() => {
              void keeper.discard();
              setKept(null);
            }}
          >
            Discard
          </Button>
        </Space>
      }
    />
  );
}
