import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Progress,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  Upload,
} from "antd";
import { useState } from "react";
import { MANUFACTURER_APPS, type ManufacturerApp } from "../../../core/manufacturer-apps.ts";
import type { ImportResult, MakeModel } from "../../../schemas/index.ts";
import { fieldErrorsOf } from "../account/logic.ts";
import { type ApiFailure, api, notify } from "../api.ts";
import { rows } from "./logic.ts";
import { ConfirmButton, fetchWithToken, saveBlob, today, uploadWithProgress } from "./ui.tsx";

const TYPES = ["Car", "Truck", "Powersport", "Trailer"];

type Row = MakeModel & { engineType?: string };
interface Kind {
  key: "make-models" | "engine-types";
  title: string;
  singular: string;
  base: string;
  columns: ("make" | "model" | "engineType")[];
  header: string;
}
const kinds: Record<Kind["key"], Kind> = {
  "make-models": {
    key: "make-models",
    title: "Make-models",
    singular: "make-model",
    base: "/admin/make-models",
    columns: ["make", "model"],
    header: "type,make,model",
  },
  "engine-types": {
    key: "engine-types",
    title: "Engine types",
    singular: "engine type",
    base: "/admin/make-models/engine-types",
    columns: ["make", "model", "engineType"],
    header: "type,make,model,engineType",
  },
};
const columnTitle = { make: "Make", model: "Model", engineType: "Engine type" } as const;

/** Make-models, engine types (spec §3, §7: CRUD, bulk, CSV) and the manufacturer app presets. */
export function CatalogsPage() {
  return (
    <section aria-labelledby="admin-catalogs-title">
      <Typography.Title level={1} id="admin-catalogs-title" style={{ fontSize: 22 }}>
        Catalogs
      </Typography.Title>
      <Tabs
        items={[
          { key: "mm", label: "Make-models", children: <CatalogTab kind={kinds["make-models"]} /> },
          { key: "et", label: "Engine types", children: <CatalogTab kind={kinds["engine-types"]} /> },
          { key: "presets", label: "Manufacturer apps", children: <Presets /> },
        ]}
      />
    </section>
  );
}

