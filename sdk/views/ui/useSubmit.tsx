import { useState } from "react";
import { useView } from "../context.ts";
import { MessageBox } from "./MessageBox.tsx";

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * Runs a surface callback (form submit, stamp, e-mail) and keeps its outcome: busy while it runs, then a
 * success or an error message box. The error text is the callback's own (the sdk passes the server's
 * message through, spec §8), so nothing is invented here.
 */
export function useSubmit(successTitle: string) {
  const { t } = useView();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = async (fn: () => unknown): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setOutcome(null);
    try {
      await fn();
      setOutcome({ ok: true });
      return true;
    } catch (e) {
      setOutcome({ ok: false, message: e instanceof Error && e.message ? e.message : t("common.error") });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const message = outcome ? (
    <MessageBox
      key={outcome.ok ? "ok" : outcome.message}
      type={outcome.ok ? "success" : "danger"}
      title={outcome.ok ? successTitle : outcome.message}
      dismissLabel={t("common.dismiss")}
      onDismiss={() => setOutcome(null)}
    />
  ) : null;
  return { busy, run, message };
}
