import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Typography,
} from "antd";
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { api, notify } from "../api.ts";
import { counted } from "../counted.ts";
import { readableLabels } from "../customers/ui.ts";
import { useDebounced } from "../customers/useDebounced.ts";
import { useWorkspace } from "../draft/context.tsx";
import { formatDateTime } from "../offers/logic.ts";
import { downloadWithToken } from "./download.ts";
import {
  contextEntries,
  csvFileName,
  exportQuery,
  type FormDataRow,
  formColumns,
  type LeadRow,
  leadContact,
  leadOrigin,
  valueText,
} from "./logic.ts";

interface Paged<T> {
  items: T[];
  total: number;
}
interface FormDataPage extends Paged<FormDataRow> {
  forms: { featureId: string; title: string; count: number }[];
}

/** Leads and form submissions of the app: lists, detail, delete after a confirmation, CSV exports. */
export function LeadsPage() {
  const { appId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "forms" ? "forms" : "leads";
  return (
    <section className="leads-page" aria-labelledby="leads-title">
      <Typography.Title level={1} id="leads-title" style={{ fontSize: 22 }}>
        Leads
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === "forms" ? { tab: "forms" } : {}, { replace: true })}
        items={[
          { key: "leads", label: "Leads", children: <LeadsTab appId={appId} /> },
          { key: "forms", label: "Form data", children: <FormDataTab appId={appId} /> },
        ]}
      />
    </section>
  );
}

function useAppName() {
  const { saved } = useWorkspace();
  return String(saved?.definition?.name ?? "app");
}

/** The field names of the app's form feature `featureId`, in the form's order. */
function useFormFields(featureId: string | undefined): string[] {
  const { saved } = useWorkspace();
  const features = (saved?.definition?.features ?? []) as { id?: string; fields?: { name?: string }[] }[];
  const form = features.find((f) => f.id === featureId);
  return (form?.fields ?? []).map((f) => f.name ?? "").filter(Boolean);
}