function CatalogTab({ kind }: { kind: Kind }) {
  const qc = useQueryClient();
  const { modal } = AntApp.useApp();
  const [type, setType] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [bulkType, setBulkType] = useState<string>();
  const list = useQuery({
    queryKey: ["admin", kind.key, type],
    queryFn: () => api<Row[]>(kind.base, { query: { type: type || undefined } }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin", kind.key] });
  const remove = useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await api<boolean>(`${kind.base}/${id}`, { method: "DELETE" });
      return ids.length;
    },
    onSuccess: (n) => {
      notify("success", `${rows(n)} deleted`);
      setSelected([]);
      refresh();
    },
    onSettled: refresh,
  });
  const retype = useMutation({
    mutationFn: async ({ ids, to }: { ids: string[]; to: string }) => {
      const items = (list.data ?? []).filter((r) => ids.includes(r.id));
      for (const r of items)
        await api(`${kind.base}/${r.id}`, {
          method: "PUT",
          body: { type: to, make: r.make, model: r.model },
        });
      return items.length;
    },
    onSuccess: (n) => {
      notify("success", `${rows(n)} changed`);
      setSelected([]);
    },
    onSettled: refresh,
  });
  const exportCsv = async () =>
    saveBlob(await fetchWithToken(`${kind.base}/csv`), `${kind.key}-${today()}.csv`);
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Card
        title={kind.title}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => setEditing("new")}>
              Add {kind.singular}
            </Button>
            <Button onClick={exportCsv}>Export CSV</Button>
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="Vehicle type"
            value={type}
            onChange={setType}
            style={{ width: 180 }}
            options={[{ value: "", label: "Every type" }, ...TYPES.map((t) => ({ value: t, label: t }))]}
          />
          {selected.length ? (
            <>
              <span>{rows(selected.length)} selected</span>
              {kind.key === "make-models" ? (
                <>
                  <Select
                    aria-label="New type for the selected rows"
                    placeholder="New type"
                    value={bulkType}
                    onChange={setBulkType}
                    style={{ width: 160 }}
                    options={TYPES.map((t) => ({ value: t, label: t }))}
                  />
                  <Button
                    disabled={!bulkType}
                    loading={retype.isPending}
                    onClick={() =>
                      modal.confirm({
                        title: `Change the type of ${rows(selected.length)} to ${bulkType}?`,
                        okText: "Change",
                        cancelText: "Cancel",
                        onOk: () =>
                          retype.mutateAsync({ ids: selected, to: bulkType! }).catch(() => undefined),
                      })
                    }
                  >
                    Change type
                  </Button>
                </>
              ) : null}
              <ConfirmButton
                danger
                title={`Delete ${rows(selected.length)}? Vehicle forms stop offering them.`}
                okText="Delete"
                loading={remove.isPending}
                onConfirm={() => remove.mutate(selected)}
              >
                Delete selected
              </ConfirmButton>
            </>
          ) : null}
        </Space>
        {list.isLoading ? <Skeleton active /> : null}
        {list.error ? <Alert type="error" showIcon title={(list.error as Error).message} /> : null}
        {list.data && list.data.length === 0 ? (
          <Empty
            description={`No ${kind.title.toLowerCase()}${type ? ` of type ${type}` : ""} yet: add one, add many, or import a CSV.`}
          />
        ) : null}
        {list.data?.length ? (
          <Table<Row>
            rowKey="id"
            size="small"
            dataSource={list.data}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as string[]),
              getCheckboxProps: (r) => ({
                "aria-label": `Select ${r.make} ${r.model}${r.engineType ? ` ${r.engineType}` : ""}`,
              }),
            }}
            columns={[
              { title: "Type", dataIndex: "type", render: (t: string) => <Tag>{t}</Tag> },
              ...kind.columns.map((c) => ({ title: columnTitle[c], dataIndex: c })),
              {
                title: "Actions",
                key: "actions",
                render: (_: unknown, r: Row) => {
                  const label = [r.make, r.model, r.engineType].filter(Boolean).join(" ");
                  return (
                    <Space>
                      {kind.key === "make-models" ? (
                        <Button size="small" onClick={() => setEditing(r)}>
                          Edit {label}
                        </Button>
                      ) : null}
                      <ConfirmButton
                        danger
                        title={`Delete ${label}?`}
                        okText="Delete"
                        onConfirm={() => remove.mutate([r.id])}
                      >
                        Delete {label}
                      </ConfirmButton>
                    </Space>
                  );
                },
              },
            ]}
          />
        ) : null}
      </Card>
      <CsvImport kind={kind} onDone={refresh} />
      <AddMany kind={kind} onDone={refresh} />
      {editing ? (
        <EditModal
          kind={kind}
          row={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onDone={refresh}
        />
      ) : null}
    </Space>
  );
}

