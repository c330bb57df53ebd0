import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Modal, Progress, Select, Space, Table, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { type DealerKind, dealerCsvFields } from "../../../schemas/index.ts";
import { toFailure } from "../api.ts";
import { rowErrorRows, taskFinished, taskPercent } from "../staff/logic.ts";
import {
  type CsvPreview,
  doubleMapped,
  KIND_LABEL,
  missingRequired,
  PREVIEW_ROWS,
  previewCsv,
} from "./logic.ts";
import { dealerKey, startDealerImport, useDealerTask } from "./queries.ts";

interface Props {
  appId: string;
  kind: DealerKind;
  open: boolean;
  onClose(): void;
}

/**
 * CSV import of one kind: choose a file, map its columns (guessed from the headers), check the first rows,
 * then send it as a task whose progress the bar follows. A file with a bad row changes nothing and lists each
 * bad row, so the user fixes the file and imports it again.
 */
export function ImportModal({ appId, kind, open, onClose }: Props) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [taskId, setTaskId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const task = useDealerTask(appId, taskId);
  const t = task.data;
  const finished = taskFinished(t);
  const label = KIND_LABEL[kind].toLowerCase();

  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: dealerKey(appId) });
  }, [finished, qc, appId]);

  const choose = async (f: File | undefined) => {
    if (!f) return;
    setFailure(null);
    setTaskId(null);
    setFile(f);
    try {
      const p = previewCsv(kind, await f.slice(0, 256 * 1024).text());
      if (!p.headers.length) throw new Error("The CSV file is empty");
      setPreview(p);
      setMapping(p.mapping);
    } catch (e) {
      setPreview(null);
      setFailure((e as Error).message);
    } finally {
      if (input.current) input.current.value = "";
    }
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    setFailure(null);
    try {
      setTaskId(await startDealerImport(appId, kind, file, mapping));
    } catch (e) {
      setFailure(toFailure(e).message || (e as Error).message);
    } finally {
      setSending(false);
    }
  };

  const close = () => {
    setTaskId(null);
    setFile(null);
    setPreview(null);
    setFailure(null);
    onClose();
  };

  const missing = missingRequired(kind, mapping);
  const twice = doubleMapped(mapping);
  const running = sending || (Boolean(taskId) && !finished);
  const fields = dealerCsvFields[kind];
  return (
    <Modal
      title={`Import ${label} from CSV`}
      open={open}
      onCancel={close}
      destroyOnHidden
      width={860}
      footer={
        <Space>
          <Button onClick={close} disabled={running}>
            {finished ? "Done" : "Close"}
          </Button>
          {!taskId ? (
            <Button
              type="primary"
              onClick={() => void send()}
              loading={sending}
              disabled={!preview || missing.length > 0 || twice.length > 0}
            >
              Import
            </Button>
          ) : null}
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          The first row names the columns; commas, semicolons, tabs and bars all work. Records are matched by{" "}
          {fields.find((f) => f.required)?.header}: importing the same file again changes nothing. If any row
          is invalid, nothing is imported: fix the rows listed and import the file again.
        </Typography.Paragraph>
        <div>
          <input
            ref={input}
            id="dealer-csv-file"
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            tabIndex={-1}
            className="visually-hidden"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button onClick={() => input.current?.click()} disabled={running}>
            Choose CSV file
          </Button>
          {file ? <Typography.Text style={{ marginLeft: 12 }}>{file.name}</Typography.Text> : null}
        </div>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        {preview && !taskId ? (
          <>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              Columns
            </Typography.Title>
            <Table
              aria-label="Column mapping"
              size="small"
              pagination={false}
              rowKey="header"
              dataSource={preview.headers.map((header, i) => ({
                header,
                sample: preview.rows.map((r) => r[i] ?? "").find(Boolean) ?? "",
              }))}
              columns={[
                { key: "header", dataIndex: "header", title: "CSV column" },
                { key: "sample", dataIndex: "sample", title: "Example", ellipsis: true },
                {
                  key: "field",
                  title: "Imports as",
                  render: (_: unknown, row: { header: string }) => (
                    <Select
                      aria-label={`Field for ${row.header}`}
                      style={{ width: 220 }}
                      showSearch={{ optionFilterProp: "label" }}
                      value={mapping[row.header] ?? ""}
                      status={twice.includes(row.header) ? "error" : undefined}
                      onChange={(v: string) => setMapping((m) => ({ ...m, [row.header]: v }))}
                      options={[
                        { value: "", label: "Skip this column" },
                        ...fields.map((f) => ({
                          value: f.field,
                          label: f.required ? `${f.header} (required)` : f.header,
                        })),
                      ]}
                    />
                  ),
                },
              ]}
            />
            {missing.length ? (
              <Alert
                type="warning"
                showIcon
                title={`Choose a column for ${missing.map((f) => f.header).join(", ")}`}
              />
            ) : null}
            {twice.length ? (
              <Alert
                type="warning"
                showIcon
                title={`Two columns import as the same field: ${twice.join(", ")}`}
              />
            ) : null}
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              First {Math.min(PREVIEW_ROWS, preview.rows.length)} of {preview.total} rows
            </Typography.Title>
            <Table
              aria-label="Preview"
              size="small"
              pagination={false}
              scroll={{ x: true }}
              rowKey={(_, i) => String(i)}
              dataSource={preview.rows.map((r) =>
                Object.fromEntries(preview.headers.map((h, i) => [h, r[i] ?? ""])),
              )}
              columns={preview.headers.map((h) => ({ key: h, dataIndex: h, title: h, ellipsis: true }))}
            />
          </>
        ) : null}
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
            {t?.status === "done" ? <Alert type="success" showIcon title={t.message ?? "Imported"} /> : null}
            {t?.status === "failed" ? (
              <Alert type="error" showIcon title={t.message ?? "The import failed; nothing was imported"} />
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
              { key: "field", dataIndex: "field", title: "Field", width: 140 },
              { key: "message", dataIndex: "message", title: "Problem" },
            ]}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
