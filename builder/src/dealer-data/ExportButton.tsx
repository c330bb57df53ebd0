import { Button } from "antd";
import { useState } from "react";
import type { DealerKind } from "../../../schemas/index.ts";
import { useWorkspace } from "../draft/context.tsx";
import { downloadWithToken } from "../leads/download.ts";
import { csvFileName } from "../leads/logic.ts";
import { KIND_LABEL } from "./logic.ts";

/**
 * Export CSV on a dealer-data page: every record of the kind, in the import's columns (so the file can be
 * edited and imported back), downloaded with the caller's token; the server escapes formula cells and
 * streams the file. With a BOM, so spreadsheets read accents as typed.
 */
export function ExportButton({ appId, kind }: { appId: string; kind: DealerKind }) {
  const { saved } = useWorkspace();
  const appName = String(saved?.definition?.name ?? "app");
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadWithToken(
            `/apps/${appId}/dealer-data/${kind}/csv?bom=true`,
            csvFileName(appName, KIND_LABEL[kind], new Date()),
          );
        } catch {
          /* notified */
        } finally {
          setBusy(false);
        }
      }}
    >
      Export CSV
    </Button>
  );
}