function EditModal({
  kind,
  row,
  onClose,
  onDone,
}: {
  kind: Kind;
  row: Row | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Row>();
  const fields = ["type", ...kind.columns] as string[];
  const save = useMutation({
    mutationFn: async (v: Row) => {
      const body = Object.fromEntries(
        fields.map((f) => [f, String((v as never)[f] ?? "").trim() || undefined]),
      );
      if (kind.key === "make-models")
        return api(row ? `${kind.base}/${row.id}` : kind.base, {
          method: row ? "PUT" : "POST",
          body,
          silent: true,
        });
      // Engine types are added through the bulk call: its one row's error names the field.
      const result = await api<ImportResult>(`${kind.base}/bulk`, {
        method: "POST",
        body: [body],
        silent: true,
      });
      if (result.errors.length) {
        const [first] = result.errors;
        const field = fields.find((f) => first.message.startsWith(`${f}:`));
        throw Object.assign(new Error(first.message.replace(/^\w+: /, "")), {
          details: field ? [{ path: `/${field}`, message: first.message.replace(/^\w+: /, "") }] : undefined,
        });
      }
      if (!result.created) throw new Error(`This ${kind.singular} is already in the catalog`);
      return result;
    },
    onSuccess: () => {
      notify("success", row ? "Saved" : `${kind.singular[0].toUpperCase()}${kind.singular.slice(1)} added`);
      onDone();
      onClose();
    },
    onError: (e: ApiFailure) => {
      const errs = fieldErrorsOf(e, fields, { MakeModelTaken: "model" });
      if (errs.length) form.setFields(errs as never);
      else notify("danger", e.message);
    },
  });
  return (
    <Modal
      open
      title={row ? `Edit ${row.make} ${row.model}` : `Add ${kind.singular}`}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={row ?? { type: "Car" }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="type" label="Type">
          <Select options={TYPES.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        {kind.columns.map((c) => (
          <Form.Item
            key={c}
            name={c}
            label={columnTitle[c]}
            rules={[{ required: true, whitespace: true, message: "value can't be empty" }]}
          >
            <Input />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** Many rows at once, one per line ("Ford, F-150"), through the bulk call; bad lines are reported. */
function AddMany({ kind, onDone }: { kind: Kind; onDone: () => void }) {
  const [text, setText] = useState("");
  const [type, setType] = useState("Car");
  const [result, setResult] = useState<ImportResult | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const items = text
        .split(/\r?\n/)
        .filter((l) => l.trim())
        .map((l) => {
          const parts = l.split(",").map((p) => p.trim());
          return Object.fromEntries([["type", type], ...kind.columns.map((c, i) => [c, parts[i] ?? ""])]);
        });
      return api<ImportResult>(`${kind.base}/bulk`, { method: "POST", body: items });
    },
    onSuccess: (r) => {
      setResult(r);
      if (!r.errors.length) setText("");
      onDone();
    },
  });
  const id = `add-many-${kind.key}`;
  return (
    <Card title={`Add many ${kind.title.toLowerCase()}`}>
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Select
          aria-label="Type of the rows"
          value={type}
          onChange={setType}
          style={{ width: 180 }}
          options={TYPES.map((t) => ({ value: t, label: t }))}
        />
        <label htmlFor={id}>One per line: {kind.columns.map((c) => columnTitle[c]).join(", ")}</label>
        <Input.TextArea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
        />
        <Button onClick={() => send.mutate()} disabled={!text.trim()} loading={send.isPending}>
          Add rows
        </Button>
        {result ? <ResultView result={result} applied /> : null}
      </Space>
    </Card>
  );
}

function ResultView({ result, applied }: { result: ImportResult; applied: boolean }) {
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Typography.Text>
        {applied
          ? `${rows(result.created)} added, ${rows(result.unchanged)} already in the catalog.`
          : `${rows(result.created)} would be added, ${rows(result.unchanged)} are already in the catalog.`}
      </Typography.Text>
      {result.errors.length ? (
        <Table
          rowKey={(e) => `${e.row}-${e.message}`}
          size="small"
          pagination={false}
          aria-label="Row errors"
          dataSource={result.errors}
          columns={[
            { title: "Row", dataIndex: "row" },
            { title: "Problem", dataIndex: "message" },
          ]}
        />
      ) : null}
    </Space>
  );
}

type ImportStep =
  | { step: "idle" }
  | { step: "checking"; file: File; progress: number }
  | { step: "preview"; file: File; result: ImportResult }
  | { step: "importing"; file: File; progress: number; result: ImportResult }
  | { step: "done"; result: ImportResult }
  | { step: "failed"; message: string };

/** CSV import: a preview first (nothing applied), then all rows or none, with the upload's progress. */
function CsvImport({ kind, onDone }: { kind: Kind; onDone: () => void }) {
  const [state, setState] = useState<ImportStep>({ step: "idle" });
  const check = async (file: File) => {
    setState({ step: "checking", file, progress: 0 });
    try {
      const result = await uploadWithProgress<ImportResult>(
        `${kind.base}/csv?mode=preview`,
        file,
        file.name,
        (p) => setState({ step: "checking", file, progress: p }),
      );
      setState({ step: "preview", file, result });
    } catch (e) {
      setState({ step: "failed", message: (e as Error).message });
    }
  };
  const apply = async (file: File, preview: ImportResult) => {
    setState({ step: "importing", file, progress: 0, result: preview });
    try {
      const result = await uploadWithProgress<ImportResult>(
        `${kind.base}/csv?mode=all`,
        file,
        file.name,
        (p) => setState({ step: "importing", file, progress: p, result: preview }),
      );
      // Rows can turn bad between the preview and the import (another admin): still all or nothing.
      if (result.applied === false) setState({ step: "preview", file, result });
      else {
        setState({ step: "done", result });
        notify("success", `Imported ${file.name}: ${rows(result.created)} added`);
        onDone();
      }
    } catch (e) {
      setState({ step: "failed", message: (e as Error).message });
    }
  };
  return (
    <Card title={`Import ${kind.title.toLowerCase()} from CSV`}>
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Typography.Text type="secondary">
          Columns: <code>{kind.header}</code>. Every row is checked first; the import applies all rows or
          none.
        </Typography.Text>
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            check(file);
            return false;
          }}
        >
          <Button disabled={state.step === "checking" || state.step === "importing"}>Choose CSV file</Button>
        </Upload>
        {state.step === "checking" || state.step === "importing" ? (
          <div>
            <Typography.Text>
              {state.step === "checking" ? `Checking ${state.file.name}…` : `Importing ${state.file.name}…`}
            </Typography.Text>
            <Progress percent={state.progress} status="active" aria-label="Import progress" />
          </div>
        ) : null}
        {state.step === "preview" ? (
          <>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              Preview of {state.file.name}
            </Typography.Title>
            {state.result.errors.length ? (
              <Alert
                type="error"
                showIcon
                title={`${rows(state.result.errors.length)} cannot be imported. Nothing was imported: fix these rows and choose the file again.`}
              />
            ) : null}
            <ResultView result={state.result} applied={false} />
            {state.result.errors.length === 0 ? (
              <Space>
                <Button type="primary" onClick={() => apply(state.file, state.result)}>
                  Import {rows(state.result.created + state.result.unchanged)}
                </Button>
                <Button onClick={() => setState({ step: "idle" })}>Cancel</Button>
              </Space>
            ) : null}
          </>
        ) : null}
        {state.step === "done" ? (
          <Alert
            type="success"
            showIcon
            title={`Imported: ${rows(state.result.created)} added, ${rows(state.result.unchanged)} already in the catalog.`}
          />
        ) : null}
        {state.step === "failed" ? <Alert type="error" showIcon title={state.message} /> : null}
      </Space>
    </Card>
  );
}

function Presets() {
  return (
    <Card title="Manufacturer apps">
      <Typography.Paragraph type="secondary">
        The manufacturer apps a "manufacturer app" feature can offer, as the product ships them; a feature
        names them by id.
      </Typography.Paragraph>
      <Table<ManufacturerApp>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...MANUFACTURER_APPS]}
        columns={[
          { title: "Id", dataIndex: "id" },
          { title: "Title", dataIndex: "title" },
          { title: "App name", dataIndex: "appName" },
          { title: "Android package", dataIndex: "androidPackage", render: (v) => v ?? "—" },
          { title: "iOS store URL", dataIndex: "iosStoreUrl", render: (v) => v ?? "—" },
          { title: "App id", dataIndex: "appId", render: (v) => v ?? "—" },
          { title: "URL scheme", dataIndex: "urlScheme", render: (v) => v ?? "—" },
          { title: "Brands", dataIndex: "brands", render: (b: string[]) => b.join(", ") },
          { title: "Android", dataIndex: "android", render: (v: boolean) => (v ? "Yes" : "No") },
          { title: "iOS", dataIndex: "ios", render: (v: boolean) => (v ? "Yes" : "No") },
        ]}
      />
    </Card>
  );
}