function Export({
  path,
  fileName,
  label = "Export CSV",
}: {
  path: string;
  fileName: () => string;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadWithToken(path, fileName());
        } catch {
          /* notified */
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

function LeadsTab({ appId }: { appId: string }) {
  const appName = useAppName();
  const qc = useQueryClient();
  const [q, setQ] = useState("");
  const term = useDebounced(q.trim(), 300);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState({ current: 1, size: 50 });
  const [open, setOpen] = useState<LeadRow | null>(null);
  const query = {
    skip: (page.current - 1) * page.size,
    take: page.size,
    ...(term ? { q: term } : {}),
    ...(range?.[0] ? { from: range[0].startOf("day").toISOString() } : {}),
    ...(range?.[1] ? { to: range[1].endOf("day").toISOString() } : {}),
  };
  const list = useQuery({
    queryKey: ["leads", appId, query],
    queryFn: () => api<Paged<LeadRow>>(`/apps/${appId}/leads`, { query, silent: true }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/leads/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      notify("success", "Lead deleted");
      setOpen(null);
      qc.invalidateQueries({ queryKey: ["leads", appId] });
    },
  });
  const deleteButton = (lead: LeadRow) => (
    <Popconfirm
      title={`Delete the lead from ${lead.name || leadContact(lead) || "this customer"}?`}
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() => remove.mutateAsync(lead.id).catch(() => {})}
    >
      <Button danger size="small" aria-label={`Delete lead ${lead.name || lead.id}`}>
        Delete
      </Button>
    </Popconfirm>
  );
  const filtered = Boolean(term || range?.[0] || range?.[1]);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Search leads"
          placeholder="Name, e-mail or phone"
          allowClear
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ width: 260 }}
        />
        <DatePicker.RangePicker
          aria-label="Dates"
          value={range}
          onChange={(v) => {
            setRange(v as [Dayjs | null, Dayjs | null] | null);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        {/* The export holds what the list shows: the same search and dates. */}
        <Export
          path={`/apps/${appId}/leads/csv${exportQuery(query)}`}
          fileName={() => csvFileName(appName, "leads", new Date())}
          label={filtered ? "Export these leads" : "Export CSV"}
        />
      </Space>
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={(list.error as Error).message}
          action={
            <Button size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        />
      ) : list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} className="leads-loading" />
      ) : (
        <Table<LeadRow>
          className="leads-table"
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          locale={{
            emptyText: filtered
              ? "No leads match this search"
              : "No leads yet: forms and offers customers send from the app appear here",
          }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => counted(t, "lead", "leads"),
          }}
          onChange={(p) => setPage({ current: p.current ?? 1, size: p.pageSize ?? 50 })}
          onRow={(r) => ({ onDoubleClick: () => setOpen(r) })}
          columns={[
            { key: "date", title: "Date", render: (_v, r) => formatDateTime(r.createdAt) },
            { key: "origin", title: "Offer or form", render: (_v, r) => leadOrigin(r) },
            {
              key: "name",
              title: "Name",
              render: (_v, r) =>
                r.userId ? (
                  <Link to={`/apps/${appId}/customers/${r.userId}`}>{r.name || "Customer"}</Link>
                ) : (
                  r.name
                ),
            },
            { key: "contact", title: "Contact", render: (_v, r) => leadContact(r) },
            {
              key: "actions",
              title: "",
              render: (_v, r) => (
                <Space>
                  <Button size="small" onClick={() => setOpen(r)} aria-label={`Open lead ${r.name || r.id}`}>
                    Open
                  </Button>
                  {deleteButton(r)}
                </Space>
              ),
            },
          ]}
        />
      )}
      <Drawer
        title="Lead"
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        size={520}
        extra={open ? deleteButton(open) : null}
      >
        {open ? (
          <Descriptions column={1} bordered size="small" styles={readableLabels}>
            <Descriptions.Item label="Date">{formatDateTime(open.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Offer or form">{leadOrigin(open) || "—"}</Descriptions.Item>
            <Descriptions.Item label="Source">{open.source || "—"}</Descriptions.Item>
            <Descriptions.Item label="Name">{open.name || "—"}</Descriptions.Item>
            <Descriptions.Item label="E-mail">{open.email || "—"}</Descriptions.Item>
            <Descriptions.Item label="Phone">{open.phone || "—"}</Descriptions.Item>
            <Descriptions.Item label="Comments">{open.comments || "—"}</Descriptions.Item>
            {Object.entries(open.values ?? {}).map(([k, v]) => (
              <Descriptions.Item key={k} label={k}>
                {valueText(v)}
              </Descriptions.Item>
            ))}
            {contextEntries(open.context).map(([label, text]) => (
              <Descriptions.Item key={`context:${label}`} label={label}>
                {text}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : null}
      </Drawer>
    </>
  );
}

function FormDataTab({ appId }: { appId: string }) {
  const appName = useAppName();
  const qc = useQueryClient();
  const [featureId, setFeatureId] = useState<string | undefined>();
  const [page, setPage] = useState({ current: 1, size: 50 });
  const [open, setOpen] = useState<FormDataRow | null>(null);
  const query = {
    skip: (page.current - 1) * page.size,
    take: page.size,
    ...(featureId ? { featureId } : {}),
  };
  const list = useQuery({
    queryKey: ["form-data", appId, query],
    queryFn: () => api<FormDataPage>(`/apps/${appId}/form-data`, { query, silent: true }),
    placeholderData: keepPreviousData,
  });
  const forms = list.data?.forms ?? [];
  // A form is always chosen once the forms are known: its fields are the table's columns.
  const current = featureId ?? forms[0]?.featureId;
  useEffect(() => {
    if (!featureId && current) setFeatureId(current);
  }, [featureId, current]);
  const remove = useMutation({
    mutationFn: (id: string) => api<true>(`/apps/${appId}/form-data/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      notify("success", "Submission deleted");
      setOpen(null);
      qc.invalidateQueries({ queryKey: ["form-data", appId] });
    },
  });
  const rows = featureId ? (list.data?.items ?? []) : [];
  const fieldOrder = useFormFields(current);
  const columns = formColumns(rows, fieldOrder);
  const formTitle = forms.find((f) => f.featureId === current)?.title ?? "form";
  const deleteButton = (r: FormDataRow) => (
    <Popconfirm
      title="Delete this submission?"
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() => remove.mutateAsync(r.id).catch(() => {})}
    >
      <Button danger size="small" aria-label={`Delete submission of ${formatDateTime(r.createdAt)}`}>
        Delete
      </Button>
    </Popconfirm>
  );
  if (list.error)
    return (
      <Alert
        type="error"
        showIcon
        title={(list.error as Error).message}
        action={
          <Button size="small" onClick={() => list.refetch()}>
            Retry
          </Button>
        }
      />
    );
  if (list.isLoading) return <Skeleton active paragraph={{ rows: 6 }} className="form-data-loading" />;
  if (list.data && !forms.length)
    return <Empty description="No form data yet: submissions of the app's custom forms appear here" />;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="Form"
          style={{ minWidth: 260 }}
          loading={list.isLoading}
          value={current}
          onChange={(v) => {
            setFeatureId(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={forms.map((f) => ({ value: f.featureId, label: `${f.title} (${f.count})` }))}
        />
        {current ? (
          <Export
            path={`/apps/${appId}/form-data/csv?featureId=${encodeURIComponent(current)}`}
            fileName={() => csvFileName(appName, formTitle, new Date())}
          />
        ) : null}
      </Space>
      <Table<FormDataRow>
        className="form-data-table"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        scroll={{ x: true }}
        locale={{ emptyText: "No submissions of this form yet" }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: featureId ? (list.data?.total ?? 0) : 0,
          showSizeChanger: true,
          showTotal: (t) => counted(t, "submission", "submissions"),
        }}
        onChange={(p) => setPage({ current: p.current ?? 1, size: p.pageSize ?? 50 })}
        columns={[
          { key: "date", title: "Date", render: (_v, r) => formatDateTime(r.createdAt) },
          ...columns.map((c) => ({
            key: `f:${c}`,
            title: c,
            ellipsis: true,
            render: (_v: unknown, r: FormDataRow) => valueText(r.values?.[c]),
          })),
          {
            key: "actions",
            title: "",
            render: (_v, r) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => setOpen(r)}
                  aria-label={`Open submission of ${formatDateTime(r.createdAt)}`}
                >
                  Open
                </Button>
                {deleteButton(r)}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        title={formTitle}
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        size={520}
        extra={open ? deleteButton(open) : null}
      >
        {open ? (
          <Descriptions column={1} bordered size="small" styles={readableLabels}>
            <Descriptions.Item label="Date">{formatDateTime(open.createdAt)}</Descriptions.Item>
            {open.userId ? (
              <Descriptions.Item label="Customer">
                <Link to={`/apps/${appId}/customers/${open.userId}`}>Open customer</Link>
              </Descriptions.Item>
            ) : null}
            {formColumns([open], fieldOrder).map((k) => (
              <Descriptions.Item key={k} label={k}>
                {valueText(open.values[k])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : null}
      </Drawer>
    </>
  );
}
