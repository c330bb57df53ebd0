import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Modal, Progress, Space, Table, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { toFailure } from "../api.ts";
import { rowErrorRows, taskFinished, taskPercent } from "./logic.ts";
import { staffKey, startImport, useTask } from "./queries.ts";

interface Props {
  appId: string;
  open: boolean;
  onClose(): void;
}

/**
 * CSV import: the file is sent as a task, whose progress the bar follows; a file with bad rows adds
 * nobody and lists each bad row (all or nothing), so the user fixes the file and imports it again.
 */
export function ImportModal({ appId, open, onClose }: Props) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const task = useTask(appId, taskId);
  const t = task.data;
  const finished = taskFinished(t);

  useEffect(() => {
    if (t?.status === "done") void qc.invalidateQueries({ queryKey: staffKey(appId) });
  }, [t?.status, qc, appId]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setTaskId(null);
    setFileName(file.name);
    setSending(true);
    try {
      setTaskId(await startImport(appId, file));
    } catch (e) {
      setFailure(toFailure(e).message || (e as Error).message);
    } finally {
      setSending(false);
      if (input.current) input.current.value = "";
    }
  };

  const close = () => {
    setTaskId(null);
    setFileName(null);
    setFailure(null);
    onClose();
  };

  const running = sending || (Boolean(taskId) && !finished);
  return (
    <Modal
      title="Import staff from CSV"
      open={open}
      onCancel={close}
      destroyOnHidden
      width={680}
      footer={
        <Button type="primary" onClick={close} disabled={running}>
          {finished ? "Done" : "Close"}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          The first row names the columns: Name (required), Title, Department, Email, Phone, Photo (a web
          address) and Locations. Commas, semicolons and tabs all work. If any row is invalid, nobody is
          added: fix the rows listed and import the file again.
        </Typography.Paragraph>
        <div>
          <input
            ref={input}
            id="staff-csv-file"
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            tabIndex={-1}
            className="visually-hidden"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button onClick={() => input.current?.click()} loading={sending} disabled={running}>
            Choose CSV file
          </Button>
          {fileName ? <Typography.Text style={{ marginLeft: 12 }}>{fileName}</Typography.Text> : null}
        </div>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        {taskId ? (
          <div aria-live="polite">
            <Progress
              percent={taskPercent(t)}
              status={t?.status === "failed" ? "exception" : t?.status === "done" ? "success" : "active"}
              aria-label="Import progress"
            />
            {t && !finished ? (
              <Typography.Text type="secondary">
                Checked {t.processed} of {t.total} rows
              </Typography.Text>
            ) : null}
            {task.error ? <Alert type="error" showIcon title={(task.error as Error).message} /> : null}
            {t?.status === "done" ? (
              <Alert type="success" showIcon title={t.message ?? `${t.applied} staff members imported`} />
            ) : null}
            {t?.status === "failed" ? (
              <Alert type="error" showIcon title={t.message ?? "The import failed; nothing was added"} />
            ) : null}
          </div>
        ) : null}
        {t?.status === "failed" && t.errors.length ? (
          <Table
            aria-label="Row errors"
            size="small"
            pagination={t.errors.length > 10 ? { pageSize: 10 } : false}
            dataSource={rowErrorRows(t.errors)}
            columns={[
              { key: "row", dataIndex: "row", title: "Row", width: 70 },
              { key: "field", dataIndex: "field", title: "Field", width: 120 },
              { key: "message", dataIndex: "message", title: "Problem" },
            ]}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
